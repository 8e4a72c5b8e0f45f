import { useLanguage } from '~/platform/i18n/LanguageProvider';
import type { Language } from '~/platform/i18n/languages';

/**
 * The event for search engines (schema.org JSON-LD), from the published event facts: the
 * script texts come from the page's loader (`eventJsonLdScripts`, server only).
 */
export function EventJsonLd({ scripts }: { scripts: Record<Language, string> }) {
  const { language } = useLanguage();
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scripts[language] }} />;
}
