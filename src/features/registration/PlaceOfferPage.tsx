import { useTranslation } from '~/platform/i18n/useTranslation';
import { Link } from 'react-router';
import type { FormAnswer } from '~/platform/forms/outcome';
import { formatDateTime, formatDayRange } from '~/platform/i18n/format';
import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { PATHS } from '~/platform/paths';
import { Button } from '~/platform/ui/Button';
import { Container } from '~/platform/ui/Container';
import { CalendarDays, CircleCheckBig, House, Tent } from '~/platform/ui/icons/icons';
import { PageMeta } from '~/platform/ui/PageMeta';
import type { OfferView } from './places';

const REFUSALS: Partial<Record<OfferView['state'], string>> = {
  lapsed: 'places.offer.expired',
  ended: 'places.offer.ended',
  unknown: 'places.offer.unknown',
};

/**
 * The e-mailed link's page (issues 32, 42): a freed place offered for one weekend, accepted
 * with one button. Drawn by the server for the link's token (`offer`: which weekend, until
 * when, or why not), then a plain form posting to this very address: the same with or
 * without scripts; the answer is this page again, accepted or why not.
 */
export function PlaceOfferPage({ answer, offer }: { answer: FormAnswer | undefined; offer?: OfferView }) {
  const { t } = useTranslation(['registration', 'common']);
  const { language } = useLanguage();
  const accepted = answer ? answer.status === 'sent' : offer?.state === 'accepted';
  const refusal = answer
    ? answer.status === 'rejected'
      ? answer.message
      : answer.status === 'invalid'
        ? REFUSALS.unknown
        : undefined
    : offer && REFUSALS[offer.state];
  // A lapsed, ended or unknown offer cannot be accepted: no button then.
  const closed = answer
    ? (answer.status === 'rejected' && answer.code !== 429) || answer.status === 'invalid'
    : !!refusal;
  return (
    <>
      <PageMeta title={t('places.offer.metaTitle')} description={t('places.offer.lead')} />
      <Container className="grid max-w-2xl justify-items-center gap-5 py-12 text-center sm:py-16">
        {accepted ? (
          <CircleCheckBig aria-hidden="true" className="h-14 w-14 text-forest-600" />
        ) : (
          <Tent aria-hidden="true" className="h-14 w-14 text-ember-600" />
        )}
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-5xl">
          {accepted
            ? t('places.offer.acceptedTitle')
            : closed
              ? t('places.offer.closedTitle')
              : t('places.offer.title')}
        </h1>
        {offer?.weekend ? (
          <p className="flex items-center gap-2 rounded-full bg-sand px-4 py-2 font-semibold text-forest-700">
            <CalendarDays aria-hidden="true" className="h-5 w-5 shrink-0" />
            {t('places.offer.forWeekend', {
              dates: formatDayRange(offer.weekend.start, offer.weekend.end, language),
            })}
          </p>
        ) : null}
        {accepted ? (
          <p role="status" className="text-lg text-muted">
            {t('places.offer.acceptedText')}
          </p>
        ) : (
          <>
            {closed ? null : <p className="text-lg text-muted">{t('places.offer.lead')}</p>}
            {offer?.deadline && !refusal ? (
              <p className="font-semibold">
                {t('places.offer.deadline', { deadline: formatDateTime(offer.deadline, language) })}
              </p>
            ) : null}
            {refusal ? (
              <p role="alert" className="rounded-xl bg-red-50 p-4 font-medium text-red-800">
                {t(refusal)}
              </p>
            ) : null}
            {closed ? null : (
              <form method="post">
                <Button type="submit" size="lg">
                  <CircleCheckBig aria-hidden="true" className="h-5 w-5" />
                  {t('places.offer.accept')}
                </Button>
              </form>
            )}
          </>
        )}
        <Button asChild variant="outline">
          <Link to={PATHS.home}>
            <House aria-hidden="true" className="h-5 w-5" />
            {t('places.home')}
          </Link>
        </Button>
      </Container>
    </>
  );
}
