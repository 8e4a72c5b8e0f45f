import type { Transaction } from 'kysely';
import { contentOf, type SiteContent } from '~/platform/content/content-type';
import type { Config } from '~/platform/config/config.server';
import type { Database, MailAttachment } from '~/platform/db/schema';
import { fillPlaceholders } from '~/platform/event/format';
import { eventPlaceholders } from '~/platform/event/placeholders';
import type { Language } from '~/platform/i18n/languages';
import { renderMail, type MailContent, type RenderedMail } from '~/platform/mail/layout.server';
import { enqueueMail } from '~/platform/mail/outbox.server';
import { eventContent } from '~/platform/site-content/event';

type Localized = { lt: string; en: string };

/** One e-mail's texts in Registracijos laiškai (mail-texts.ts). */
interface ContentMailTexts {
  subject: Localized;
  heading: Localized;
  intro: Localized;
  closing: Localized;
}

/**
 * An e-mail whose words the organisers write: its subject, heading, opening and closing in
 * `language` with the event facts' placeholders and `values` filled in; the details, a list or
 * a button are the caller's.
 */
export function renderContentMail(
  texts: ContentMailTexts,
  {
    content,
    language,
    values,
    publicUrl,
  }: {
    content: SiteContent;
    language: Language;
    values: Record<string, string>;
    publicUrl: string;
  },
  /** What else it holds; `fill` fills the same placeholders into other texts (a list's). */
  parts: (
    fill: (text: string) => string,
  ) => Pick<MailContent, 'details' | 'list' | 'action' | 'image'> = () => ({}),
): RenderedMail {
  const all = { ...eventPlaceholders(contentOf(content, eventContent), language), ...values };
  const fill = (text: string) => fillPlaceholders(text, all);
  const text = (field: Localized) => fill(field[language]);
  return renderMail(
    {
      language,
      subject: text(texts.subject),
      heading: text(texts.heading),
      paragraphs: [text(texts.intro)],
      ...parts(fill),
      closing: [text(texts.closing)],
    },
    publicUrl,
  );
}

/**
 * Queues an e-mail to a registration's participant, in the transaction of what it is about:
 * replies go to the organisers, and it is erased with the registration.
 */
export async function mailParticipant(
  trx: Transaction<Database>,
  config: Pick<Config, 'ORGANISER_EMAIL'>,
  registration: { id: string; email: string },
  template: string,
  mail: RenderedMail,
  attachments?: MailAttachment[],
) {
  await enqueueMail(trx, {
    template,
    to: registration.email,
    replyTo: config.ORGANISER_EMAIL,
    related: { table: 'registrations', id: registration.id },
    ...mail,
    ...(attachments ? { attachments } : {}),
  });
}
