import { useForm, type DefaultValue } from '@conform-to/react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { useActionData, useNavigation, useSubmit } from 'react-router';
import type { z } from 'zod';
import { useContacts } from '~/platform/content/frame';
import { notify } from '~/platform/ui/notify';
import { useHydrated } from '~/platform/ui/useHydrated';
import type { DetailRow } from './details';
import { buildMailto, openMailClient } from './mailto';
import { HONEYPOT_FIELD, type FormAnswer } from './outcome';
import { parseForm } from './submission';

/**
 * conform's `lastResult` from a form's answer: what was typed and each field's errors, on
 * the page rendered for a post without scripts and after a scripted post alike.
 */
export const answerReply = (answer: FormAnswer | undefined) =>
  answer && 'reply' in answer ? answer.reply : undefined;

/** A copy of the form data without one name (the data itself is what is posted). */
function without(formData: FormData, name: string): FormData {
  const copy = new FormData();
  for (const [key, value] of formData) if (key !== name) copy.append(key, value);
  return copy;
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

export interface RouteFormOptions<Input extends Record<string, unknown>, Output> {
  /** The form's own schema (its fields, without the request metadata). */
  schema: z.ZodType<Output, Input>;
  /** The blank form. */
  empty: DefaultValue<Input>;
  /** The `<form>`'s id, when it is also the anchor a post without scripts comes back to. */
  id?: string;
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
 * Everything a public form does in the browser (decisions 0039, 0051): conform with the
 * zod schema for the fields' own checks (the route action's), then the form's own fields (honeypot included)
 * posted to its page's route action by React Router, as the browser would without
 * scripts, with the fill time and language. The action's answer goes back onto the fields
 * (focus on the first), into a toast, or to the success notice; when our server cannot be
 * reached the visitor's e-mail client opens with their details, so nothing is lost. On the
 * page rendered for a post without scripts, the form starts with that answer.
 */
export function useRouteForm<Input extends Record<string, unknown>, Output>({
  schema,
  empty,
  id,
  fallback,
  onNext,
}: RouteFormOptions<Input, Output>) {
  const { t, i18n } = useTranslation();
  const contacts = useContacts();
  // A navigation submission to this page's own action (no fetcher: its code would add to
  // every page's bundle); the page does not reload its data after it (formShouldRevalidate).
  const submit = useSubmit();
  const answer = useActionData<FormAnswer>();
  // The answer to a post without scripts, with which the page was rendered.
  const [posted] = useState(answer);
  const navigation = useNavigation();
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
        formRef.current?.reset();
        shownAt.current = performance.now();
        setSent(true);
        return;
      case 'next':
        onNext?.(values, answer.location);
        return;
      case 'invalid':
        // The fields' errors reach them through conform (`lastResult`), which focuses the
        // first; the form's own (an unknown field) is a toast.
        for (const message of answer.reply.error?.[''] ?? []) void notify('error', t(message));
        return;
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

  const [form] = useForm<Input, Output>({
    id,
    defaultValue: empty,
    lastResult: answerReply(answer),
    // As the browser checks a form: on sending, then each field again as it is corrected.
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    // The bot trap is posted with the form's fields, but it is not one of them.
    onValidate: ({ formData }) => parseForm(without(formData, HONEYPOT_FIELD), schema),
    // Valid: the form's own fields (the bot trap too), as the browser would post them.
    onSubmit: (event, { formData, submission }) => {
      event.preventDefault();
      if (submission?.status !== 'success') return;
      formData.set('language', i18n.language);
      formData.set('elapsedMs', String(Math.round(performance.now() - shownAt.current)));
      sending.current = submission.value;
      setSent(false);
      setNotice(undefined);
      setFallbackHref(null);
      void submit(formData, {
        method: 'post',
        encType: 'application/x-www-form-urlencoded',
        replace: true,
        preventScrollReset: true,
      });
    },
  });

  return {
    form,
    formRef,
    submitting: navigation.state === 'submitting',
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
