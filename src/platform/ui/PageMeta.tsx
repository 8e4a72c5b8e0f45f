import { useTranslation } from '~/platform/i18n/useTranslation';
import { useLocation } from 'react-router';
import { useSiteData } from '~/platform/content/site-data';

/** A page's picture for link previews: its address (relative or absolute) and what it shows. */
export interface MetaImage {
  src: string;
  alt: string;
}

/** The site's own preview picture (public/og-image.png, 1200×630) for pages without one. */
const SITE_IMAGE = { src: '/og-image.png', width: 1200, height: 630 };

/**
 * Per-page <title>, description, Open Graph and hreflang tags. React 19 hoists these into
 * <head>, both in the prerendered HTML and after a language switch in the browser. A page
 * with a picture of its own (a photo, a product) passes it as `image`.
 */
export function PageMeta({
  title,
  description,
  image,
}: {
  title: string;
  description: string;
  image?: MetaImage;
}) {
  const { i18n, t } = useTranslation();
  const { siteUrl } = useSiteData();
  // One URL per page: prerendering sees '/istorija/', a visitor may type either form.
  const pathname = useLocation().pathname.replace(/(.)\/+$/, '$1');
  const url = new URL(pathname, siteUrl).toString();
  const englishUrl = `${url}?lang=en`;
  // Each language version is canonical for itself; hreflang links the two.
  const canonical = i18n.language === 'en' ? englishUrl : url;
  const fullTitle = `${title} | ${t('common:site.shortName')}`;
  const preview = image ?? { ...SITE_IMAGE, alt: t('common:site.imageAlt') };
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={t('common:site.name')} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={new URL(preview.src, siteUrl).toString()} />
      <meta property="og:image:alt" content={preview.alt} />
      {image ? null : (
        <>
          <meta property="og:image:width" content={String(SITE_IMAGE.width)} />
          <meta property="og:image:height" content={String(SITE_IMAGE.height)} />
        </>
      )}
      <meta name="twitter:card" content="summary_large_image" />
      <meta property="og:locale" content={i18n.language === 'en' ? 'en_GB' : 'lt_LT'} />
      <link rel="canonical" href={canonical} />
      <link rel="alternate" hrefLang="lt" href={url} />
      <link rel="alternate" hrefLang="en" href={englishUrl} />
      <link rel="alternate" hrefLang="x-default" href={url} />
    </>
  );
}
