import { useTranslation } from '~/platform/i18n/useTranslation';
import { useSiteData } from '~/platform/content/site-data';
import { useLanguage } from '~/platform/i18n/LanguageProvider';

/**
 * What a text can say as {{placeholders}}, with what each writes now (the published event
 * facts, in the editor's language): read off the site's own values, so a new one shows here.
 */
export function PlaceholderList() {
  const { t } = useTranslation('content');
  const { language } = useLanguage();
  const values = useSiteData().eventTexts[language];
  return (
    <details className="rounded-xl border border-black/10 bg-white p-4 text-sm">
      <summary className="cursor-pointer font-bold">{t('placeholders.title')}</summary>
      <p className="mt-2 text-muted">{t('placeholders.intro', { example: '{{quietFrom}}' })}</p>
      <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[auto_minmax(0,1fr)]">
        {Object.entries(values).map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="mt-2 sm:mt-0">
              <code className="rounded bg-sand px-1">{`{{${name}}}`}</code>
            </dt>
            <dd className="break-words text-muted">{value || t('placeholders.empty')}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
