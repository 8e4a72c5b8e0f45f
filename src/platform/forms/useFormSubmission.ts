import { useEffect, useRef, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { submitForm } from './api';
import { openMailClient } from './mailto';
import { notify } from '~/platform/ui/notify';
import { HONEYPOT_FIELD } from './schema';

export interface FormSubmissionOptions<Output> {
  /** The API endpoint, e.g. '/api/contact'. */
  url: string;
  /** A mailto: link carrying the submitted details, used when our server can't be reached. */
  mailto: (values: Output) => string;
  /** Translation key of the fallback toast's description (form-specific wording). */
  fallbackToastKey: string;
}

/**
 * Sends a validated form to the API and deals with every outcome: field errors from the
 * server go back onto the fields, a rate limit or bad request shows a toast, and when our
 * server cannot be reached the visitor's e-mail client opens with their details (plus a
 * toast and a lasting link), so nothing they typed is lost. Also carries the spam guards:
 * the honeypot input and the time since the form appeared.
 */
export function useFormSubmission<Input extends FieldValues, Output>(
  form: UseFormReturn<Input, unknown, Output>,
  { url, mailto, fallbackToastKey }: FormSubmissionOptions<Output>,
) {
  const { t, i18n } = useTranslation();
  const shownAt = useRef(0);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const [fallbackHref, setFallbackHref] = useState<string | null>(null);

  useEffect(() => {
    shownAt.current = performance.now();
  }, []);

  /** Returns true when the server stored the submission. */
  async function send(values: Output): Promise<boolean> {
    setFallbackHref(null);
    const result = await submitForm(url, {
      ...values,
      language: i18n.language,
      [HONEYPOT_FIELD]: honeypotRef.current?.value ?? '',
      elapsedMs: Math.round(performance.now() - shownAt.current),
    });
    switch (result.kind) {
      case 'ok':
        return true;
      case 'invalid': {
        let focused = false;
        for (const { field, message } of result.fields) {
          if (field === '') {
            void notify('error', t(message));
            continue;
          }
          form.setError(field as Path<Input>, { type: 'server', message }, { shouldFocus: !focused });
          focused = true;
        }
        return false;
      }
      case 'rejected':
        void notify('error', t(result.message));
        // Too many attempts: the visitor can still reach us by e-mail.
        if (result.status === 429) setFallbackHref(mailto(values));
        return false;
      case 'unreachable': {
        const href = mailto(values);
        setFallbackHref(href);
        openMailClient(href);
        void notify('info', t('forms:fallback.toastTitle'), { description: t(fallbackToastKey) });
        return false;
      }
    }
  }

  /** After a success that keeps the form on screen: start timing afresh. */
  function restart() {
    shownAt.current = performance.now();
    setFallbackHref(null);
  }

  return { send, restart, honeypotRef, fallbackHref };
}
