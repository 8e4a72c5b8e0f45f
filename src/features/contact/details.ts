import type { DetailRow, Translate } from '~/platform/forms/details';
import type { ContactMessage } from './schema';

/** The contact message as rows in the reader's language (e-mails and mailto fallback). */
export function contactDetails(data: ContactMessage, t: Translate): DetailRow[] {
  return [
    { label: t('contactForm:form.name.label'), value: data.name },
    { label: t('contactForm:form.email.label'), value: data.email },
    { label: t('contactForm:form.phone.label'), value: data.phone },
    {
      label: t('contactForm:form.subject.label'),
      value: t(`contactForm:form.subject.options.${data.subject}`),
      fixed: true,
    },
    { label: t('contactForm:form.message.label'), value: data.message },
  ];
}
