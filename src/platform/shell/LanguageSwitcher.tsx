import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '~/platform/i18n/languages';
import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { cn } from '~/platform/ui/cn';

export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { language, changeLanguage } = useLanguage();
  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className={cn('rounded-full border border-black/10 bg-white p-0.5', className ?? 'inline-flex')}
    >
      {LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          aria-pressed={language === lng}
          title={t(`language.${lng}Name`)}
          onClick={() => void changeLanguage(lng)}
          className={cn(
            'h-8 min-w-11 cursor-pointer rounded-full px-3 text-sm font-bold transition-colors',
            language === lng ? 'bg-ember-600 text-white' : 'text-muted hover:bg-sand',
          )}
        >
          {t(`language.${lng}`)}
        </button>
      ))}
    </div>
  );
}
