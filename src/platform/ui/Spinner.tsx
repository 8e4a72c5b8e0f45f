import { cn } from './cn';

export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" className={cn('flex flex-col items-center gap-3 text-muted', className)}>
      <span
        aria-hidden="true"
        className="h-10 w-10 animate-spin rounded-full border-4 border-ember-200 border-t-ember-600"
      />
      <span>{label}</span>
    </div>
  );
}
