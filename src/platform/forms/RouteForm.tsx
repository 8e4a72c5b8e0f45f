import type { ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { cn } from '~/platform/ui/cn';
import { OutcomeNotice } from './FormNotices';
import type { FormAnswer } from './outcome';

/**
 * The `<form>` of a public form (decision 0039): posts to its page's route action (`#anchor`
 * brings a visitor without scripts back to it), with scripts through `useRouteForm`'s
 * `onSubmit`; the answer to a post without scripts above the fields.
 */
export function RouteForm<Input extends FieldValues, Output>({
  routeForm,
  anchor,
  label,
  id,
  className,
  noticeClassName,
  children,
}: {
  routeForm: {
    form: UseFormReturn<Input, unknown, Output>;
    formRef: React.Ref<HTMLFormElement>;
    onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
    notice: FormAnswer | undefined;
    noticeRef?: React.Ref<HTMLParagraphElement>;
  };
  anchor: string;
  label: string;
  /** The form's own id when it is itself the anchor. */
  id?: string;
  className?: string;
  noticeClassName?: string;
  children: ReactNode;
}) {
  const { form, formRef, onSubmit, notice, noticeRef } = routeForm;
  return (
    <FormProvider {...form}>
      <form
        ref={formRef}
        id={id}
        method="post"
        action={`#${anchor}`}
        noValidate
        onSubmit={onSubmit}
        aria-label={label}
        className={cn('relative', className)}
      >
        <div className={cn('empty:hidden', noticeClassName)}>
          <OutcomeNotice answer={notice} ref={noticeRef} />
        </div>
        {children}
      </form>
    </FormProvider>
  );
}
