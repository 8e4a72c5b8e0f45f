import { cn } from './cn';

const sizes = { sm: 'h-9 px-3 text-sm', md: 'h-11 px-5 text-base', lg: 'h-13 px-7 text-lg' } as const;

/**
 * Classes of an outlined, see-through button for dark or coloured backgrounds (heroes,
 * call-to-action bands). Written out in full rather than overriding Button's own
 * background, because two Tailwind background classes on one element do not reliably
 * resolve in the order they are written.
 */
export function onDarkButtonClasses(size: keyof typeof sizes = 'md') {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap cursor-pointer',
    'border-2 border-white/70 text-white transition-colors hover:bg-white/10',
    sizes[size],
  );
}
