import type { Config } from '~/platform/config/config.server';
import { formMails, type MailDraft } from '~/platform/mail/form-mails.server';
import { sponsorApplicationDetails } from './details';
import type { SponsorApplicationRequest } from './schema';

/** A sponsor application's two e-mails: the notice to the organisers, the autoresponse to the applicant. */
export function sponsorApplicationMails(
  data: SponsorApplicationRequest,
  config: Pick<Config, 'ORGANISER_EMAIL' | 'PUBLIC_URL'>,
  manageUrl?: string,
): MailDraft[] {
  return formMails({
    config,
    details: (t) => sponsorApplicationDetails(data, t),
    visitor: {
      language: data.language,
      email: data.email,
      template: 'sponsor_application.autoresponse',
      keys: 'mail:sponsor.autoresponse',
      paragraphs: (t) => [t('mail:sponsor.autoresponse.intro')],
      manageUrl,
    },
    organiser: {
      template: 'sponsor_application.notification',
      keys: 'mail:sponsor.notification',
      subjectVars: () => ({ company: data.companyName }),
      intro: (o) =>
        o('mail:sponsor.notification.intro', { company: data.companyName, person: data.contactPerson }),
    },
  });
}
