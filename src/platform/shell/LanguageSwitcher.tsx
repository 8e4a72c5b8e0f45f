import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LANGUAGES } from '~/platform/i18n/languages';
import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { actAsButton } from '~/platform/ui/act-as-button';
import { cn } from '~/platform/ui/cn';

export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { language, changeLanguage } = useLanguage();
  const { pathname } = useLocation();
  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className={cn('rounded-full border border-black/10 bg-white p-0.5', className ?? 'inline-flex')}
    >
      {LANGUAGES.map((lng) => (
        // A link to this page in that language until the scripts run (or if they never do).
        <a
          key={lng}
          href={`${pathname}?lang=${lng}`}
          {...actAsButton(() => void changeLanguage(lng))}
          lang={lng}
          aria-pressed={language === lng}
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
