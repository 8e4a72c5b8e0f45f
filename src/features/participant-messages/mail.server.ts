import { contentOf, type SiteContent } from '~/platform/content/content-type';
import { fillPlaceholders } from '~/platform/event/format';
import { eventPlaceholders } from '~/platform/event/placeholders';
import type { Language } from '~/platform/i18n/languages';
import { renderMail, type RenderedMail } from '~/platform/mail/layout.server';
import { eventContent } from '~/platform/site-content/event';
import type { MessageTexts } from './messages';

export const MESSAGE_TEMPLATE = 'participant.message';

/** The body's paragraphs: separated by an empty line (a single line break stays within one). */
const paragraphsOf = (body: string) =>
  body
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');

/**
 * A message as the e-mail in one language: the site's one layout, the subject as its heading,
 * the body's paragraphs as plain text (escaped in the HTML part), the event facts'
 * {{placeholders}} filled in. The preview shows exactly this.
 */
export function renderMessage(
  texts: MessageTexts,
  language: Language,
  content: SiteContent,
  publicUrl: string,
): RenderedMail {
  const values = eventPlaceholders(contentOf(content, eventContent), language);
  const fill = (text: string) => fillPlaceholders(text, values);
  const subject = fill(texts.subject[language]);
  return renderMail(
    { language, subject, heading: subject, paragraphs: paragraphsOf(fill(texts.body[language])) },
    publicUrl,
  );
}
