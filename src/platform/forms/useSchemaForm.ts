import { useForm, type DefaultValue, type FieldMetadata, type SubmissionResult } from '@conform-to/react';
import { useState } from 'react';
import type { z } from 'zod';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { parseForm } from './submission';

/**
 * A form checked in the browser with its zod schema (the API's) by conform, then handed to
 * `onValid` with the schema's output (decision 0051): the admin's forms and the shop's
 * scripted-only ones, which send JSON to their endpoint. A field is checked when the form is
 * sent, then again as it is corrected; the first invalid one takes focus.
 */
export function useSchemaForm<Schema extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: Schema,
  {
    defaultValue,
    lastResult,
    onValid,
  }: {
    defaultValue: DefaultValue<z.input<Schema>>;
    /** Errors the server found, by field (`fieldErrors`). */
    lastResult?: SubmissionResult<string[]>;
    onValid: (values: z.output<Schema>) => Promise<unknown> | undefined;
  },
) {
  const { t } = useTranslation();
  const [submitting, setSubmitting] = useState(false);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    defaultValue,
    lastResult,
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, schema),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status !== 'success') return;
      setSubmitting(true);
      void Promise.resolve(onValid(submission.value)).finally(() => setSubmitting(false));
    },
  });
  /** A field's name, starting value and translated error, for a text control (the admin's `Field`). */
  const control = (field: FieldMetadata<unknown>) => ({
    name: field.name,
    defaultValue: typeof field.initialValue === 'string' ? field.initialValue : undefined,
    error: field.errors?.[0] ? t(field.errors[0]) : undefined,
  });
  return { form, fields, submitting, control };
}

/** Errors the server found, by field, as conform shows them (focus on the first). */
export const serverErrors = (errors: Record<string, string[]>): SubmissionResult<string[]> => ({
  status: 'error',
  error: errors,
});
