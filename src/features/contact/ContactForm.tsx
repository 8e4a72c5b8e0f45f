import { useId } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { SuccessNotice } from '~/platform/forms/FormNotices';
import { RouteForm } from '~/platform/forms/RouteForm';
import {
  EmailField,
  FormFooter,
  PhoneField,
  SelectField,
  TextAreaField,
  TextField,
} from '~/platform/forms/fields';
import { useRouteForm } from '~/platform/forms/useRouteForm';
import { loadRoutePacks } from '~/platform/i18n/i18n';
import { cn } from '~/platform/ui/cn';
import { contactDetails } from './details';
import { CONTACT_SUBJECTS, contactSchema, type ContactInput } from './schema';

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
  const routeForm = useRouteForm({
    schema: contactSchema,
    empty: EMPTY,
    fallback: {
      subject: (values) => t('fallback.subject', { subject: t(`form.subject.options.${values.subject}`) }),
      details: (values) => contactDetails(values, t),
      toastKey: 'contactForm:fallback.toast',
    },
  });
  const { successRef, sent } = routeForm;
  const titleId = useId();

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

      <RouteForm
        routeForm={routeForm}
        anchor={CONTACT_FORM_ANCHOR}
        label={t('form.label')}
        className="mt-6 grid gap-5 sm:grid-cols-2"
        noticeClassName="sm:col-span-2"
      >
        <TextField name="name" label={t('form.name.label')} autoComplete="name" />
        <EmailField label={t('form.email.label')} hint={t('form.email.hint')} />
        <PhoneField label={t('form.phone.label')} hint={t('form.phone.hint')} optional />
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
        <div className="grid gap-5 sm:col-span-2">
          <FormFooter routeForm={routeForm} ns="contactForm" />
        </div>
      </RouteForm>
    </section>
  );
}
