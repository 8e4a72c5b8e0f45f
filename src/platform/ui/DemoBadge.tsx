import { FlaskConical } from '~/platform/ui/icons/icons';
import { cn } from './cn';

/**
 * Marks sample data (e.g. placeholder contact details) so nobody mistakes it for real.
 * `label` is the short badge text, `note` the sentence that explains it.
 */
export function DemoBadge({ label, note, className }: { label: string; note?: string; className?: string }) {
  return (
    <p className={cn('flex flex-wrap items-center gap-2 text-sm text-muted', className)}>
      <span className="inline-flex items-center gap-1 rounded-full border border-dashed border-amber-700 bg-amber-50 px-2.5 py-0.5 text-xs font-bold tracking-wide text-amber-800 uppercase">
        <FlaskConical aria-hidden="true" className="h-3.5 w-3.5" />
        {label}
      </span>
      {note ? <span>{note}</span> : null}
    </p>
  );
}
