import {
  Flame,
  HeartHandshake,
  Mail,
  MessageCircleQuestionMark,
  Phone,
  Snowflake,
  Store,
  Thermometer,
  Trees,
  Truck,
  Users,
  type IconComponent,
} from '~/platform/ui/icons/icons';
import { Link } from 'react-router';
import { Badge } from '~/platform/ui/Badge';
import { Card } from '~/platform/ui/Card';
import { cn } from '~/platform/ui/cn';
import { Container } from '~/platform/ui/Container';
import { DemoBadge } from '~/platform/ui/DemoBadge';
import { ExternalButton } from './ExternalButton';
import { IconTile } from '~/platform/ui/IconTile';
import { PageMeta } from '~/platform/ui/PageMeta';
import { ResponsiveImage } from '~/platform/ui/ResponsiveImage';
import { SectionHeading } from '~/platform/ui/SectionHeading';
import { PARTNER } from './partner';
import { PopularProducts } from './PopularProducts';
import { productImage } from './product-image';
import { SmokingCatalogue } from './SmokingCatalogue';
import type { SmokingItem } from './smoking-catalogue';
import { PATHS } from '~/platform/paths';
import { usePageTexts } from '~/platform/content/PageTexts';
import { useContacts } from '~/platform/content/frame';

interface TextCard {
  title: string;
  description: string;
}

const INFO_ICONS: readonly IconComponent[] = [Trees, Truck, HeartHandshake];

function PartnerHero() {
  const contacts = useContacts();
  const t = usePageTexts();
  const image = productImage('kamado-grill');
  return (
    <header className="overflow-hidden bg-gradient-to-br from-forest-900 via-forest-700 to-ember-800 text-white">
      <Container className="grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div>
          <Badge>{t('partner.badge')}</Badge>
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-5xl">{t('partner.title')}</h1>
          <p className="mt-4 max-w-2xl text-lg text-white/85">{t('partner.lead')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ExternalButton href={PARTNER.storeUrl} variant="light" size="lg">
              <Store aria-hidden="true" className="h-5 w-5" />
              {t('partner.storeButton')}
            </ExternalButton>
            <ExternalButton href={contacts.facebook} variant="onDark" size="lg">
              <Users aria-hidden="true" className="h-5 w-5" />
              {t('partner.facebookButton')}
            </ExternalButton>
          </div>
          <Link
            to={PATHS.partnerProducts}
            className="mt-5 inline-flex items-center gap-2 font-semibold text-amber-flag hover:underline"
          >
            {t('partner.allProducts')} →
          </Link>
        </div>
        {image ? (
          <div className="hidden lg:block">
            <ResponsiveImage
              image={image}
              alt=""
              priority
              sizes="480px"
              className="aspect-[4/3] rounded-3xl shadow-2xl ring-4 ring-white/10"
            />
          </div>
        ) : null}
      </Container>
    </header>
  );
}

function SmokingExplainer() {
  const t = usePageTexts();
  const kinds = [
    { id: 'hot', icon: Flame, tone: 'ember', accent: 'border-t-ember-500' },
    { id: 'cold', icon: Snowflake, tone: 'sky', accent: 'border-t-sky-600' },
  ] as const;
  return (
    <section aria-labelledby="hot-cold">
      <SectionHeading id="hot-cold" title={t('partner.smoking.title')} lead={t('partner.smoking.lead')} />
      <div className="grid gap-6 md:grid-cols-2">
        {kinds.map((kind) => (
          <Card key={kind.id} className={cn('border-t-4', kind.accent)}>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="flex items-center gap-3">
                <IconTile icon={kind.icon} tone={kind.tone} />
                <h3 className="text-xl font-bold">{t(`partner.smoking.${kind.id}.title`)}</h3>
              </div>
              <span className="inline-flex items-center gap-1 rounded-full bg-cream px-3 py-1 text-sm font-bold">
                <Thermometer aria-hidden="true" className="h-4 w-4 text-ember-600" />
                {t(`partner.smoking.${kind.id}.temperature`)}
              </span>
            </div>
            <ul className="mt-5 space-y-2.5 text-sm">
              {t.tree<string[]>(`partner.smoking.${kind.id}.points`).map((point) => (
                <li key={point} className="flex gap-2">
                  <span
                    aria-hidden="true"
                    className="mt-1.5 h-1.5 w-1.5 shrink-0 rounded-full bg-ember-500"
                  />
                  {point}
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </div>
    </section>
  );
}

function PartnerContacts() {
  const t = usePageTexts();
  return (
    <section aria-labelledby="partner-contacts">
      <SectionHeading
        id="partner-contacts"
        title={t('partner.contacts.title')}
        lead={t('partner.contacts.lead')}
      />
      <DemoBadge
        label={t('partner.contacts.demo')}
        note={t('partner.contacts.demoNote')}
        className="mb-6 justify-center"
      />
      <div className="grid gap-6 md:grid-cols-2">
        {PARTNER.contacts.map((contact) => (
          <Card key={contact.id}>
            <h3 className="text-xl font-bold">{t(`partner.contacts.countries.${contact.id}`)}</h3>
            <p className="text-sm text-muted">{t(`partner.contacts.areas.${contact.id}`)}</p>
            <ul className="mt-5 space-y-3">
              <li className="flex items-center gap-3">
                <IconTile icon={Phone} tone="forest" size="sm" />
                <div>
                  <span className="block text-xs font-semibold text-muted uppercase">
                    {t('partner.contacts.phone')}
                  </span>
                  <span className="block font-semibold">{contact.phone}</span>
                </div>
              </li>
              <li className="flex items-center gap-3">
                <IconTile icon={Mail} tone="forest" size="sm" />
                <div className="min-w-0">
                  <span className="block text-xs font-semibold text-muted uppercase">
                    {t('partner.contacts.email')}
                  </span>
                  <span className="block font-semibold break-all">{contact.email}</span>
                </div>
              </li>
            </ul>
          </Card>
        ))}
      </div>
    </section>
  );
}

export function PartnerPage({ catalogue }: { catalogue: readonly SmokingItem[] }) {
  const contacts = useContacts();
  const t = usePageTexts();
  const info = t.tree<TextCard[]>('partner.info');
  return (
    <>
      <PageMeta title={t('partner.meta.title')} description={t('partner.meta.description')} />
      <PartnerHero />
      <Container className="space-y-16 py-12">
        <ul className="grid gap-6 md:grid-cols-3">
          {info.map((card, index) => (
            <li key={card.title}>
              <Card className="h-full">
                <IconTile icon={INFO_ICONS[index] ?? Trees} tone={index === 1 ? 'ember' : 'forest'} />
                <h2 className="mt-4 text-lg font-bold">{card.title}</h2>
                <p className="mt-2 text-sm text-muted">{card.description}</p>
              </Card>
            </li>
          ))}
        </ul>

        <PopularProducts catalogue={catalogue} />
        <SmokingCatalogue catalogue={catalogue} />
        <SmokingExplainer />

        <section
          aria-labelledby="smoking-advice"
          className="flex flex-col items-start gap-5 rounded-2xl bg-forest-900 p-8 text-white shadow-sm sm:flex-row sm:items-center sm:p-10"
        >
          <IconTile icon={MessageCircleQuestionMark} tone="amber" size="xl" />
          <div className="flex-1">
            <h2 id="smoking-advice" className="text-2xl font-extrabold">
              {t('partner.advice.title')}
            </h2>
            <p className="mt-2 text-white/85">{t('partner.advice.text')}</p>
          </div>
          <ExternalButton href={contacts.facebook} variant="light">
            <Users aria-hidden="true" className="h-4 w-4" />
            {t('partner.advice.button')}
          </ExternalButton>
        </section>

        <PartnerContacts />
      </Container>
    </>
  );
}
