import {
  ArrowRight,
  CalendarDays,
  ExternalLink as ExternalIcon,
  MapPin,
  Sparkles,
  Ticket,
  Users,
} from '~/platform/ui/icons/icons';
import type { ReactNode } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { photoList } from '~/platform/content/photo-list';
import { usePageTexts } from '~/platform/content/PageTexts';
import { RichText } from '~/platform/content/RichText';
import type { RichBlock } from '~/platform/content/rich-text';
import { Link } from 'react-router';
import { Badge } from '~/platform/ui/Badge';
import { Button } from '~/platform/ui/Button';
import { cn } from '~/platform/ui/cn';
import { Container } from '~/platform/ui/Container';
import { ExternalLink } from '~/platform/ui/ExternalLink';
import { PageHeader } from '~/platform/ui/PageHeader';
import { PageMeta } from '~/platform/ui/PageMeta';
import { largestSource } from '~/platform/ui/ResponsiveImage';
import type { Photo } from '~/platform/media/photos';
import type { HistoryYear } from './history-year';
import type { ListedPhoto } from '~/platform/content/photo-list';
import { YearGallery } from './YearGallery';
import { PATHS } from '~/platform/paths';
import type { ListPage } from '~/platform/content/paged-list';
import { Pagination, usePagedTitle } from '~/platform/content/Pagination';

export function HistoryPage({ photos, page }: { photos: Record<string, Photo>; page: ListPage }) {
  const t = usePageTexts();
  const title = usePagedTitle(t('meta.title'), page.page);
  const years = t.tree<HistoryYear[]>('years');
  const yearPhotos = years.map((entry, i) =>
    photoList(t, `years.${i}.photos`, photos, (n) => t('gallery.alt', { year: entry.year, n })),
  );
  // Link previews show the newest year's first photo.
  const cover = yearPhotos.find((list) => list.length > 0)?.[0];
  const image = cover && { src: largestSource({ src: cover.src, srcSet: cover.srcset }), alt: cover.alt };
  return (
    <>
      <PageMeta title={title} description={t('meta.description')} image={image} />
      <PageHeader badge={t('hero.badge')} title={t('title')} lead={t('hero.subtitle')} />
      <Container className="py-12 sm:py-16">
        <ol className="relative space-y-10 before:absolute before:top-0 before:bottom-0 before:left-4 before:w-0.5 before:bg-ember-200 lg:space-y-0 lg:before:left-1/2 lg:before:-translate-x-1/2">
          {years.map((entry, i) => (
            <YearCard
              key={entry.year}
              entry={entry}
              description={t.rich(`years.${i}.description`)}
              photos={yearPhotos[i]!}
              side={i % 2 === 0 ? 'left' : 'right'}
              first={i === 0}
            />
          ))}
        </ol>
        <Pagination path={PATHS.history} page={page.page} pages={page.pages} />
        <Closing />
      </Container>
    </>
  );
}

function YearCard({
  entry,
  description,
  photos,
  side,
  first,
}: {
  entry: HistoryYear;
  description: RichBlock[];
  photos: ListedPhoto[];
  side: 'left' | 'right';
  first: boolean;
}) {
  const t = usePageTexts();
  const { t: tc } = useTranslation();
  const { year } = entry;
  const cover = photos[0];
  const newTab = tc('external.newTab');

  return (
    // On large screens the cards overlap vertically to zig-zag; the empty half of a row must
    // not catch clicks meant for the card above it.
    <li className="relative pl-12 lg:pointer-events-none lg:grid lg:grid-cols-2 lg:gap-16 lg:pl-0 lg:[&:not(:first-child)]:-mt-24">
      {/* The dot on the timeline. */}
      <span
        aria-hidden="true"
        className="absolute top-8 left-4 grid h-5 w-5 -translate-x-1/2 place-items-center rounded-full bg-ember-600 ring-4 ring-cream lg:left-1/2"
      />
      <article
        aria-labelledby={`year-${year}`}
        className={cn(
          'pointer-events-auto overflow-hidden rounded-2xl border border-black/5 bg-white shadow-sm',
          side === 'right' && 'lg:col-start-2',
        )}
      >
        {cover ? (
          <img
            src={cover.src}
            srcSet={cover.srcset}
            sizes="(min-width: 1024px) 560px, 100vw"
            width={cover.width}
            height={cover.height}
            alt=""
            // The newest year's photo is in the first screen: load it right away.
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : undefined}
            decoding="async"
            className="aspect-[3/1.4] w-full bg-sand object-cover"
          />
        ) : null}
        <div className="space-y-5 p-6 sm:p-8">
          <div>
            <p className="text-sm font-bold tracking-wider text-ember-700 uppercase">{entry.edition}</p>
            <h2 id={`year-${year}`} className="mt-1 text-2xl font-extrabold tracking-tight sm:text-3xl">
              <span className="text-ember-600">{year}</span> · {entry.title}
            </h2>
          </div>
          <RichText blocks={description} className="text-muted" />
          <dl className="grid gap-3 sm:grid-cols-2">
            <Fact icon={<CalendarDays />} label={t('labels.date')}>
              {entry.date}
            </Fact>
            <Fact icon={<Ticket />} label={t('labels.price')}>
              {entry.price}
            </Fact>
            <Fact icon={<MapPin />} label={t('labels.location')}>
              {entry.location}
              {entry.mapLink ? (
                <ExternalLink
                  href={entry.mapLink}
                  className="mt-1 flex items-center gap-1 text-sm font-semibold text-ember-700 underline-offset-4 hover:underline"
                >
                  {t('labels.map')}
                  <ExternalIcon aria-hidden="true" className="h-4 w-4" />
                  <span className="sr-only">{newTab}</span>
                </ExternalLink>
              ) : null}
            </Fact>
            <Fact icon={<Users />} label={t('labels.organizers')}>
              {entry.organizers}
            </Fact>
          </dl>
          <div>
            <h3 className="sr-only">{t('labels.features')}</h3>
            <ul className="flex flex-wrap gap-2">
              {entry.features.map((feature) => (
                <li key={feature}>
                  <Badge variant="secondary" className="font-medium">
                    {feature}
                  </Badge>
                </li>
              ))}
            </ul>
          </div>
          <YearGallery year={year} photos={photos} />
        </div>
      </article>
    </li>
  );
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  // The icon sits inside <dt> (a <dl> group may hold only <dt> and <dd>), placed on the left.
  return (
    <div className="relative pl-8">
      <dt className="text-xs font-bold tracking-wider text-muted uppercase">
        <span aria-hidden="true" className="absolute top-0.5 left-0 text-ember-600 [&>svg]:h-5 [&>svg]:w-5">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

function Closing() {
  const t = usePageTexts();
  return (
    <section
      aria-labelledby="history-closing"
      className="relative mt-16 overflow-hidden rounded-3xl bg-gradient-to-br from-ember-600 via-ember-700 to-forest-700 p-8 text-center text-white shadow-lg sm:p-12"
    >
      <Sparkles aria-hidden="true" className="mx-auto h-10 w-10 text-amber-flag" />
      <h2 id="history-closing" className="mt-4 text-2xl font-extrabold tracking-tight sm:text-4xl">
        {t('closing.title')}
      </h2>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-white/90">{t('closing.text')}</p>
      <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
        <Button asChild variant="light" size="lg">
          <Link to={PATHS.registration}>{t('closing.register')}</Link>
        </Button>
        <Button asChild variant="onDark" size="lg">
          <Link to={PATHS.zoline}>
            {t('closing.zoline')}
            <ArrowRight aria-hidden="true" className="h-5 w-5" />
          </Link>
        </Button>
      </div>
    </section>
  );
}
