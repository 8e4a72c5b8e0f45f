import { useLanguage } from '~/platform/i18n/LanguageProvider';
import {
  ArrowRight,
  CircleCheck,
  Clock,
  Droplets,
  Flame,
  Hourglass,
  Layers,
  type IconComponent,
  Ruler,
  Truck,
} from '~/platform/ui/icons/icons';
import { Link } from 'react-router';
import { BuyButton } from './BuyButton';
import { formatMoney } from '~/platform/i18n/format';
import { useShopProducts } from './ShopProducts';
import type { Product } from './products';
import { useLocalize } from '~/platform/i18n/localized';
import { Badge } from '~/platform/ui/Badge';
import { BackLink } from '~/platform/ui/BackLink';
import { Button } from '~/platform/ui/Button';
import { Card } from '~/platform/ui/Card';
import { Container } from '~/platform/ui/Container';
import { IconTile } from '~/platform/ui/IconTile';
import { PageMeta } from '~/platform/ui/PageMeta';
import { ResponsiveImage } from '~/platform/ui/ResponsiveImage';
import { productImage, productPreview } from './product-image';
import { PATHS } from '~/platform/paths';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { usePageTexts } from '~/platform/content/PageTexts';

/** The specification tiles, in order; labels and values come from the pack. */
const SPECS: ReadonlyArray<{ id: string; icon: IconComponent }> = [
  { id: 'fraction', icon: Ruler },
  { id: 'burn', icon: Clock },
  { id: 'moisture', icon: Droplets },
  { id: 'layer', icon: Layers },
  { id: 'wait', icon: Hourglass },
];

export function PartnerCharcoalPage() {
  const { language } = useLanguage();
  const t = usePageTexts();
  const localize = useLocalize();
  // The page sells the first charcoal on sale (the organisers' list decides which).
  const product = useShopProducts().find((candidate) => candidate.category === 'charcoal');
  const price = product ? formatMoney(product.price, language) : '';

  return (
    <>
      <PageMeta
        title={t('partnerCharcoal.meta.title', { price })}
        description={t('partnerCharcoal.meta.description', { price })}
        image={productPreview(product ? [product] : [], (item) => localize(item.name))}
      />
      {product ? <CharcoalHero product={product} /> : null}
      <Container className="space-y-12 py-12">
        <section aria-labelledby="charcoal-specs">
          <h2 id="charcoal-specs" className="text-2xl font-extrabold">
            {t('partnerCharcoal.specsTitle')}
          </h2>
          <dl className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-5">
            {SPECS.map((spec) => (
              <Card
                key={spec.id}
                className="flex flex-col items-start gap-3 p-5 last:col-span-2 md:last:col-span-1"
              >
                <dt className="flex flex-col items-start gap-3 text-sm font-semibold text-muted">
                  <IconTile icon={spec.icon} tone="ember" size="sm" />
                  {t(`partnerCharcoal.specs.${spec.id}.label`)}
                </dt>
                <dd className="text-xl font-black sm:text-2xl">
                  {t(`partnerCharcoal.specs.${spec.id}.value`)}
                </dd>
              </Card>
            ))}
          </dl>
        </section>

        <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <Card className="p-6 sm:p-8">
            <section aria-labelledby="charcoal-how-to">
              <div className="flex items-center gap-3">
                <IconTile icon={Flame} tone="ember" />
                <h2 id="charcoal-how-to" className="text-2xl font-extrabold">
                  {t('partnerCharcoal.howTo.title')}
                </h2>
              </div>
              <ol className="mt-6 space-y-4">
                {t.tree<string[]>('partnerCharcoal.howTo.steps').map((step, index) => (
                  <li key={step} className="flex gap-3">
                    <span
                      aria-hidden="true"
                      className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-ember-600 text-sm font-bold text-white"
                    >
                      {index + 1}
                    </span>
                    <span className="pt-0.5">{step}</span>
                  </li>
                ))}
              </ol>
            </section>
          </Card>
          <div className="space-y-6">
            <div className="rounded-2xl bg-forest-900 p-6 text-white shadow-sm sm:p-8">
              <section aria-labelledby="charcoal-why">
                <h2 id="charcoal-why" className="text-xl font-bold">
                  {t('partnerCharcoal.why.title')}
                </h2>
                <p className="mt-3 text-white/85">{t('partnerCharcoal.why.text')}</p>
                <p className="mt-3 text-white/85">{product ? localize(product.fullDescription) : null}</p>
              </section>
            </div>
            <Card>
              <p className="font-bold">{t('partnerCharcoal.more')}</p>
              <Button asChild variant="outline" className="mt-4">
                <Link to={PATHS.partnerSpices}>
                  {t('partnerCharcoal.moreLink')}
                  <ArrowRight aria-hidden="true" className="h-4 w-4" />
                </Link>
              </Button>
            </Card>
          </div>
        </div>
      </Container>
    </>
  );
}

function CharcoalHero({ product }: { product: Product }) {
  const { language } = useLanguage();
  const t = usePageTexts();
  // The delivery line is the product cards' own wording (the partner pack), not page content.
  const { t: partner } = useTranslation('partner');
  const localize = useLocalize();
  const image = productImage(product);
  const name = localize(product.name);
  return (
    <div className="bg-gradient-to-b from-sand to-cream">
      <Container className="py-8 sm:py-12">
        <BackLink to={PATHS.partner}>{t('back')}</BackLink>
        <div className="mt-6 grid items-center gap-8 lg:grid-cols-2 lg:gap-12">
          {image ? (
            <ResponsiveImage
              image={image}
              alt={name}
              priority
              sizes="(min-width: 1024px) 560px, 100vw"
              className="aspect-[4/3] rounded-3xl shadow-md"
            />
          ) : null}
          <div>
            <Badge>{t('partnerCharcoal.badge')}</Badge>
            <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-5xl">{name}</h1>
            <p className="mt-4 text-4xl font-black text-ember-700" data-testid="price">
              {formatMoney(product.price, language)}
            </p>
            <p className="mt-4 text-lg text-muted">{localize(product.description)}</p>
            <ul aria-label={t('product.features')} className="mt-6 grid gap-2 sm:grid-cols-2">
              {product.features.map(localize).map((feature) => (
                <li key={feature} className="flex items-center gap-2 font-medium">
                  <CircleCheck aria-hidden="true" className="h-5 w-5 shrink-0 text-forest-500" />
                  {feature}
                </li>
              ))}
            </ul>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
              <BuyButton productId={product.id} size="lg" className="w-full sm:w-auto" />
              <p className="inline-flex items-center gap-2 text-sm font-semibold text-forest-700">
                <Truck aria-hidden="true" className="h-4 w-4" />
                {partner('product.delivery')}
              </p>
            </div>
          </div>
        </div>
      </Container>
    </div>
  );
}
