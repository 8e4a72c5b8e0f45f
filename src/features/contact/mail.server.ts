import type { Config } from '~/platform/config/config.server';
import { formMails, type MailDraft } from '~/platform/mail/form-mails.server';
import { contactDetails } from './details';
import type { ContactRequest } from './schema';

/** A contact message's two e-mails: the notice to the organisers, the acknowledgement to the sender. */
export function contactMails(
  data: ContactRequest,
  config: Pick<Config, 'ORGANISER_EMAIL' | 'PUBLIC_URL'>,
  manageUrl?: string,
): MailDraft[] {
  return formMails({
    config,
    details: (t) => contactDetails(data, t),
    visitor: {
      language: data.language,
      email: data.email,
      template: 'contact.acknowledgement',
      keys: 'mail:contact.acknowledgement',
      paragraphs: (t) => [t('mail:contact.acknowledgement.intro')],
      manageUrl,
    },
    organiser: {
      template: 'contact.notification',
      keys: 'mail:contact.notification',
      subjectVars: (o) => ({
        name: data.name,
        subject: o(`contactForm:form.subject.options.${data.subject}`),
      }),
      intro: (o) => o('mail:contact.notification.intro', { name: data.name }),
    },
  });
}
