import { ArrowLeft, CalendarDays, MapPin, PoundSterling, Sun, Tent, Ticket } from '~/platform/ui/icons/icons';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Link } from 'react-router';
import { Badge } from '~/platform/ui/Badge';
import { Button } from '~/platform/ui/Button';
import { Container } from '~/platform/ui/Container';
import { PageMeta } from '~/platform/ui/PageMeta';
import { RegistrationForm } from './RegistrationForm';
import { RegistrationWindow } from './RegistrationWindow';
import { PlacesNotice } from './PlacesNotice';
import { useSiteData } from '~/platform/content/site-data';
import { PATHS } from '~/platform/paths';
import { usePageTexts } from '~/platform/content/PageTexts';
import { useLanguage } from '~/platform/i18n/LanguageProvider';

interface Fact {
  label: string;
  value: string;
}

// One icon per fact of `registration.aside.facts`, in the same order.
const FACT_ICONS = [CalendarDays, MapPin, Ticket, Tent, Sun];

export function RegistrationPage() {
  const t = usePageTexts();
  const facts = t.tree<Fact[]>('registration.aside.facts');
  const { phase, event, eventTexts } = useSiteData();
  const { t: tr } = useTranslation('registration');
  const { language } = useLanguage();
  return (
    <>
      <PageMeta title={t('registration.meta.title')} description={t('registration.meta.description')} />
      <header className="bg-gradient-to-b from-sand to-cream pt-6 pb-10 sm:pb-14">
        <Container>
          <Button asChild variant="ghost" size="sm" className="-ml-3">
            <Link to={PATHS.home}>
              <ArrowLeft aria-hidden="true" className="h-4 w-4" />
              {t('registration.back')}
            </Link>
          </Button>
          <div className="mt-4 text-center">
            <Badge>{t('registration.badge')}</Badge>
            <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-5xl">
              {t('registration.title')}
            </h1>
            <p className="mx-auto mt-4 max-w-2xl text-lg text-muted">{t('registration.lead')}</p>
            {phase.registration === 'open' && event.registration.closes ? (
              <p className="mt-3 font-semibold text-forest-700">
                {tr('window.openUntil', eventTexts[language])}
              </p>
            ) : null}
            {phase.registration === 'open' ? <PlacesNotice /> : null}
          </div>
        </Container>
      </header>
      <Container className="grid items-start gap-8 pb-16 lg:grid-cols-[minmax(0,1fr)_20rem]">
        {phase.registration === 'open' ? <RegistrationForm /> : <RegistrationWindow phase={phase} />}
        <aside
          aria-labelledby="registration-facts"
          className="rounded-2xl bg-forest-700 p-6 text-white shadow-sm lg:sticky lg:top-24"
        >
          <h2 id="registration-facts" className="text-lg font-bold">
            {t('registration.aside.title')}
          </h2>
          <dl className="mt-4 grid gap-4">
            {facts.map((fact, index) => {
              const Icon = FACT_ICONS[index] ?? PoundSterling;
              return (
                <div key={fact.label} className="relative pl-8">
                  <dt className="text-sm font-semibold text-forest-100">
                    <Icon aria-hidden="true" className="absolute top-0.5 left-0 h-5 w-5 text-amber-flag" />
                    {fact.label}
                  </dt>
                  <dd className="mt-0.5">{fact.value}</dd>
                </div>
              );
            })}
          </dl>
          <p className="mt-6 border-t border-white/20 pt-4 text-sm text-forest-100">
            {t('registration.aside.questions')}{' '}
            <Link to={PATHS.contacts} className="font-semibold text-white underline underline-offset-2">
              {t('registration.aside.contact')}
            </Link>
          </p>
        </aside>
      </Container>
    </>
  );
}
