import { cloneElement, type ButtonHTMLAttributes, type ReactElement, type Ref } from 'react';
import { cn } from './cn';

const variants = {
  primary: 'bg-ember-600 text-white shadow-sm hover:bg-ember-700 active:bg-ember-800',
  secondary: 'bg-forest-600 text-white shadow-sm hover:bg-forest-700',
  outline: 'border-2 border-ember-600 text-ember-700 bg-white/80 hover:bg-ember-50',
  ghost: 'text-ink hover:bg-sand',
  light: 'bg-white text-ember-700 shadow-sm hover:bg-ember-50',
  onDark: 'bg-white/10 text-white ring-1 ring-white/50 hover:bg-white/20',
} as const;

// A minimum height, not a fixed one: a long label on a narrow phone wraps inside the button
// instead of pushing it past the screen's edge (issue 18); one line looks as before.
const sizes = {
  sm: 'min-h-9 px-3 py-1.5 text-sm',
  md: 'min-h-11 px-5 py-2 text-base',
  lg: 'min-h-13 px-7 py-2.5 text-lg',
  icon: 'h-11 w-11',
} as const;

export type ButtonVariant = keyof typeof variants;

interface ButtonStyle {
  variant?: ButtonVariant;
  size?: keyof typeof sizes;
  className?: string;
}

/**
 * A button, or with `asChild` its one child element (e.g. a Link) styled as a button: the
 * child's class names are joined to the button's, and only the styling carries over (decision
 * 0046: not Radix Slot, 1 KB gzip on every page for what every use here needs).
 */
export type ButtonProps =
  | (ButtonStyle &
      ButtonHTMLAttributes<HTMLButtonElement> & { asChild?: false; ref?: Ref<HTMLButtonElement> })
  | (ButtonStyle & { asChild: true; children: ReactElement<{ className?: string }> });

export function buttonClasses(variant: ButtonVariant = 'primary', size: keyof typeof sizes = 'md') {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-full text-center font-semibold',
    'transition-colors disabled:pointer-events-none disabled:opacity-60 cursor-pointer',
    variants[variant],
    sizes[size],
  );
}

export function Button(props: ButtonProps) {
  if (props.asChild) {
    const { variant, size, className, children } = props;
    return cloneElement(children, {
      className: cn(buttonClasses(variant, size), className, children.props.className),
    });
  }
  const { variant, size, className, type, asChild: _asChild, ...rest } = props;
  return <button className={cn(buttonClasses(variant, size), className)} type={type ?? 'button'} {...rest} />;
}
