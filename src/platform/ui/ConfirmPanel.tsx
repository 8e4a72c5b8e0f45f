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
  post,
}: {
  question: string;
  confirmLabel: string;
  backLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
  size?: 'sm' | 'md';
  className?: string;
  /**
   * Without scripts the buttons post to the page, as `name` = `confirm` or `back` (the route
   * action answers); with them, the handlers run in place.
   */
  post?: { name: string; confirm: string; back: string };
}) {
  const id = useId();
  // A form only when it posts: elsewhere it may sit inside another form.
  const Buttons = post ? 'form' : 'div';
  return (
    <div
      role="alertdialog"
      aria-labelledby={id}
      className={cn('rounded-xl border-2 border-red-700 bg-red-50 p-4', className)}
    >
      <p id={id} className="font-semibold">
        {question}
      </p>
      <Buttons {...(post ? { method: 'post' } : {})} className="mt-3 flex flex-wrap gap-3">
        <Button
          type={post ? 'submit' : 'button'}
          name={post?.name}
          value={post?.confirm}
          size={size}
          className="bg-red-700 hover:bg-red-800"
          disabled={busy}
          onClick={(event) => {
            event.preventDefault();
            onConfirm();
          }}
        >
          {confirmLabel}
        </Button>
        <Button
          type={post ? 'submit' : 'button'}
          name={post?.name}
          value={post?.back}
          size={size}
          variant="ghost"
          onClick={(event) => {
            event.preventDefault();
            onBack();
          }}
        >
          {backLabel}
        </Button>
      </Buttons>
    </div>
  );
}
