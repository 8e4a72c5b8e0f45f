import { X } from '~/platform/ui/icons/icons';
import { Dialog } from 'radix-ui';
import { Button } from './Button';
import { cn } from './cn';

/** The ✕ in a dialog's corner: closes it (Radix), named for screen readers by `label`. */
export function DialogCloseButton({
  label,
  className,
  size = 'md',
}: {
  label: string;
  className?: string;
  size?: 'sm' | 'md';
}) {
  return (
    <Dialog.Close asChild>
      <Button variant="ghost" size="icon" aria-label={label} className={cn('-mr-2 shrink-0', className)}>
        <X aria-hidden="true" className={size === 'sm' ? 'h-5 w-5' : 'h-6 w-6'} />
      </Button>
    </Dialog.Close>
  );
}
