import { CircleCheck, Mail } from '~/platform/ui/icons/icons';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { PATHS } from '~/platform/paths';
import { API_MESSAGES } from '~/platform/http/api';
import type { FormAnswer } from './outcome';
import { useContacts } from '~/platform/content/frame';
import { buttonClasses } from '~/platform/ui/Button';
import { cn } from '~/platform/ui/cn';

/**
 * Shown when the form could not reach our server: the e-mail client was opened with the
 * details; this keeps a link to open it again and the organisers' address. `offline`: there
 * was no connection at all, so it says first that nothing was sent.
 */
export function FallbackNotice({
  href,
  title,
  offline,
}: {
  href: string;
  title?: string;
  offline?: boolean;
}) {
  const contacts = useContacts();
  const { t } = useTranslation('forms');
  return (
    <div role="alert" className="rounded-2xl border border-amber-flag/70 bg-amber-50 p-5 text-ink">
      {/* With no connection at all, first of all: not sent (the e-mail is for later). */}
      <p className="font-bold">{offline ? t('fallback.notSent') : (title ?? t('fallback.title'))}</p>
      <p className="mt-1 text-sm">
        {offline ? t('fallback.notSentText') : t('fallback.text', { email: contacts.email })}
      </p>
      <a href={href} className={cn(buttonClasses('outline', 'sm'), 'mt-3')}>
        <Mail aria-hidden="true" className="h-4 w-4" />
        {t('fallback.open')}
      </a>
    </div>
  );
}

/**
 * Above a form posted without scripts and shown again, or refused by our server after a
 * scripted post: why it was not taken (the fields marked below, too many attempts and when
 * to try again, registration closed, the server away). Read out first on the new page.
 */
export function OutcomeNotice({
  answer,
  ref,
}: {
  answer: FormAnswer | undefined;
  ref?: Ref<HTMLParagraphElement>;
}) {
  const { t } = useTranslation();
  if (answer?.status !== 'invalid' && answer?.status !== 'rejected') return null;
  const message = answer.status === 'invalid' ? API_MESSAGES.validation : answer.message;
  // Too many attempts, and the rate limit said for how long: when to try again, in minutes.
  const waitFor = answer.status === 'rejected' && answer.code === 429 ? answer.retryAfter : undefined;
  return (
    <p
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="scroll-mt-24 rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800 outline-none focus-visible:outline-3"
    >
      {waitFor ? t('forms:tooManyRetryIn', { count: Math.max(1, Math.ceil(waitFor / 60)) }) : t(message)}
    </p>
  );
}

/** A success message that takes focus, so keyboard and screen-reader users land on it. */
export function SuccessNotice({
  title,
  description,
  children,
  ref,
}: {
  title: string;
  description: string;
  children?: ReactNode;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <div
      ref={ref}
      role="status"
      tabIndex={-1}
      className="rounded-2xl border border-forest-500/40 bg-forest-50 p-5 text-forest-900 outline-none focus-visible:outline-3"
    >
      <p className="flex items-center gap-2 text-lg font-bold">
        <CircleCheck aria-hidden="true" className="h-6 w-6 shrink-0 text-forest-600" />
        {title}
      </p>
      <p className="mt-1">{description}</p>
      {children}
    </div>
  );
}

/**
 * Under every form: how the details are used, with the privacy notice (in a new tab, so the
 * form stays). Two plain texts rather than <Trans>, which would add its parser to the forms' pages.
 */
export function PrivacyNote({ className }: { className?: string }) {
  const { t } = useTranslation('forms');
  return (
    <p className={cn('text-sm text-muted', className)}>
      {t('privacyNote.lead')}{' '}
      <a
        href={PATHS.privacy}
        target="_blank"
        rel="noopener"
        className="font-semibold text-ember-700 underline underline-offset-2"
      >
        {t('privacyNote.link')}
      </a>
      .
    </p>
  );
}
