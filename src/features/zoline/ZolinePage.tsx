import {
  ArrowRight,
  CalendarDays,
  Check,
  Church,
  Flower2,
  Globe,
  MapPin,
  PartyPopper,
  Sun,
  Users,
  Wheat,
} from '~/platform/ui/icons/icons';
import { Link } from 'react-router';
import { Badge } from '~/platform/ui/Badge';
import { Button } from '~/platform/ui/Button';
import { Card } from '~/platform/ui/Card';
import { Container } from '~/platform/ui/Container';
import { PageHeader } from '~/platform/ui/PageHeader';
import { PageMeta } from '~/platform/ui/PageMeta';
import { IconTile } from '~/platform/ui/IconTile';
import { Section } from '~/platform/ui/Section';
import { PATHS } from '~/platform/paths';
import { usePageTexts } from '~/platform/content/PageTexts';
import { RichText } from '~/platform/content/RichText';

const TRADITIONS = [
  { key: 'bouquets', icon: Flower2 },
  { key: 'harvest', icon: Wheat },
  { key: 'family', icon: Users },
  { key: 'summer', icon: Sun },
] as const;

const CELEBRATIONS = [
  { key: 'krekenava', icon: Church },
  { key: 'pivasiunai', icon: Church },
  { key: 'abroad', icon: Globe },
] as const;

interface ProgrammeItem {
  time: string;
  title: string;
}

export function ZolinePage() {
  const t = usePageTexts();
  const reasons = t.tree<string[]>('why.reasons');
  return (
    <>
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <PageHeader badge={t('hero.badge')} title={t('title')} lead={t('hero.lead')} />
      <Jubilee />
      <Section eyebrow={t('meaning.eyebrow')} title={t('meaning.title')}>
        <RichText blocks={t.rich('meaning.text')} className="mx-auto max-w-3xl text-lg leading-relaxed" />
      </Section>
      <Section tone="sand" eyebrow={t('traditions.eyebrow')} title={t('traditions.title')}>
        <ul className="grid gap-5 sm:grid-cols-2">
          {TRADITIONS.map(({ key, icon: Icon }) => (
            <li key={key}>
              <Card className="flex h-full gap-4">
                <IconTile icon={Icon} tone="forest" />
                <div>
                  <h3 className="text-lg font-bold">{t(`traditions.${key}.title`)}</h3>
                  <p className="mt-1 text-muted">{t(`traditions.${key}.text`)}</p>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <Section eyebrow={t('celebrations.eyebrow')} title={t('celebrations.title')}>
        <ul className="grid gap-5 md:grid-cols-3">
          {CELEBRATIONS.map(({ key, icon: Icon }) => (
            <li key={key}>
              <Card className="h-full">
                <IconTile icon={Icon} tone="flag" />
                <h3 className="mt-4 text-lg font-bold">{t(`celebrations.${key}.title`)}</h3>
                <p className="mt-1 text-muted">{t(`celebrations.${key}.text`)}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <Section tone="dark" eyebrow={t('why.eyebrow')} title={t('why.title')} lead={t('why.text')}>
        <ul className="mx-auto grid max-w-4xl gap-3 sm:grid-cols-2">
          {reasons.map((reason) => (
            <li key={reason} className="flex items-start gap-3 rounded-xl bg-white/10 p-4">
              <Check aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-amber-flag" />
              <span>{reason}</span>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center">
          <Button asChild size="lg" variant="light">
            <Link to={PATHS.registration}>{t('jubilee.register')}</Link>
          </Button>
        </p>
      </Section>
    </>
  );
}

function Jubilee() {
  const t = usePageTexts();
  const programme = t.tree<ProgrammeItem[]>('jubilee.programme');
  return (
    <Container className="pt-4">
      <section
        aria-labelledby="jubilee-title"
        className="grid grid-cols-1 gap-8 overflow-hidden rounded-3xl bg-gradient-to-br from-ember-600 via-ember-700 to-forest-700 p-6 text-white shadow-lg sm:p-10 lg:grid-cols-2"
      >
        <div>
          <Badge variant="dark">
            <PartyPopper aria-hidden="true" className="h-4 w-4" />
            {t('jubilee.label')}
          </Badge>
          <h2 id="jubilee-title" className="mt-4 text-3xl font-extrabold tracking-tight sm:text-4xl">
            {t('jubilee.title')}
          </h2>
          <ul className="mt-5 space-y-2 text-lg">
            <li className="flex items-center gap-3 font-bold">
              <CalendarDays aria-hidden="true" className="h-5 w-5 shrink-0 text-amber-flag" />
              {t('jubilee.date')}
            </li>
            <li className="flex items-center gap-3">
              <MapPin aria-hidden="true" className="h-5 w-5 shrink-0 text-amber-flag" />
              {t('jubilee.place')}
            </li>
          </ul>
          <p className="mt-5 text-white/90">{t('jubilee.text')}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild variant="light">
              <Link to={PATHS.registration}>{t('jubilee.register')}</Link>
            </Button>
            <Button asChild variant="onDark">
              <Link to={PATHS.about}>
                {t('jubilee.about')}
                <ArrowRight aria-hidden="true" className="h-5 w-5" />
              </Link>
            </Button>
          </div>
        </div>
        <ol className="space-y-3 self-center">
          {programme.map((item) => (
            <li key={item.time} className="flex items-center gap-4 rounded-2xl bg-black/20 p-4">
              <span className="min-w-28 rounded-full bg-white px-3 py-1 text-center text-sm font-bold text-ember-800 tabular-nums">
                {item.time}
              </span>
              <span className="font-semibold">{item.title}</span>
            </li>
          ))}
        </ol>
      </section>
    </Container>
  );
}
