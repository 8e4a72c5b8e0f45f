import { useId } from 'react';
import { Button } from './Button';
import { cn } from './cn';

/**
 * An inline "are you sure?" for an action that cannot be undone (deleting one's data): the
 * question, a red confirm button and a way back. Inline rather than a modal, so it needs no
 * dialog code on the page.
 */
export function ConfirmPanel({
  question,
  confirmLabel,
  backLabel,
  busy,
  onConfirm,
  onBack,
  size,
  className,
}: {
  question: string;
  confirmLabel: string;
  backLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
  size?: 'sm' | 'md';
  className?: string;
}) {
  const id = useId();
  return (
    <div
      role="alertdialog"
      aria-labelledby={id}
      className={cn('rounded-xl border-2 border-red-700 bg-red-50 p-4', className)}
    >
      <p id={id} className="font-semibold">
        {question}
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button
          type="button"
          size={size}
          className="bg-red-700 hover:bg-red-800"
          disabled={busy}
          onClick={onConfirm}
        >
          {confirmLabel}
        </Button>
        <Button type="button" size={size} variant="ghost" onClick={onBack}>
          {backLabel}
        </Button>
      </div>
    </div>
  );
}
