import type { IconComponent } from '~/platform/ui/icons/icons';
import { cn } from './cn';

const tones = {
  ember: 'bg-ember-100 text-ember-700',
  forest: 'bg-forest-100 text-forest-700',
  amber: 'bg-amber-100 text-amber-800',
  red: 'bg-red-100 text-red-800',
  sky: 'bg-sky-100 text-sky-800',
  ink: 'bg-ink text-white',
  /** The flag's yellow, light: beside ember text. */
  flag: 'bg-amber-flag/20 text-ember-800',
  /** On the dark forest panels. */
  light: 'bg-white/15 text-amber-flag',
} as const;

export type IconTone = keyof typeof tones;

/** Tile and icon sizes: pick one here rather than overriding heights in a class name. */
const sizes = {
  sm: ['h-9 w-9 rounded-lg', 'h-5 w-5'],
  md: ['h-12 w-12 rounded-xl', 'h-6 w-6'],
  lg: ['h-14 w-14 rounded-xl', 'h-7 w-7'],
  xl: ['h-16 w-16 rounded-2xl', 'h-8 w-8'],
  '2xl': ['h-20 w-20 rounded-3xl', 'h-8 w-8'],
} as const;

/** A rounded square holding a decorative icon, in one of the palette's tones. */
export function IconTile({
  icon: Icon,
  tone = 'ember',
  size = 'md',
  className,
}: {
  icon: IconComponent;
  tone?: IconTone;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const [box, glyph] = sizes[size];
  return (
    <span className={cn('grid shrink-0 place-items-center', box, tones[tone], className)}>
      <Icon aria-hidden="true" className={glyph} />
    </span>
  );
}
