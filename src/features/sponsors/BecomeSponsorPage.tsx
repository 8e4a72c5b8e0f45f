import {
  ArrowDown,
  CalendarHeart,
  Check,
  Crown,
  Eye,
  Gift,
  Medal,
  Trophy,
  Users,
  type IconComponent,
} from '~/platform/ui/icons/icons';
import { Link } from 'react-router';
import { SponsorApplicationForm, SPONSOR_FORM_ANCHOR as FORM_ANCHOR } from './SponsorApplicationForm';
import { Button } from '~/platform/ui/Button';
import { Card } from '~/platform/ui/Card';
import { cn } from '~/platform/ui/cn';
import { Container } from '~/platform/ui/Container';
import { IconTile, type IconTone } from '~/platform/ui/IconTile';
import { PageHeader } from '~/platform/ui/PageHeader';
import { onDarkButtonClasses } from '~/platform/ui/onDark';
import { PageMeta } from '~/platform/ui/PageMeta';
import { SectionHeading } from '~/platform/ui/SectionHeading';
import { PACKAGE_IDS, type PackageAmounts, type PackageId, packagePrice, packageRange } from './packages';
import { PATHS } from '~/platform/paths';
import { usePageTexts } from '~/platform/content/PageTexts';
import { useLanguage } from '~/platform/i18n/LanguageProvider';

const REASONS: ReadonlyArray<{ id: string; icon: IconComponent; tone: IconTone }> = [
  { id: 'community', icon: Users, tone: 'ember' },
  { id: 'visibility', icon: Eye, tone: 'forest' },
  { id: 'benefits', icon: Gift, tone: 'amber' },
  { id: 'opportunities', icon: CalendarHeart, tone: 'red' },
];

const PACKAGE_ICONS: Record<PackageId, IconComponent> = { platinum: Crown, gold: Trophy, silver: Medal };

/** The id of the application form's section: the page's buttons scroll to it. */

interface SponsorshipPackage extends PackageAmounts {
  name: string;
  description: string;
  perks: string[];
}

export function BecomeSponsorPage() {
  const t = usePageTexts();
  const { language } = useLanguage();
  const items = t.tree<Record<PackageId, SponsorshipPackage>>('packages.items');
  const packages = PACKAGE_IDS.map((id) => ({ id, ...items[id] }));
  const range = packageRange(packages, language, t);
  return (
    <>
      <PageMeta title={t('meta.title')} description={t('meta.description', range)} />
      <PageHeader badge={t('badge')} title={t('title')} lead={t('lead')}>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <a href={`#${FORM_ANCHOR}`}>{t('applyButton')}</a>
          </Button>
          <Button asChild size="lg" variant="outline">
            <a href="#paketai">{t('packagesButton')}</a>
          </Button>
        </div>
      </PageHeader>

      <Container className="space-y-16 py-12">
        <section aria-labelledby="why-sponsor">
          <SectionHeading id="why-sponsor" title={t('why.title')} lead={t('why.lead')} />
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {REASONS.map((reason) => (
              <li key={reason.id}>
                <Card className="h-full">
                  <IconTile icon={reason.icon} tone={reason.tone} />
                  <h3 className="mt-4 text-lg font-bold">{t(`why.items.${reason.id}.title`)}</h3>
                  <p className="mt-2 text-sm text-muted">{t(`why.items.${reason.id}.description`)}</p>
                </Card>
              </li>
            ))}
          </ul>
        </section>

        <section id="paketai" aria-labelledby="packages">
          <SectionHeading id="packages" title={t('packages.title')} lead={t('packages.lead', range)} />
          <ul className="grid items-stretch gap-6 lg:grid-cols-3">
            {packages.map((pkg) => {
              const Icon = PACKAGE_ICONS[pkg.id];
              return (
                <li key={pkg.id} className={cn(pkg.highlighted && 'lg:-my-3')}>
                  <div
                    className={cn(
                      'relative flex h-full flex-col rounded-2xl p-6 shadow-sm sm:p-8',
                      pkg.highlighted
                        ? 'bg-gradient-to-b from-ember-600 to-ember-800 text-white shadow-lg'
                        : 'border border-black/5 bg-white',
                    )}
                  >
                    {pkg.highlighted ? (
                      <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-amber-flag px-3 py-1 text-xs font-bold text-ink uppercase">
                        {t('packages.popular')}
                      </span>
                    ) : null}
                    <Icon
                      aria-hidden="true"
                      className={cn('h-8 w-8', pkg.highlighted ? 'text-amber-flag' : 'text-ember-600')}
                    />
                    <h3 className="mt-4 text-2xl font-extrabold">{pkg.name}</h3>
                    <p className={cn('mt-1', pkg.highlighted ? 'text-white/85' : 'text-muted')}>
                      {pkg.description}
                    </p>
                    <p className="mt-5 text-3xl font-black tracking-tight">
                      {packagePrice(pkg, language, t)}
                    </p>
                    <p
                      className={cn(
                        'mt-1 text-sm font-semibold',
                        pkg.highlighted ? 'text-amber-flag' : 'text-forest-600',
                      )}
                    >
                      {t('packages.visibility')}
                    </p>
                    <ul className="mt-6 space-y-2.5 text-sm">
                      {pkg.perks.map((perk) => (
                        <li key={perk} className="flex gap-2">
                          <Check
                            aria-hidden="true"
                            className={cn(
                              'mt-0.5 h-4 w-4 shrink-0',
                              pkg.highlighted ? 'text-amber-flag' : 'text-forest-500',
                            )}
                          />
                          {perk}
                        </li>
                      ))}
                    </ul>
                    <div className="mt-auto pt-8">
                      <Button asChild variant={pkg.highlighted ? 'light' : 'outline'} className="w-full">
                        <a href={`#${FORM_ANCHOR}`}>
                          {t('packages.choose')}
                          <span className="sr-only">: {pkg.name}</span>
                        </a>
                      </Button>
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>

        <section
          aria-labelledby="sponsor-cta"
          className="flex flex-col items-center gap-4 rounded-2xl bg-forest-900 p-8 text-center text-white shadow-sm sm:p-12"
        >
          <h2 id="sponsor-cta" className="text-2xl font-extrabold sm:text-3xl">
            {t('cta.title')}
          </h2>
          <p className="max-w-2xl text-white/90">{t('cta.text')}</p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button asChild variant="light" size="lg">
              <a href={`#${FORM_ANCHOR}`}>
                {t('cta.button')}
                <ArrowDown aria-hidden="true" className="h-5 w-5" />
              </a>
            </Button>
            <Link to={PATHS.contacts} className={onDarkButtonClasses('lg')}>
              {t('cta.contact')}
            </Link>
          </div>
        </section>

        {/* The form brings its own heading ("Rėmėjo paraiška") and card. */}
        <div id={FORM_ANCHOR} className="mx-auto max-w-3xl">
          <SponsorApplicationForm />
        </div>
      </Container>
    </>
  );
}
