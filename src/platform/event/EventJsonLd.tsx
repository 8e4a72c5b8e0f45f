import { useSiteData } from '~/platform/content/site-data';
import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { SITE_URL } from '~/platform/site';
import { eventJsonLd } from './json-ld';

/** The event for search engines (schema.org JSON-LD), from the published event facts. */
export function EventJsonLd() {
  const { event, contacts } = useSiteData();
  const { language } = useLanguage();
  // `<` escaped so no text in the facts can close the script element.
  const json = JSON.stringify(eventJsonLd(event, contacts, language, SITE_URL)).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
