import { useTranslation } from '~/platform/i18n/useTranslation';
import { Link } from 'react-router';
import { useSiteData } from '~/platform/content/site-data';
import type { EventPhase } from '~/platform/event/phase';
import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { PATHS } from '~/platform/paths';
import { Button } from '~/platform/ui/Button';
import { CalendarDays, Mail } from '~/platform/ui/icons/icons';

/**
 * In place of the form while registration is not open (issue 30): when it opens, or that it
 * has closed, or that the weekend is over; the server refuses a post then too.
 */
export function RegistrationWindow({ phase }: { phase: EventPhase }) {
  const { t } = useTranslation('registration');
  const { eventTexts } = useSiteData();
  const { language } = useLanguage();
  const state = phase.registration === 'notYet' ? 'notYet' : phase.over ? 'over' : 'closed';
  return (
    <section
      aria-labelledby="registration-window"
      className="grid gap-4 rounded-2xl border border-black/5 bg-white p-5 shadow-sm sm:p-8"
    >
      <CalendarDays aria-hidden="true" className="h-8 w-8 text-ember-600" />
      <h2 id="registration-window" className="text-2xl font-extrabold tracking-tight">
        {t(`window.${state}Title`, eventTexts[language])}
      </h2>
      <p className="text-lg text-muted">{t(`window.${state}Text`)}</p>
      <div>
        <Button asChild variant="outline">
          <Link to={PATHS.contacts}>
            <Mail aria-hidden="true" className="h-5 w-5" />
            {t('window.contact')}
          </Link>
        </Button>
      </div>
    </section>
  );
}
