import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FallbackNotice, OutcomeNotice, PrivacyNote, SuccessNotice } from '~/platform/forms/FormNotices';
import { usePostedForm } from '~/platform/forms/usePostedForm';
import { Honeypot, SelectField, SubmitButton, TextAreaField, TextField } from '~/platform/forms/fields';
import { useContacts } from '~/platform/content/site-data';
import { buildMailto } from '~/platform/forms/mailto';
import { useFormSubmission } from '~/platform/forms/useFormSubmission';
import { loadRoutePacks } from '~/platform/i18n/i18n';
import { cn } from '~/platform/ui/cn';
import { contactDetails } from './details';
import { CONTACT_SUBJECTS, contactSchema, type ContactInput, type ContactMessage } from './schema';
import { CONTACT_ENDPOINT } from './api';

// The form is embedded in another feature's page, so it loads its own language packs.
await loadRoutePacks('contactForm', 'forms');

/** Where the form sits on /kontaktai: a post without scripts comes back to it. */
const CONTACT_FORM_ANCHOR = 'zinute';

// The subject starts as the empty "choose a subject" option.
const EMPTY: ContactInput = {
  name: '',
  email: '',
  phone: '',
  subject: '' as ContactInput['subject'],
  message: '',
};

/** The contact form of /kontaktai: stored, e-mailed to the organisers, acknowledged to the visitor. */
export function ContactForm({ className }: { className?: string }) {
  const { t } = useTranslation('contactForm');
  const posted = usePostedForm('contact', EMPTY);
  const form = useForm<ContactInput, unknown, ContactMessage>({
    resolver: zodResolver(contactSchema),
    defaultValues: posted.defaultValues,
    errors: posted.errors,
  });
  const contacts = useContacts();
  const { send, restart, honeypotRef, fallbackHref } = useFormSubmission(form, {
    url: CONTACT_ENDPOINT.url(),
    fallbackToastKey: 'contactForm:fallback.toast',
    mailto: (values) =>
      buildMailto(
        contacts.email,
        t('fallback.subject', { subject: t(`form.subject.options.${values.subject}`) }),
        contactDetails(values, t),
        t('forms:fallback.notProvided'),
      ),
  });
  const [sent, setSent] = useState(posted.outcome?.status === 'sent');
  const successRef = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (sent) successRef.current?.focus();
  }, [sent]);

  const onSubmit = form.handleSubmit(async (values) => {
    setSent(false);
    if (await send(values)) {
      form.reset(EMPTY);
      restart();
      setSent(true);
    }
  });

  const { isSubmitting } = form.formState;
  return (
    <section
      id={CONTACT_FORM_ANCHOR}
      aria-labelledby={titleId}
      className={cn('rounded-2xl border border-black/5 bg-white p-5 shadow-sm sm:p-8', className)}
    >
      <h2 id={titleId} className="text-2xl font-extrabold tracking-tight">
        {t('title')}
      </h2>
      <p className="mt-2 text-muted">{t('lead')}</p>

      {sent ? (
        <div className="mt-5">
          <SuccessNotice ref={successRef} title={t('success.title')} description={t('success.description')} />
        </div>
      ) : null}

      <FormProvider {...form}>
        <form
          method="post"
          action={`#${CONTACT_FORM_ANCHOR}`}
          noValidate
          onSubmit={onSubmit}
          aria-label={t('form.label')}
          className="relative mt-6 grid gap-5 sm:grid-cols-2"
        >
          <div className="empty:hidden sm:col-span-2">
            <OutcomeNotice outcome={posted.outcome} />
          </div>
          <TextField name="name" label={t('form.name.label')} autoComplete="name" />
          <TextField
            name="email"
            type="email"
            label={t('form.email.label')}
            hint={t('form.email.hint')}
            autoComplete="email"
            inputMode="email"
          />
          <TextField
            name="phone"
            type="tel"
            label={t('form.phone.label')}
            hint={t('form.phone.hint')}
            optional
            autoComplete="tel"
          />
          <SelectField
            name="subject"
            label={t('form.subject.label')}
            placeholder={t('form.subject.placeholder')}
            options={CONTACT_SUBJECTS.map((value) => ({ value, label: t(`form.subject.options.${value}`) }))}
          />
          <TextAreaField
            name="message"
            label={t('form.message.label')}
            hint={t('form.message.hint')}
            rows={6}
            className="sm:col-span-2"
          />
          <Honeypot inputRef={honeypotRef} />
          <PrivacyNote className="sm:col-span-2" />
          {fallbackHref ? (
            <div className="sm:col-span-2">
              <FallbackNotice href={fallbackHref} />
            </div>
          ) : null}
          <div className="sm:col-span-2">
            <SubmitButton
              submitting={isSubmitting}
              label={t('form.submit')}
              submittingLabel={t('form.submitting')}
            />
          </div>
        </form>
      </FormProvider>
    </section>
  );
}
