import type { KeysBefore } from '~/platform/i18n/keys';
import type { Translate } from '~/platform/i18n/translator';
import type { Config } from '~/platform/config/config.server';
import type { DetailRow } from '~/platform/forms/details';
import { serverT } from '~/platform/i18n/server-i18n.server';
import type { Language } from '~/platform/i18n/languages';
import { mailContacts } from './contacts.server';
import { renderMail } from './layout.server';
import type { OutgoingMail } from './outbox.server';

/** An e-mail to queue with a record (the record's id is added when it is stored). */
export type MailDraft = Omit<OutgoingMail, 'related'>;

/** The organisers read their notifications in Lithuanian. */
const ORGANISER_LANGUAGE: Language = 'lt';

type MailConfig = Pick<Config, 'ORGANISER_EMAIL' | 'PUBLIC_URL'>;

/** A pack prefix with a `.subject`, a `.heading` and a `.details` text under it. */
type MailTexts = KeysBefore<'subject'> & KeysBefore<'heading'> & KeysBefore<'details'>;

export interface FormMailsOptions {
  config: MailConfig;
  /** The person who sent the form, in their language. */
  visitor: {
    language: Language;
    email: string;
    template: string;
    /** Pack prefix of its texts: `<keys>.subject|heading|details` (e.g. 'mail:contact.acknowledgement'). */
    keys: MailTexts;
    /** The paragraphs after the greeting: fixed texts, never what the sender typed. */
    paragraphs: (t: Translate) => string[];
    list?: (t: Translate) => { title: string; items: string[] };
    /** The private link to see, correct or delete what was sent (platform/privacy). */
    manageUrl?: string;
  };
  /** The notice to the organisers: who sent what, with "Reply" going to the visitor. */
  organiser: {
    template: string;
    keys: MailTexts;
    subjectVars: (t: Translate) => Record<string, unknown>;
    intro: (t: Translate) => string;
  };
  /** The submitted details as rows, in the reader's language. */
  details: (t: Translate) => DetailRow[];
}

/**
 * A public form's two e-mails: one to the visitor, in their language, and one to the
 * organisers, in Lithuanian, each with reply-to set so "Reply" reaches the other side.
 *
 * The visitor's address is not confirmed: anyone can type anyone's. So their mail is a fixed
 * acknowledgement that never carries what was typed (no name in the greeting, only the
 * details chosen from fixed lists), or the form would relay a stranger's text to any address;
 * it is marked `autoReply` and limited per address per day (form-endpoint.server.ts).
 */
export function formMails({ config, visitor, organiser, details }: FormMailsOptions): MailDraft[] {
  const t = serverT(visitor.language);
  const toVisitor = renderMail(
    {
      language: visitor.language,
      subject: t(`${visitor.keys}.subject`, { event: t('common:site.name') }),
      heading: t(`${visitor.keys}.heading`),
      paragraphs: [t('mail:greetingPlain'), ...visitor.paragraphs(t)],
      details: { title: t(`${visitor.keys}.details`), rows: details(t).filter((row) => row.fixed) },
      list: visitor.list?.(t),
      ...(visitor.manageUrl
        ? {
            action: { label: t('mail:manage.button'), href: visitor.manageUrl },
            closing: [t('mail:manage.text')],
          }
        : {}),
    },
    config.PUBLIC_URL,
  );
  const o = serverT(ORGANISER_LANGUAGE);
  const toOrganisers = renderMail(
    {
      language: ORGANISER_LANGUAGE,
      subject: o(`${organiser.keys}.subject`, organiser.subjectVars(o)),
      heading: o(`${organiser.keys}.heading`),
      paragraphs: [organiser.intro(o), o('mail:organiser.replyHint', { email: visitor.email })],
      details: {
        title: o(`${organiser.keys}.details`),
        rows: [
          ...details(o),
          { label: o('mail:organiser.language'), value: o(`mail:organiser.languages.${visitor.language}`) },
        ],
      },
    },
    config.PUBLIC_URL,
  );
  return [
    { template: organiser.template, to: config.ORGANISER_EMAIL, replyTo: visitor.email, ...toOrganisers },
    {
      template: visitor.template,
      to: visitor.email,
      replyTo: mailContacts().email,
      autoReply: true,
      ...toVisitor,
    },
  ];
}
