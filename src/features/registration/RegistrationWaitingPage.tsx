import { useTranslation } from '~/platform/i18n/useTranslation';
import { Link, useLocation } from 'react-router';
import { localeOf, numberFormat } from '~/platform/i18n/format';
import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { PATHS } from '~/platform/paths';
import { Button } from '~/platform/ui/Button';
import { Container } from '~/platform/ui/Container';
import { Hourglass, House, MailCheck } from '~/platform/ui/icons/icons';
import { PageMeta } from '~/platform/ui/PageMeta';
import type { RegistrationSuccessState } from './RegistrationForm';
import { OutcomeHeader } from './OutcomeHeader';

/** After a registration over the event's limits (issue 32): on the waiting list, and what comes next. */
export function RegistrationWaitingPage({ position }: { position: number | null }) {
  const { t } = useTranslation('registration');
  const { language } = useLanguage();
  const state = useLocation().state as RegistrationSuccessState | null;
  return (
    <>
      <PageMeta title={t('places.waiting.metaTitle')} description={t('places.waiting.lead')} />
      <OutcomeHeader
        icon={Hourglass}
        badge={t('places.waiting.badge')}
        title={t('places.waiting.title')}
        lead={t('places.waiting.lead')}
        className={{ header: 'bg-gradient-to-b from-amber-50 to-cream', icon: 'text-ember-600' }}
      >
        <p className="mx-auto mt-6 max-w-2xl text-2xl font-bold text-forest-700">
          {position === null
            ? t('places.waiting.positionInMail')
            : t('places.waiting.position', { position: numberFormat(localeOf(language)).format(position) })}
        </p>
        {state?.email ? (
          <p className="mx-auto mt-2 max-w-2xl break-words text-muted">
            {t('places.waiting.sentTo', { email: state.email })}
          </p>
        ) : null}
      </OutcomeHeader>
      <Container className="grid max-w-3xl gap-6 pb-16">
        <section aria-labelledby="waiting-next" className="rounded-2xl bg-sand p-6 sm:p-8">
          <h2 id="waiting-next" className="flex items-center gap-2 text-2xl font-bold">
            <MailCheck aria-hidden="true" className="h-6 w-6 text-ember-700" />
            {t('places.waiting.nextTitle')}
          </h2>
          <p className="mt-3">{t('places.waiting.next')}</p>
        </section>
        <div className="flex justify-center">
          <Button asChild size="lg">
            <Link to={PATHS.home}>
              <House aria-hidden="true" className="h-5 w-5" />
              {t('places.home')}
            </Link>
          </Button>
        </div>
      </Container>
    </>
  );
}
