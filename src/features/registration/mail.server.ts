import type { Config } from '~/platform/config/config.server';
import { serverT } from '~/platform/i18n/server-i18n.server';
import { renderMail } from '~/platform/mail/layout.server';
import { ORGANISER_LANGUAGE, organiserRows, type MailDraft } from '~/platform/mail/organiser.server';
import { SITE } from '~/platform/site';
import { registrationDetails } from './details';
import type { RegistrationRequest } from './schema';

type MailConfig = Pick<Config, 'ORGANISER_EMAIL' | 'PUBLIC_URL'>;

/** A registration's two e-mails: the confirmation to the participant, the notice to the organisers. */
export function registrationMails(data: RegistrationRequest, config: MailConfig): MailDraft[] {
  const t = serverT(data.language);
  const name = `${data.firstName} ${data.lastName}`;
  const confirmation = renderMail(
    {
      language: data.language,
      subject: t('mail:registration.confirmation.subject', { event: t('common:site.name') }),
      heading: t('mail:registration.confirmation.heading'),
      paragraphs: [
        t('mail:greeting', { name: data.firstName }),
        t('mail:registration.confirmation.intro'),
        t('mail:registration.confirmation.change'),
      ],
      details: { title: t('mail:registration.confirmation.details'), rows: registrationDetails(data, t) },
      list: {
        title: t('mail:registration.confirmation.remindersTitle'),
        items: t('registration:registrationSuccess.reminders.items', { returnObjects: true }) as string[],
      },
    },
    config.PUBLIC_URL,
  );
  const o = serverT(ORGANISER_LANGUAGE);
  const notification = renderMail(
    {
      language: ORGANISER_LANGUAGE,
      subject: o('mail:registration.notification.subject', { name, people: data.adults + data.children }),
      heading: o('mail:registration.notification.heading'),
      paragraphs: [
        o('mail:registration.notification.intro', { name, adults: data.adults, children: data.children }),
        o('mail:organiser.replyHint', { email: data.email }),
      ],
      details: {
        title: o('mail:registration.notification.details'),
        rows: organiserRows(registrationDetails(data, o), data.language),
      },
    },
    config.PUBLIC_URL,
  );
  return [
    { template: 'registration.confirmation', to: data.email, replyTo: SITE.email, ...confirmation },
    {
      template: 'registration.notification',
      to: config.ORGANISER_EMAIL,
      replyTo: data.email,
      ...notification,
    },
  ];
}
