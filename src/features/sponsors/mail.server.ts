import type { Config } from '~/platform/config/config.server';
import { serverT } from '~/platform/i18n/server-i18n.server';
import { renderMail } from '~/platform/mail/layout.server';
import { ORGANISER_LANGUAGE, organiserRows, type MailDraft } from '~/platform/mail/organiser.server';
import { SITE } from '~/platform/site';
import { sponsorApplicationDetails } from './details';
import type { SponsorApplicationRequest } from './schema';

type MailConfig = Pick<Config, 'ORGANISER_EMAIL' | 'PUBLIC_URL'>;

/** A sponsor application's two e-mails: the notice to the organisers, the autoresponse to the applicant. */
export function sponsorApplicationMails(data: SponsorApplicationRequest, config: MailConfig): MailDraft[] {
  const t = serverT(data.language);
  const autoresponse = renderMail(
    {
      language: data.language,
      subject: t('mail:sponsor.autoresponse.subject', { event: t('common:site.name') }),
      heading: t('mail:sponsor.autoresponse.heading'),
      paragraphs: [
        t('mail:greeting', { name: data.contactPerson }),
        t('mail:sponsor.autoresponse.intro', { company: data.companyName }),
      ],
      details: { title: t('mail:sponsor.autoresponse.details'), rows: sponsorApplicationDetails(data, t) },
    },
    config.PUBLIC_URL,
  );
  const o = serverT(ORGANISER_LANGUAGE);
  const notification = renderMail(
    {
      language: ORGANISER_LANGUAGE,
      subject: o('mail:sponsor.notification.subject', { company: data.companyName }),
      heading: o('mail:sponsor.notification.heading'),
      paragraphs: [
        o('mail:sponsor.notification.intro', { company: data.companyName, person: data.contactPerson }),
        o('mail:organiser.replyHint', { email: data.email }),
      ],
      details: {
        title: o('mail:sponsor.notification.details'),
        rows: organiserRows(sponsorApplicationDetails(data, o), data.language),
      },
    },
    config.PUBLIC_URL,
  );
  return [
    {
      template: 'sponsor_application.notification',
      to: config.ORGANISER_EMAIL,
      replyTo: data.email,
      ...notification,
    },
    { template: 'sponsor_application.autoresponse', to: data.email, replyTo: SITE.email, ...autoresponse },
  ];
}
