import type { IconComponent } from '~/platform/ui/icons/icons';
import { cn } from './cn';

const tones = {
  ember: 'bg-ember-100 text-ember-700',
  forest: 'bg-forest-100 text-forest-700',
  amber: 'bg-amber-100 text-amber-800',
  red: 'bg-red-100 text-red-800',
  sky: 'bg-sky-100 text-sky-800',
  ink: 'bg-ink text-white',
} as const;

export type IconTone = keyof typeof tones;

/** A rounded square holding a decorative icon, in one of the palette's tones. */
export function IconTile({
  icon: Icon,
  tone = 'ember',
  size = 'md',
  className,
}: {
  icon: IconComponent;
  tone?: IconTone;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  const box = { sm: 'h-9 w-9 rounded-lg', md: 'h-12 w-12 rounded-xl', lg: 'h-16 w-16 rounded-2xl' }[size];
  const glyph = { sm: 'h-5 w-5', md: 'h-6 w-6', lg: 'h-8 w-8' }[size];
  return (
    <span className={cn('inline-flex shrink-0 items-center justify-center', box, tones[tone], className)}>
      <Icon aria-hidden="true" className={glyph} />
    </span>
  );
}
