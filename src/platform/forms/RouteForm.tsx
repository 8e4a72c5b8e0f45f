import type { ReactNode } from 'react';
import { FormProvider, type FormMetadata } from '@conform-to/react';
import { cn } from '~/platform/ui/cn';
import { OutcomeNotice } from './FormNotices';
import type { FormAnswer } from './outcome';

/**
 * The `<form>` of a public form (decisions 0039, 0051): posts to its page's route action
 * (`#anchor` brings a visitor without scripts back to it), with scripts through conform's
 * `onSubmit` (`useRouteForm`); the answer to a post without scripts above the fields.
 */
export function RouteForm({
  routeForm,
  anchor,
  label,
  className,
  noticeClassName,
  children,
}: {
  routeForm: {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's fields
    form: FormMetadata<any>;
    formRef: React.Ref<HTMLFormElement>;
    notice: FormAnswer | undefined;
    noticeRef?: React.Ref<HTMLParagraphElement>;
  };
  anchor: string;
  label: string;
  className?: string;
  noticeClassName?: string;
  children: ReactNode;
}) {
  const { form, formRef, notice, noticeRef } = routeForm;
  return (
    <FormProvider context={form.context}>
      <form
        ref={formRef}
        id={form.id}
        method="post"
        action={`#${anchor}`}
        noValidate
        onSubmit={form.onSubmit}
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
