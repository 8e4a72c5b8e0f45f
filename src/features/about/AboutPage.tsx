import {
  ArrowRight,
  Baby,
  CalendarDays,
  CircleCheck,
  Clock,
  ExternalLink as ExternalIcon,
  Flame,
  MapPin,
  Sailboat,
  Tent,
  Ticket,
  Trophy,
  Users,
  Volleyball,
  type IconComponent,
} from '~/platform/ui/icons/icons';
import type { ReactNode } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Link } from 'react-router';
import { photoList } from '~/platform/content/photo-list';
import type { Photo } from '~/platform/media/photos';
import { Button } from '~/platform/ui/Button';
import { Card } from '~/platform/ui/Card';
import { ExternalLink } from '~/platform/ui/ExternalLink';
import { Gallery } from '~/platform/ui/Gallery';
import { actAsButton } from '~/platform/ui/act-as-button';
import { PageHeader } from '~/platform/ui/PageHeader';
import { PageMeta } from '~/platform/ui/PageMeta';
import { IconTile } from '~/platform/ui/IconTile';
import { Section } from '~/platform/ui/Section';
import { AddToCalendar } from '~/platform/event/AddToCalendar';
import { mapLink } from '~/platform/event/format';
import { useSiteData } from '~/platform/content/site-data';
import { PATHS } from '~/platform/paths';
import { usePageTexts } from '~/platform/content/PageTexts';
import { RichText } from '~/platform/content/RichText';

const EXPECT = [
  { key: 'competition', icon: Trophy },
  { key: 'bonfire', icon: Flame },
  { key: 'water', icon: Sailboat },
  { key: 'kids', icon: Baby },
  { key: 'sport', icon: Volleyball },
  { key: 'community', icon: Users },
] as const;

interface HoursRow {
  label: string;
  value: string;
}

interface PriceRow {
  item: string;
  price: string;
}

/** Photos shown on the page (the gallery has all of them). */
const PHOTOS_SHOWN = 6;

export function AboutPage({ photos }: { photos: Record<string, Photo> }) {
  const t = usePageTexts();
  return (
    <>
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <PageHeader badge={t('hero.badge')} title={t('title')} lead={t('hero.lead')}>
        <KeyFacts />
      </PageHeader>
      <Venue />
      <Prices />
      <Section eyebrow={t('expect.eyebrow')} title={t('expect.title')}>
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {EXPECT.map(({ key, icon: Icon }) => (
            <li key={key}>
              <Card className="flex h-full gap-4">
                <IconTile icon={Icon} />
                <div>
                  <h3 className="font-bold">{t(`expect.${key}.title`)}</h3>
                  <p className="mt-1 text-muted">{t(`expect.${key}.text`)}</p>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <Section
        tone="sand"
        eyebrow={t('history.eyebrow')}
        title={t('history.title')}
        lead={<RichText blocks={t.rich('history.text')} />}
      >
        <p className="text-center">
          <Button asChild variant="outline">
            <Link to={PATHS.history}>
              {t('history.link')}
              <ArrowRight aria-hidden="true" className="h-5 w-5" />
            </Link>
          </Button>
        </p>
      </Section>
      <Photos photos={photos} />
      <Section title={t('cta.title')} lead={t('cta.text')}>
        <div className="flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to={PATHS.registration}>{t('cta.register')}</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={PATHS.contacts}>{t('cta.contact')}</Link>
          </Button>
        </div>
      </Section>
    </>
  );
}

function KeyFacts() {
  const t = usePageTexts();
  const { t: tc } = useTranslation();
  const { event } = useSiteData();
  return (
    <dl className="mx-auto mt-10 grid max-w-5xl grid-cols-1 gap-4 text-left md:grid-cols-3">
      <Fact icon={CalendarDays} label={t('facts.when.label')} value={t('facts.when.value')}>
        {t('facts.when.note')}
        <AddToCalendar variant="ghost" className="mt-2 -ml-3" />
      </Fact>
      <Fact icon={MapPin} label={t('facts.where.label')} value={t('facts.where.value')}>
        {t('facts.where.note')}{' '}
        <ExternalLink
          href={mapLink(event)}
          className="mt-1 inline-flex items-center gap-1 font-semibold text-ember-700 underline-offset-4 hover:underline"
        >
          {t('facts.where.map')}
          <ExternalIcon aria-hidden="true" className="h-4 w-4" />
          <span className="sr-only">{tc('common:external.newTab')}</span>
        </ExternalLink>
      </Fact>
      <Fact icon={Ticket} label={t('facts.cost.label')} value={t('facts.cost.value')}>
        {t('facts.cost.note')}
      </Fact>
    </dl>
  );
}

function Fact({
  icon,
  label,
  value,
  children,
}: {
  icon: IconComponent;
  label: string;
  value: string;
  children: ReactNode;
}) {
  // The icon sits inside <dt> (a <dl> group may hold only <dt> and <dd>), placed on the left.
  return (
    <div className="relative rounded-2xl bg-white p-5 pl-21 shadow-sm ring-1 ring-black/5">
      <dt className="text-xs font-bold tracking-wider text-muted uppercase">
        <IconTile icon={icon} className="absolute top-5 left-5" />
        {label}
      </dt>
      <dd>
        <span className="block text-lg font-bold">{value}</span>
        <span className="mt-1 block text-sm text-muted">{children}</span>
      </dd>
    </div>
  );
}

function Venue() {
  const t = usePageTexts();
  const points = t.tree<string[]>('venue.points');
  const { event } = useSiteData();
  return (
    <Section
      eyebrow={t('venue.eyebrow')}
      title={t('venue.title')}
      lead={<RichText blocks={t.rich('venue.text')} />}
    >
      <ul className="mx-auto grid max-w-4xl gap-3 sm:grid-cols-2">
        {points.map((point) => (
          <li
            key={point}
            className="flex items-center gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-black/5"
          >
            <CircleCheck aria-hidden="true" className="h-6 w-6 shrink-0 text-forest-600" />
            <span className="font-medium">{point}</span>
          </li>
        ))}
      </ul>
      {event.venue.website ? (
        <p className="mt-6 text-center">
          <a
            href={event.venue.website}
            rel="noopener"
            className="font-semibold text-ember-700 underline underline-offset-2"
          >
            {t('venue.website')}
          </a>
        </p>
      ) : null}
    </Section>
  );
}

function Prices() {
  const t = usePageTexts();
  return (
    <Section tone="white" eyebrow={t('prices.eyebrow')} title={t('prices.title')} lead={t('prices.lead')}>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <div className="space-y-6">
          <PriceTable
            icon={Tent}
            title={t('prices.campingTitle')}
            rows={t.tree<PriceRow[]>('prices.camping')}
          />
          <div className="rounded-2xl bg-forest-50 p-6 ring-1 ring-black/5">
            <h3 className="flex items-center gap-3 text-lg font-bold">
              <IconTile icon={Clock} tone="forest" />
              {t('hours.title')}
            </h3>
            <dl className="mt-4 grid grid-cols-2 gap-3">
              {/* Content (issue 43): each value says the event facts' hours as {{placeholders}}. */}
              {t.tree<HoursRow[]>('hours.items').map(({ label, value }) => (
                <div key={label} className="rounded-xl bg-white p-3 ring-1 ring-black/5">
                  <dt className="text-sm text-muted">{label}</dt>
                  <dd className="text-lg font-bold tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-4 text-sm text-muted">{t('hours.note')}</p>
          </div>
        </div>
        <PriceTable
          icon={Sailboat}
          title={t('prices.waterTitle')}
          rows={t.tree<PriceRow[]>('prices.water')}
        />
      </div>
    </Section>
  );
}

function PriceTable({ icon, title, rows }: { icon: IconComponent; title: string; rows: PriceRow[] }) {
  const t = usePageTexts();
  return (
    <Card className="h-fit">
      <h3 className="flex items-center gap-3 text-lg font-bold">
        <IconTile icon={icon} />
        {title}
      </h3>
      <table className="mt-4 w-full text-left">
        <thead className="sr-only">
          <tr>
            <th scope="col">{t('prices.service')}</th>
            <th scope="col">{t('prices.price')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-black/5">
          {rows.map((row) => (
            <tr key={row.item}>
              <th scope="row" className="py-3 pr-4 font-normal">
                {row.item}
              </th>
              <td className="py-3 text-right font-bold text-ember-800 sm:whitespace-nowrap">{row.price}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function Photos({ photos: sizes }: { photos: Record<string, Photo> }) {
  const t = usePageTexts();
  const photos = photoList(t, 'photos.photos', sizes, (n) => t('photos.alt', { n }));
  if (photos.length === 0) return null;
  return (
    <Section eyebrow={t('photos.eyebrow')} title={t('photos.title')}>
      <Gallery photos={photos} title={t('photos.galleryTitle')} alt={(i) => photos[i]?.alt ?? ''}>
        {(open) => (
          <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
            {photos.slice(0, PHOTOS_SHOWN).map((photo, i) => (
              <li key={photo.path}>
                <a
                  href={photo.src}
                  {...actAsButton(() => open(i))}
                  className="group block w-full cursor-pointer overflow-hidden rounded-2xl shadow-sm"
                >
                  <img
                    src={photo.src}
                    srcSet={photo.srcset}
                    sizes="(min-width: 1024px) 380px, 50vw"
                    width={photo.width}
                    height={photo.height}
                    alt={photo.alt}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[3/2] w-full bg-sand object-cover transition duration-300 group-hover:scale-105"
                  />
                </a>
              </li>
            ))}
          </ul>
        )}
      </Gallery>
    </Section>
  );
}
