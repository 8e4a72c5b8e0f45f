import { SITE } from '~/platform/site';
import { contactDetails } from '~/features/contact/details';
import type { ContactRequest } from '~/features/contact/schema';
import type { DetailRow } from '~/platform/forms/details';
import { registrationDetails } from '~/features/registration/details';
import type { RegistrationRequest } from '~/features/registration/schema';
import { sponsorApplicationDetails } from '~/features/sponsors/details';
import type { SponsorApplicationRequest } from '~/features/sponsors/schema';
import type { Language } from '~/platform/i18n/languages';
import type { Config } from '~/platform/config/config.server';
import type { OutgoingMail } from './outbox.server';
import { mailT } from '~/platform/i18n/server-i18n.server';
import { renderMail } from './layout.server';

/**
 * The e-mails of the three public forms. Each submission yields one mail to the visitor,
 * in their language, and one to the organisers, in Lithuanian, with reply-to set so that
 * "Reply" reaches the other side.
 */

type Draft = Omit<OutgoingMail, 'related'>;

/** The organisers read their notifications in Lithuanian. */
export const ORGANISER_LANGUAGE: Language = 'lt';

type MailConfig = Pick<Config, 'ORGANISER_EMAIL' | 'PUBLIC_URL'>;

function organiserRows(rows: DetailRow[], visitorLanguage: Language): DetailRow[] {
  const t = mailT(ORGANISER_LANGUAGE);
  return [
    ...rows,
    { label: t('mail:organiser.language'), value: t(`mail:organiser.languages.${visitorLanguage}`) },
  ];
}

export function registrationMails(data: RegistrationRequest, config: MailConfig): Draft[] {
  const t = mailT(data.language);
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
  const o = mailT(ORGANISER_LANGUAGE);
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

export function contactMails(data: ContactRequest, config: MailConfig): Draft[] {
  const t = mailT(data.language);
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
  const o = mailT(ORGANISER_LANGUAGE);
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

export function sponsorApplicationMails(data: SponsorApplicationRequest, config: MailConfig): Draft[] {
  const t = mailT(data.language);
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
  const o = mailT(ORGANISER_LANGUAGE);
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
