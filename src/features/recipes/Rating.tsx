import { Star } from '~/platform/ui/icons/icons';
import { cn } from '~/platform/ui/cn';

/**
 * A 0–5 rating as five stars plus the number. `label` is the full sentence read by screen
 * readers (e.g. "Rating 4.8 out of 5"); the stars themselves are decorative.
 */
export function Rating({
  value,
  valueText,
  label,
  className,
}: {
  value: number;
  /** The number as written in the page's language (4,8 in Lithuanian, 4.8 in English). */
  valueText: string;
  label: string;
  className?: string;
}) {
  return (
    <span className={cn('inline-flex items-center gap-1', className)}>
      <span className="sr-only">{label}</span>
      <span aria-hidden="true" className="inline-flex">
        {[1, 2, 3, 4, 5].map((star) => (
          <Star
            key={star}
            className={cn(
              'h-4 w-4',
              value >= star - 0.25 ? 'fill-amber-flag text-amber-flag' : 'fill-sand text-sand',
            )}
          />
        ))}
      </span>
      <span aria-hidden="true" className="text-sm font-semibold">
        {valueText}
      </span>
    </span>
  );
}
