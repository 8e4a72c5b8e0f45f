import type { ReactNode } from 'react';
import {
  ArrowRight,
  CalendarDays,
  ChefHat,
  Clock,
  EighthNotes,
  ExternalLink as ExternalIcon,
  Flame,
  HandHeart,
  Heart,
  History,
  Images,
  Mail,
  MapPin,
  MessageCircle,
  Sparkles,
  Tent,
  Trophy,
  UtensilsCrossed,
  Users,
} from '~/platform/ui/icons/icons';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Link } from 'react-router';
import { useContacts } from '~/platform/content/frame';
import { Badge } from '~/platform/ui/Badge';
import { Button } from '~/platform/ui/Button';
import { Card } from '~/platform/ui/Card';
import { Container } from '~/platform/ui/Container';
import { ExternalLink } from '~/platform/ui/ExternalLink';
import { Gallery } from '~/platform/ui/Gallery';
import { PageMeta } from '~/platform/ui/PageMeta';
import { largestSource } from '~/platform/ui/ResponsiveImage';
import { IconTile } from '~/platform/ui/IconTile';
import { Section } from '~/platform/ui/Section';
import type { Photo } from '~/platform/media/photos';
import type { Language } from '~/platform/i18n/languages';
import { AddToCalendar } from '~/platform/event/AddToCalendar';
import { EventJsonLd } from './EventJsonLd';
import { type HomeSponsor, isExternal, SPONSOR_ICON } from './sponsors';
import { ThankYouDialog } from './ThankYouDialog';
import { PATHS } from '~/platform/paths';
import { photoList } from '~/platform/content/photo-list';
import { usePageTexts } from '~/platform/content/PageTexts';
import { useSiteData } from '~/platform/content/site-data';
import { eventYear } from '~/platform/event/format';

const PROGRAMME = [
  { key: 'competition', icon: Trophy },
  { key: 'bonfire', icon: Flame },
  { key: 'camping', icon: Tent },
] as const;

const STATS = [
  { key: 'dishes', icon: UtensilsCrossed },
  { key: 'songs', icon: EighthNotes },
  { key: 'tents', icon: Tent },
  { key: 'community', icon: Users },
] as const;

export function HomePage({
  photos,
  jsonLd,
}: {
  photos: Record<string, Photo>;
  jsonLd: Record<Language, string>;
}) {
  const t = usePageTexts();
  const hero = photos[t.tree<string>('hero.image')];
  const heroImage = hero && {
    src: largestSource({ src: hero.src, srcSet: hero.srcset }),
    alt: t('hero.photoAlt'),
  };
  return (
    <>
      <PageMeta title={t('meta.title')} description={t('meta.description')} image={heroImage} />
      <EventJsonLd scripts={jsonLd} />
      <Hero photos={photos} hero={hero} />
      <Section id="events" eyebrow={t('events.eyebrow')} title={t('events.title')} lead={t('events.lead')}>
        <ul className="grid gap-6 md:grid-cols-3">
          {PROGRAMME.map(({ key, icon: Icon }) => (
            <li key={key}>
              <Card className="flex h-full flex-col gap-4">
                <div className="flex items-center justify-between gap-3">
                  <IconTile icon={Icon} />
                  <Badge variant="secondary">
                    <Clock aria-hidden="true" className="h-4 w-4" />
                    {t(`events.${key}.time`)}
                  </Badge>
                </div>
                <h3 className="text-xl font-bold">{t(`events.${key}.title`)}</h3>
                <p className="text-muted">{t(`events.${key}.text`)}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <Sponsors />
      <Stats />
      <CallToAction />
    </>
  );
}

function Hero({ photos, hero }: { photos: Record<string, Photo>; hero: Photo | undefined }) {
  const t = usePageTexts();
  const gallery = photoList(t, 'gallery.photos', photos, (n) => t('gallery.alt', { n }));
  const { event, phase } = useSiteData();
  const year = eventYear(event);
  return (
    <div className="relative isolate overflow-hidden bg-forest-900 text-white">
      {hero ? (
        <img
          src={hero.src}
          srcSet={hero.srcset}
          sizes="100vw"
          width={hero.width}
          height={hero.height}
          alt=""
          fetchPriority="high"
          className="absolute inset-0 -z-10 h-full w-full object-cover"
        />
      ) : null}
      <div className="absolute inset-0 -z-10 bg-gradient-to-b from-black/60 via-black/50 to-black/70 lg:bg-gradient-to-r lg:from-black/75 lg:via-black/45 lg:to-black/20" />
      <Container className="grid grid-cols-1 items-center gap-10 py-14 sm:py-20 lg:grid-cols-[minmax(0,1.35fr)_minmax(0,1fr)] lg:py-28">
        <div>
          <Badge variant="dark">
            <MapPin aria-hidden="true" className="h-4 w-4" />
            {t('hero.badge')}
          </Badge>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight sm:text-6xl">{t('title')}</h1>
          <p className="mt-5 max-w-xl text-lg text-white/90 sm:text-xl">{t('hero.lead')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Gallery
              photos={gallery}
              title={t('gallery.title')}
              alt={(i) => gallery[i]?.alt ?? ''}
              label={
                <>
                  <Images aria-hidden="true" className="h-5 w-5" />
                  {t('hero.gallery')}
                  <span className="rounded-full bg-white/20 px-2 text-sm">{gallery.length}</span>
                </>
              }
            />
            <Button asChild variant="light">
              <a href="#contact">
                <Mail aria-hidden="true" className="h-5 w-5" />
                {t('hero.contact')}
              </a>
            </Button>
            <ThankYouDialog />
          </div>
        </div>
        {phase.over ? <ThanksCard year={year} /> : <AnnouncementCard year={year} />}
      </Container>
    </div>
  );
}

/** The hero's card: a badge, the event's title, then what the phase of the event says. */
function HeroCard({
  icon: Icon,
  label,
  title,
  children,
}: {
  icon: typeof Heart;
  label: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby="next-event-title"
      className="rounded-2xl bg-cream p-6 text-ink shadow-2xl ring-1 ring-black/5 sm:p-8"
    >
      <Badge>
        <Icon aria-hidden="true" className="h-4 w-4" />
        {label}
      </Badge>
      <h2 id="next-event-title" className="mt-4 text-2xl font-extrabold tracking-tight sm:text-3xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** After the weekend, until next year's facts are published: thanks, not an invitation. */
function ThanksCard({ year }: { year: string }) {
  const { t } = useTranslation();
  return (
    <HeroCard icon={Heart} label={t('eventOver.label')} title={t('eventOver.title', { year })}>
      <p className="mt-4 text-muted">{t('eventOver.text')}</p>
      <div className="mt-6">
        <Button asChild variant="outline" className="w-full sm:w-auto">
          <Link to={PATHS.history}>
            <History aria-hidden="true" className="h-5 w-5 shrink-0" />
            {t('eventOver.link')}
          </Link>
        </Button>
      </div>
    </HeroCard>
  );
}

function AnnouncementCard({ year }: { year: string }) {
  const t = usePageTexts();
  return (
    <HeroCard icon={Sparkles} label={t('announcement.label')} title={t('announcement.title', { year })}>
      <ul className="mt-5 space-y-3">
        <li className="flex items-start gap-3">
          <CalendarDays aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-ember-600" />
          <span className="font-semibold">{t('announcement.date')}</span>
        </li>
        <li className="flex items-start gap-3">
          <MapPin aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-ember-600" />
          <span>{t('announcement.place')}</span>
        </li>
        <li className="flex items-start gap-3">
          <Trophy aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-ember-600" />
          <span>{t('announcement.jubilee')}</span>
        </li>
      </ul>
      <p className="mt-4 text-muted">{t('announcement.text')}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button asChild variant="outline" className="w-full sm:w-auto">
          <Link to={PATHS.zoline}>
            {t('announcement.link')}
            <ArrowRight aria-hidden="true" className="h-5 w-5" />
          </Link>
        </Button>
        <AddToCalendar variant="ghost" className="w-full sm:w-auto" />
      </div>
    </HeroCard>
  );
}

function Sponsors() {
  const t = usePageTexts();
  const { t: tc } = useTranslation();
  const newTab = tc('common:external.newTab');
  return (
    <Section
      tone="white"
      eyebrow={t('sponsors.eyebrow')}
      title={t('sponsors.title')}
      lead={t('sponsors.lead')}
    >
      <ul className="grid gap-4 sm:grid-cols-3">
        {t.tree<HomeSponsor[]>('sponsors.items').map((sponsor) => {
          const Icon = SPONSOR_ICON[sponsor.icon];
          const external = isExternal(sponsor.href);
          const body = (
            <>
              <IconTile icon={Icon} tone="flag" size="lg" />
              <span className="min-w-0 flex-1">
                <span className="block text-lg font-extrabold tracking-tight">{sponsor.name}</span>
                <span className="block text-sm text-muted">{sponsor.kind}</span>
                <span className="mt-1 inline-flex items-center gap-1 text-sm font-semibold text-ember-700">
                  {t(external ? 'sponsors.visit' : 'sponsors.more')}
                  {external ? (
                    <ExternalIcon aria-hidden="true" className="h-4 w-4" />
                  ) : (
                    <ArrowRight aria-hidden="true" className="h-4 w-4" />
                  )}
                </span>
              </span>
            </>
          );
          const className =
            'flex h-full items-center gap-4 rounded-2xl border border-black/5 bg-cream p-5 transition hover:border-ember-200 hover:shadow-md';
          return (
            <li key={`${sponsor.name} ${sponsor.href}`}>
              {external ? (
                <ExternalLink href={sponsor.href} className={className}>
                  {body}
                  <span className="sr-only">{newTab}</span>
                </ExternalLink>
              ) : (
                <Link to={sponsor.href} className={className}>
                  {body}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
      <p className="mt-8 text-center">
        <Link
          to={PATHS.becomeSponsor}
          className="inline-flex items-center gap-1 font-semibold text-ember-700 underline-offset-4 hover:underline"
        >
          <HandHeart aria-hidden="true" className="h-5 w-5" />
          {t('sponsors.become')}
        </Link>
      </p>
    </Section>
  );
}

function Stats() {
  const t = usePageTexts();
  return (
    <section aria-labelledby="stats-title" className="bg-forest-900 py-12 text-white sm:py-14">
      <Container>
        <h2 id="stats-title" className="sr-only">
          {t('stats.title')}
        </h2>
        <ul className="grid grid-cols-2 gap-8 lg:grid-cols-4">
          {STATS.map(({ key, icon: Icon }) => (
            <li key={key} className="flex flex-col items-center gap-3 text-center sm:flex-row sm:text-left">
              <IconTile icon={Icon} tone="light" size="lg" />
              <div>
                <p className="text-2xl font-extrabold sm:text-3xl">{t(`stats.${key}.value`)}</p>
                <p className="text-sm text-white/80">{t(`stats.${key}.label`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

function CallToAction() {
  const contacts = useContacts();
  const t = usePageTexts();
  const { t: tc } = useTranslation();
  return (
    <Section id="contact" eyebrow={t('cta.eyebrow')} title={t('cta.title')} lead={t('cta.lead')}>
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
        <Button asChild size="lg">
          <Link to={PATHS.registration}>
            <ChefHat aria-hidden="true" className="h-5 w-5" />
            {t('cta.participate')}
          </Link>
        </Button>
        <Button asChild size="lg" variant="secondary">
          <Link to={PATHS.becomeSponsor}>
            <HandHeart aria-hidden="true" className="h-5 w-5" />
            {t('cta.support')}
          </Link>
        </Button>
      </div>
      <div className="mx-auto mt-12 flex max-w-4xl flex-col items-center gap-5 rounded-2xl bg-sand/70 p-6 text-center lg:flex-row lg:text-left">
        <IconTile icon={MessageCircle} tone="forest" />
        <div className="lg:min-w-56 lg:flex-1">
          <h3 className="text-lg font-bold">{t('cta.contactTitle')}</h3>
          <p className="text-muted">{t('cta.contactText')}</p>
        </div>
        <div className="flex flex-wrap justify-center gap-2 lg:shrink-0">
          <Button asChild variant="outline" size="sm">
            <a href={contacts.mailtoHref()}>
              <Mail aria-hidden="true" className="h-4 w-4" />
              {t('cta.email')}
            </a>
          </Button>
          <Button asChild variant="secondary" size="sm">
            <ExternalLink href={contacts.whatsappHref(tc('common:whatsapp.greeting'))}>
              <MessageCircle aria-hidden="true" className="h-4 w-4" />
              {t('cta.whatsapp')}
              <span className="sr-only">{tc('common:external.newTab')}</span>
            </ExternalLink>
          </Button>
          <Button asChild variant="ghost" size="sm">
            <Link to={PATHS.contacts}>
              {t('cta.allContacts')}
              <ArrowRight aria-hidden="true" className="h-4 w-4" />
            </Link>
          </Button>
        </div>
      </div>
    </Section>
  );
}
