import { useTranslation } from '~/platform/i18n/useTranslation';
import { Link } from 'react-router';
import type { FormAnswer } from '~/platform/forms/outcome';
import { PATHS } from '~/platform/paths';
import { Button } from '~/platform/ui/Button';
import { Container } from '~/platform/ui/Container';
import { CircleCheckBig, House, Tent } from '~/platform/ui/icons/icons';
import { PageMeta } from '~/platform/ui/PageMeta';

/**
 * The e-mailed link's page (issue 32): a freed place offered, accepted with one button. A
 * plain form posting to this very address (the token is in it): the same with or without
 * scripts; the answer is this page again, accepted or why not.
 */
export function PlaceOfferPage({ answer }: { answer: FormAnswer | undefined }) {
  const { t } = useTranslation(['registration', 'common']);
  const accepted = answer?.status === 'sent';
  const refused = answer?.status === 'rejected' || answer?.status === 'invalid';
  // A lapsed offer cannot be accepted again: no button then.
  const lapsed = answer?.status === 'rejected' && answer.code === 410;
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
          {accepted ? t('places.offer.acceptedTitle') : t('places.offer.title')}
        </h1>
        {accepted ? (
          <p role="status" className="text-lg text-muted">
            {t('places.offer.acceptedText')}
          </p>
        ) : (
          <>
            <p className="text-lg text-muted">{t('places.offer.lead')}</p>
            {refused ? (
              <p role="alert" className="rounded-xl bg-red-50 p-4 font-medium text-red-800">
                {t(answer.status === 'rejected' ? answer.message : 'places.offer.unknown')}
              </p>
            ) : null}
            {lapsed ? null : (
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
