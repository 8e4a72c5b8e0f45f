import { CalendarPlus } from '~/platform/ui/icons/icons';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { Button, type ButtonVariant } from '~/platform/ui/Button';
import { calendarUrl } from './calendar-api';

/** Downloads the event as a calendar file (.ics) in the page's language. */
export function AddToCalendar({
  variant = 'outline',
  className,
}: {
  variant?: ButtonVariant;
  className?: string;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <Button asChild variant={variant} className={className}>
      <a href={calendarUrl(language)} download>
        <CalendarPlus aria-hidden="true" className="h-5 w-5" />
        {t('addToCalendar')}
      </a>
    </Button>
  );
}
