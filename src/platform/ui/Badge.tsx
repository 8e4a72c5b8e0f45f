import type { HTMLAttributes } from 'react';
import { cn } from './cn';

const variants = {
  default: 'bg-ember-100 text-ember-800',
  secondary: 'bg-forest-100 text-forest-700',
  destructive: 'bg-red-100 text-red-800',
  outline: 'border border-current text-muted',
  dark: 'bg-black/40 text-white backdrop-blur',
} as const;

export type BadgeVariant = keyof typeof variants;

export function Badge({
  variant = 'default',
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
