import { useTranslation } from '~/platform/i18n/useTranslation';
import { useLocation } from 'react-router';
import { LANGUAGES, saveLanguage } from '~/platform/i18n/languages';
import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { cn } from '~/platform/ui/cn';

/**
 * Links to this page in each language. Following one loads that language's page, with or
 * without scripts: a page holds only its own language (decision 0045). With scripts the
 * choice is saved first (cookie and this browser), so the server keeps sending it.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { pathname } = useLocation();
  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className={cn('rounded-full border border-black/10 bg-white p-0.5', className ?? 'inline-flex')}
    >
      {LANGUAGES.map((lng) => (
        <a
          key={lng}
          href={`${pathname}?lang=${lng}`}
          onClick={() => saveLanguage(lng)}
          lang={lng}
          hrefLang={lng}
          aria-current={language === lng ? 'true' : undefined}
          title={t(`language.${lng}Name`)}
          className={cn(
            'inline-flex h-8 min-w-11 cursor-pointer items-center justify-center rounded-full px-3 text-sm font-bold transition-colors',
            language === lng ? 'bg-ember-600 text-white' : 'text-muted hover:bg-sand',
          )}
        >
          {t(`language.${lng}`)}
        </a>
      ))}
    </div>
  );
}
