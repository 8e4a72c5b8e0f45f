import type { ReactNode } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { CircleExclamationPoint } from '~/platform/ui/icons/icons';
import { cn } from '~/platform/ui/cn';

/**
 * The one frame of a labelled field, for the public forms and the admin area alike: the label
 * (with "optional"), the control, its hint and its error, tied to the control by `id`
 * (`${id}-hint`, `${id}-error`; see `describedByIds`). Texts come translated. No form library
 * here: the public forms' fields (fields.tsx), the order form and the admin's forms all draw it.
 */
export function LabelledField({
  id,
  label,
  hint,
  optional,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  optional?: boolean;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold">
        {label}
        {optional ? <OptionalMark /> : null}
      </label>
      {children}
      {hint ? <Hint id={`${id}-hint`}>{hint}</Hint> : null}
      <ErrorText id={`${id}-error`} message={error} />
    </div>
  );
}

/** What a field's control is described by: its hint (when it has one) and its error. */
export const describedByIds = (id: string, hint?: string) =>
  hint ? `${id}-hint ${id}-error` : `${id}-error`;

export function OptionalMark() {
  const { t } = useTranslation('forms');
  return <span className="ml-1 font-normal text-muted">({t('optional')})</span>;
}

export function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm text-muted">
      {children}
    </p>
  );
}

export function ErrorText({ id, message }: { id: string; message: string | undefined }) {
  // Always there (empty when all is well) so aria-describedby never points at nothing.
  return (
    <p id={id} className={cn('text-sm font-medium text-red-800', message ? 'mt-1.5' : 'sr-only')}>
      {message ? (
        <span className="inline-flex items-start gap-1.5">
          <CircleExclamationPoint aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          {message}
        </span>
      ) : null}
    </p>
  );
}
