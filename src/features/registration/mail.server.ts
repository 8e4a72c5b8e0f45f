import type { Config } from '~/platform/config/config.server';
import { contentOf, type SiteContent } from '~/platform/content/content-type';
import { fillPlaceholders } from '~/platform/event/format';
import { eventPlaceholders } from '~/platform/event/placeholders';
import { formMails, type MailDraft } from '~/platform/mail/form-mails.server';
import { eventContent } from '~/platform/site-content/event';
import { calendarUrl } from '~/platform/event/calendar-api';
import { registrationDetails } from './details';
import type { RegistrationRequest } from './schema';
import { registrationTexts } from './texts';

/** A registration's two e-mails: the notice to the organisers, the confirmation to the participant. */
export function registrationMails(
  data: RegistrationRequest,
  config: Pick<Config, 'ORGANISER_EMAIL' | 'PUBLIC_URL'>,
  content: SiteContent,
  manageUrl?: string,
): MailDraft[] {
  // The same reminders as the success page, as the organisers last published them.
  const reminders = contentOf(content, registrationTexts).registrationSuccess.reminders.items;
  const facts = eventPlaceholders(contentOf(content, eventContent), data.language);
  const name = `${data.firstName} ${data.lastName}`;
  return formMails({
    config,
    details: (t) => registrationDetails(data, t),
    visitor: {
      language: data.language,
      email: data.email,
      template: 'registration.confirmation',
      keys: 'mail:registration.confirmation',
      // When and where, and the calendar file (issue 44): what the about page promises by e-mail.
      paragraphs: (t) => [
        t('mail:registration.confirmation.intro'),
        t('mail:registration.confirmation.whenWhere', facts),
        t('mail:registration.confirmation.calendar', {
          link: `${config.PUBLIC_URL.replace(/\/$/, '')}${calendarUrl(data.language)}`,
        }),
        t('mail:registration.confirmation.change'),
      ],
      manageUrl,
      list: (t) => ({
        title: t('mail:registration.confirmation.remindersTitle'),
        items: reminders.map((item) => fillPlaceholders(item[data.language], facts)),
      }),
    },
    organiser: {
      template: 'registration.notification',
      keys: 'mail:registration.notification',
      subjectVars: () => ({ name, people: data.adults + data.children }),
      intro: (o) =>
        o('mail:registration.notification.intro', { name, adults: data.adults, children: data.children }),
    },
  });
}
