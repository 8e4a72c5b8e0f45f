import {
  ArrowRight,
  BadgeCheck,
  Handshake,
  Mail,
  MapPin,
  MessageSquare,
  Phone,
  Sparkles,
} from '~/platform/ui/icons/icons';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '~/platform/shell/NotFoundPage';
import { BackLink } from '~/platform/ui/BackLink';
import { Badge } from '~/platform/ui/Badge';
import { Button } from '~/platform/ui/Button';
import { Card } from '~/platform/ui/Card';
import { Container } from '~/platform/ui/Container';
import { DemoBadge } from '~/platform/ui/DemoBadge';
import { IconTile } from '~/platform/ui/IconTile';
import { PageMeta } from '~/platform/ui/PageMeta';
import { findShowcase, SHOWCASE_ICONS, type ShowcaseContacts, type ShowcaseId } from './showcases';
import { isPlaceholderShowcase } from './placeholder';
import { PATHS } from '~/platform/paths';
import { usePageTexts } from '~/platform/content/PageTexts';

interface Offering {
  title: string;
  description: string;
}

/** /sponsor/:id — one page for every sponsor, driven by its content (`showcases.<id>`). */
export function SponsorShowcasePage() {
  const { id } = useParams();
  const showcase = findShowcase(id);
  // Any other number is simply a page that does not exist.
  if (!showcase) return <NotFoundPage />;
  return <ShowcaseView id={showcase} />;
}

function ShowcaseView({ id }: { id: ShowcaseId }) {
  const t = usePageTexts();
  const key = (path: string) => `showcases.${id}.${path}`;
  const showcase = t.tree<ShowcaseContacts>(`showcases.${id}`);
  const title = t('number', { number: id });
  const name = t(key('name'));
  const benefits = t.tree<string[]>(key('benefits'));
  const offerings = t.tree<Offering[]>(key('offerings'));

  return (
    <>
      <PageMeta title={`${title}: ${name}`} description={t(key('tagline'))} />
      {/* Still the first content's example contact: kept out of search results until filled. */}
      {isPlaceholderShowcase(showcase) ? <meta name="robots" content="noindex" /> : null}
      <header className="bg-gradient-to-b from-sand to-cream">
        <Container className="py-8 sm:py-12">
          <BackLink to={PATHS.home}>{t('back')}</BackLink>
          <div className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-center">
            <IconTile icon={SHOWCASE_ICONS[id]} tone="ember" size="2xl" />
            <div>
              <Badge>{t('badge')}</Badge>
              <h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
              <p className="mt-2 text-xl font-semibold text-ember-800">{name}</p>
              <p className="mt-2 max-w-2xl text-lg text-muted">{t(key('tagline'))}</p>
            </div>
          </div>
        </Container>
      </header>

      <Container className="grid gap-8 py-12 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-8">
          <Card className="p-6 sm:p-8">
            <section aria-labelledby="sponsor-about">
              <h2 id="sponsor-about" className="text-2xl font-extrabold">
                {t('aboutTitle')}
              </h2>
              <p className="mt-3 text-lg leading-relaxed">{t(key('about'))}</p>
            </section>
          </Card>

          <section aria-labelledby="sponsor-benefits">
            <h2 id="sponsor-benefits" className="text-2xl font-extrabold">
              {t('benefitsTitle')}
            </h2>
            <ul className="mt-4 grid gap-3 sm:grid-cols-3">
              {benefits.map((benefit) => (
                <li
                  key={benefit}
                  className="flex gap-3 rounded-2xl border border-forest-100 bg-forest-50 p-4 font-medium text-forest-900"
                >
                  <BadgeCheck aria-hidden="true" className="h-5 w-5 shrink-0 text-forest-600" />
                  {benefit}
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="sponsor-offerings">
            <h2 id="sponsor-offerings" className="text-2xl font-extrabold">
              {t('offeringsTitle')}
            </h2>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2">
              {offerings.map((offering) => (
                <li key={offering.title}>
                  <Card className="h-full border-l-4 border-l-ember-500 p-5">
                    <h3 className="font-bold">{offering.title}</h3>
                    <p className="mt-1 text-sm text-muted">{offering.description}</p>
                  </Card>
                </li>
              ))}
            </ul>
          </section>
        </div>

        <div className="space-y-6 lg:sticky lg:top-24 lg:self-start">
          <Card>
            <h2 id="sponsor-contact" className="text-xl font-bold">
              {t('contact.title')}
            </h2>
            <DemoBadge label={t('contact.demo')} note={t('contact.demoNote')} className="mt-3" />
            <ul className="mt-5 space-y-3">
              {[
                { id: 'phone', icon: Phone, value: showcase.phone },
                { id: 'email', icon: Mail, value: showcase.email },
                { id: 'area', icon: MapPin, value: t(key('area')) },
              ].map((row) => (
                <li key={row.id} className="flex items-center gap-3">
                  <IconTile icon={row.icon} tone="forest" size="sm" />
                  <div className="min-w-0">
                    <span className="block text-xs font-semibold text-muted uppercase">
                      {t(`contact.${row.id}`)}
                    </span>
                    <span className="block font-semibold break-words">{row.value}</span>
                  </div>
                </li>
              ))}
            </ul>
            <Button asChild className="mt-6 w-full">
              <Link to={PATHS.contacts}>
                <MessageSquare aria-hidden="true" className="h-4 w-4" />
                {t('contact.button')}
              </Link>
            </Button>
            <p className="mt-2 text-center text-xs text-muted">{t('contact.buttonNote')}</p>
          </Card>

          {showcase.becomeSponsor ? (
            <div className="rounded-2xl bg-gradient-to-br from-ember-600 to-ember-800 p-6 text-white shadow-sm">
              <Sparkles aria-hidden="true" className="h-8 w-8 text-amber-flag" />
              <h2 className="mt-3 text-xl font-bold">{t('become.title')}</h2>
              <p className="mt-2 text-white/90">{t('become.text')}</p>
              <Button asChild variant="light" className="mt-5">
                <Link to={PATHS.becomeSponsor}>
                  {t('become.button')}
                  <ArrowRight aria-hidden="true" className="h-4 w-4" />
                </Link>
              </Button>
            </div>
          ) : null}

          <p className="flex items-center gap-2 text-sm text-muted">
            <Handshake aria-hidden="true" className="h-5 w-5 shrink-0 text-ember-600" />
            {t('thanks')}
          </p>
        </div>
      </Container>
    </>
  );
}
