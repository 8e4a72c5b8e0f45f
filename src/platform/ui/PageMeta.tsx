import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { SITE_URL } from '~/platform/site';

/**
 * Per-page <title>, description, Open Graph and hreflang tags. React 19 hoists these into
 * <head>, both in the prerendered HTML and after a language switch in the browser.
 */
export function PageMeta({ title, description }: { title: string; description: string }) {
  const { i18n, t } = useTranslation();
  // One URL per page: prerendering sees '/istorija/', a visitor may type either form.
  const pathname = useLocation().pathname.replace(/(.)\/+$/, '$1');
  const url = new URL(pathname, SITE_URL).toString();
  const englishUrl = `${url}?lang=en`;
  // Each language version is canonical for itself; hreflang links the two.
  const canonical = i18n.language === 'en' ? englishUrl : url;
  const fullTitle = `${title} | ${t('common:site.shortName')}`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={t('common:site.name')} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={new URL('/og-image.png', SITE_URL).toString()} />
      <meta property="og:locale" content={i18n.language === 'en' ? 'en_GB' : 'lt_LT'} />
      <link rel="canonical" href={canonical} />
      <link rel="alternate" hrefLang="lt" href={url} />
      <link rel="alternate" hrefLang="en" href={englishUrl} />
      <link rel="alternate" hrefLang="x-default" href={url} />
    </>
  );
}
