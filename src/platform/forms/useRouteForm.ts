import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { useForm, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { useActionData, useNavigation, useSubmit } from 'react-router';
import type { z } from 'zod';
import { useContacts } from '~/platform/content/frame';
import { notify } from '~/platform/ui/notify';
import { useHydrated } from '~/platform/ui/useHydrated';
import type { DetailRow } from './details';
import { buildMailto, openMailClient } from './mailto';
import { answerErrors, refill, type FormAnswer } from './outcome';

/**
 * The form's starting values and errors: blank, or, on the page rendered for a post
 * without scripts, what was typed and what was wrong with it (the action's answer). Taken
 * once, so the form is the visitor's from then on.
 */
export function usePostedAnswer<T extends object>(empty: T) {
  const answer = useActionData<FormAnswer>();
  const [start] = useState(() => ({
    defaultValues: answer && 'values' in answer ? refill(empty, answer.values) : empty,
    errors: answerErrors(answer),
  }));
  return { answer, ...start };
}

/**
 * When the form appeared on screen, on `performance.now()`'s clock (the server's bot check
 * measures the fill time from it). A form that came with the page was on screen from its
 * first paint, before the scripts started (they wait for it: decision 0021), and a person
 * may have typed into it meanwhile; counting from hydration took such a person, sending
 * soon after it, for a bot: answered as sent, and nothing stored. A form drawn later (a
 * navigation inside the site) appears now.
 */
function shownSince(cameWithPage: boolean): number {
  if (!cameWithPage) return performance.now();
  // Without paint timing (older browsers): the navigation's start, the earliest it could be.
  return performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
}

export interface RouteFormOptions<Input extends FieldValues, Output> {
  /** The form's own schema (its fields, without the request metadata). */
  schema: z.ZodType<Output, Input>;
  /** The blank form: also says which posted texts are numbers, ticks or lists (refill). */
  empty: Input;
  /** The e-mail fallback: its subject and the details as rows (the e-mails' rows too). */
  fallback: {
    subject: (values: Output) => string;
    details: (values: Output) => DetailRow[];
    toastKey: string;
  };
  /**
   * A success that moves on (the action's 303), e.g. to the success page with some state;
   * `location`: where the action sent it.
   */
  onNext?: (values: Output, location: string) => void;
}

/**
 * Everything a public form does in the browser (decision 0039): react-hook-form with the
 * zod schema for the fields' own checks, then the form's own fields (honeypot included)
 * posted to its page's route action by React Router, as the browser would without
 * scripts, with the fill time and language. The action's answer goes back onto the fields
 * (focus on the first), into a toast, or to the success notice; when our server cannot be
 * reached the visitor's e-mail client opens with their details, so nothing is lost. On the
 * page rendered for a post without scripts, the form starts with that answer.
 */
export function useRouteForm<Input extends FieldValues, Output>({
  schema,
  empty,
  fallback,
  onNext,
}: RouteFormOptions<Input, Output>) {
  const { t, i18n } = useTranslation();
  const contacts = useContacts();
  const { answer: posted, ...start } = usePostedAnswer(empty);
  // A navigation submission to this page's own action (no fetcher: its code would add to
  // every page's bundle); the page does not reload its data after it (formShouldRevalidate).
  const submit = useSubmit();
  const answer = useActionData<FormAnswer>();
  const navigation = useNavigation();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: start.defaultValues as never,
    errors: start.errors as never,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  // Whether the form was first drawn by the hydration of the page the server sent.
  const hydrated = useHydrated();
  const cameWithPage = useRef(!hydrated);
  const shownAt = useRef(0);
  const sending = useRef<Output | null>(null);
  const [fallbackHref, setFallbackHref] = useState<string | null>(null);
  /** The last post failed with no connection at all (the notice then says "not sent"). */
  const [offline, setOffline] = useState(false);
  const [sent, setSent] = useState(posted?.status === 'sent');
  // The answer shown above the form after a post without scripts, until the next try.
  const [notice, setNotice] = useState(posted);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  /** A scripted post was refused: its notice takes focus once drawn (scrolled into view, read out). */
  const [showNotice, setShowNotice] = useState(false);

  useEffect(() => {
    shownAt.current = shownSince(cameWithPage.current);
  }, []);
  useEffect(() => {
    if (sent) successRef.current?.focus();
  }, [sent]);
  useEffect(() => {
    if (!showNotice) return;
    noticeRef.current?.focus();
    setShowNotice(false);
  }, [showNotice]);

  const mailto = (values: Output) =>
    buildMailto(
      contacts.email,
      fallback.subject(values),
      fallback.details(values),
      t('forms:fallback.notProvided'),
    );

  const onAnswer = useEffectEvent((answer: FormAnswer, values: Output) => {
    switch (answer.status) {
      case 'sent':
        form.reset(empty);
        shownAt.current = performance.now();
        setSent(true);
        return;
      case 'next':
        onNext?.(values, answer.location);
        return;
      case 'invalid': {
        let focused = false;
        for (const { field, message } of answer.errors) {
          if (field === '') {
            void notify('error', t(message));
            continue;
          }
          form.setError(field as Path<Input>, { type: 'server', message }, { shouldFocus: !focused });
          focused = true;
        }
        return;
      }
      case 'rejected':
        // Our server answered and said why (too many attempts and when to try again, closed,
        // full): the same notice as the page without scripts, brought into view. Not the
        // e-mail fallback, which says the server could not be reached (issue 42, item 9).
        setNotice(answer);
        setShowNotice(true);
        return;
      case 'unreachable': {
        const href = mailto(values);
        setFallbackHref(href);
        setOffline(!navigator.onLine);
        // No connection at all: say plainly it was not sent; the e-mail button stays for later
        // (an e-mail app opened now could not send it either).
        if (!navigator.onLine) {
          void notify('error', t('forms:fallback.notSent'), { description: t('forms:fallback.notSentText') });
          return;
        }
        openMailClient(href);
        void notify('info', t('forms:fallback.toastTitle'), { description: t(fallback.toastKey) });
      }
    }
  });

  useEffect(() => {
    const values = sending.current;
    if (navigation.state !== 'idle' || !answer || values === null) return;
    sending.current = null;
    onAnswer(answer, values);
  }, [navigation.state, answer]);

  const send = form.handleSubmit((values) => {
    const fields = new FormData(formRef.current ?? undefined);
    fields.set('language', i18n.language);
    fields.set('elapsedMs', String(Math.round(performance.now() - shownAt.current)));
    sending.current = values;
    setSent(false);
    setNotice(undefined);
    setFallbackHref(null);
    void submit(fields, {
      method: 'post',
      encType: 'application/x-www-form-urlencoded',
      replace: true,
      preventScrollReset: true,
    });
  });

  return {
    form,
    formRef,
    /** The form's onSubmit: validates in the browser first, then posts to the route action. */
    onSubmit: (event: FormEvent<HTMLFormElement>) => void send(event),
    submitting: navigation.state === 'submitting' || form.formState.isSubmitting,
    successRef,
    fallbackHref,
    offline,
    notice,
    noticeRef,
    sent,
    /** Back to a blank form after the success notice. */
    startAgain: () => setSent(false),
  };
}
