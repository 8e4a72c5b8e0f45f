import { cn } from './cn';

/**
 * A wait for something the page's scripts fetch. `noScript` says what to do when they do
 * not run: shown instead, since the wait would never end.
 */
export function Spinner({
  label,
  className,
  noScript,
}: {
  label: string;
  className?: string;
  noScript?: string;
}) {
  return (
    <div role="status" className={cn('flex flex-col items-center gap-3 text-muted', className)}>
      {/* By the browser's scripting media feature, like every "needs scripts" note (0030). */}
      {noScript ? (
        <p className="hidden max-w-prose text-center font-medium text-ink noscript:block">{noScript}</p>
      ) : null}
      <span
        aria-hidden="true"
        className={cn(
          'h-10 w-10 animate-spin rounded-full border-4 border-ember-200 border-t-ember-600',
          noScript && 'noscript:hidden',
        )}
      />
      <span className={noScript ? 'noscript:hidden' : undefined}>{label}</span>
    </div>
  );
}
