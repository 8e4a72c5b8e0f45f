import type { Config } from '~/platform/config/config.server';
import { serverT } from '~/platform/i18n/server-i18n.server';
import { renderMail } from '~/platform/mail/layout.server';
import { ORGANISER_LANGUAGE, organiserRows, type MailDraft } from '~/platform/mail/organiser.server';
import { SITE } from '~/platform/site';
import { contactDetails } from './details';
import type { ContactRequest } from './schema';

type MailConfig = Pick<Config, 'ORGANISER_EMAIL' | 'PUBLIC_URL'>;

/** A contact message's two e-mails: the notice to the organisers, the acknowledgement to the sender. */
export function contactMails(data: ContactRequest, config: MailConfig): MailDraft[] {
  const t = serverT(data.language);
  const acknowledgement = renderMail(
    {
      language: data.language,
      subject: t('mail:contact.acknowledgement.subject', { event: t('common:site.name') }),
      heading: t('mail:contact.acknowledgement.heading'),
      paragraphs: [t('mail:greeting', { name: data.name }), t('mail:contact.acknowledgement.intro')],
      details: { title: t('mail:contact.acknowledgement.details'), rows: contactDetails(data, t) },
    },
    config.PUBLIC_URL,
  );
  const o = serverT(ORGANISER_LANGUAGE);
  const notification = renderMail(
    {
      language: ORGANISER_LANGUAGE,
      subject: o('mail:contact.notification.subject', {
        name: data.name,
        subject: o(`contactForm:form.subject.options.${data.subject}`),
      }),
      heading: o('mail:contact.notification.heading'),
      paragraphs: [
        o('mail:contact.notification.intro', { name: data.name }),
        o('mail:organiser.replyHint', { email: data.email }),
      ],
      details: {
        title: o('mail:contact.notification.details'),
        rows: organiserRows(contactDetails(data, o), data.language),
      },
    },
    config.PUBLIC_URL,
  );
  return [
    { template: 'contact.notification', to: config.ORGANISER_EMAIL, replyTo: data.email, ...notification },
    { template: 'contact.acknowledgement', to: data.email, replyTo: SITE.email, ...acknowledgement },
  ];
}
