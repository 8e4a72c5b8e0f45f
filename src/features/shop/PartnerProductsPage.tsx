import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { Truck } from '~/platform/ui/icons/icons';
import { formatMoney } from '~/platform/i18n/format';
import type { ProductCategory } from './products';
import { BackLink } from '~/platform/ui/BackLink';
import { Container } from '~/platform/ui/Container';
import { PageHeader } from '~/platform/ui/PageHeader';
import { PageMeta } from '~/platform/ui/PageMeta';
import { SectionHeading } from '~/platform/ui/SectionHeading';
import { ProductCard } from './ProductCard';
import { productPreview } from './product-image';
import { useLocalize } from '~/platform/i18n/localized';
import { useShopProducts } from './ShopProducts';
import { lowestPrice } from './products';
import { PATHS } from '~/platform/paths';
import { useTranslation } from 'react-i18next';
import { usePageTexts } from '~/platform/content/PageTexts';

/** Products that have a page of their own on this site. */
function detailsPath(id: string, category: ProductCategory): string | undefined {
  if (id === 'charcoal-10kg') return PATHS.partnerCharcoal;
  if (category === 'spice') return `${PATHS.partnerSpices}#${id}`;
  return undefined;
}

const GROUPS = [
  { id: 'grill', categories: ['charcoal', 'grill', 'wood', 'accessory'] },
  { id: 'spice', categories: ['spice'] },
] as const satisfies ReadonlyArray<{ id: string; categories: readonly ProductCategory[] }>;

/** Every product of our own GBP catalogue, grouped, each with the shop's Buy button. */
export function PartnerProductsPage() {
  const { language } = useLanguage();
  const t = usePageTexts();
  // The delivery line is the product cards' own wording (the partner pack), not page content.
  const { t: partner } = useTranslation('partner');
  const localize = useLocalize();
  const all = useShopProducts();
  const spicePrice = formatMoney(lowestPrice(all, 'spice'), language);
  return (
    <>
      <PageMeta
        title={t('partnerProducts.meta.title')}
        description={t('partnerProducts.meta.description', { price: spicePrice })}
        image={productPreview(all, (product) => localize(product.name))}
      />
      <PageHeader
        badge={t('partnerProducts.badge')}
        title={t('partnerProducts.title')}
        lead={t('partnerProducts.lead')}
      >
        <p className="mt-6 inline-flex items-center gap-2 rounded-full bg-forest-100 px-4 py-2 text-sm font-semibold text-forest-700">
          <Truck aria-hidden="true" className="h-4 w-4" />
          {partner('product.delivery')}
        </p>
      </PageHeader>
      <Container className="space-y-16 py-10">
        <BackLink to={PATHS.partner}>{t('back')}</BackLink>
        {GROUPS.map((group) => {
          const products = all.filter((product) =>
            (group.categories as readonly ProductCategory[]).includes(product.category),
          );
          return (
            <section key={group.id} aria-labelledby={`group-${group.id}`}>
              <SectionHeading
                id={`group-${group.id}`}
                title={t(`partnerProducts.groups.${group.id}.title`)}
                lead={t(`partnerProducts.groups.${group.id}.lead`, { price: spicePrice })}
                align="left"
              />
              <ul aria-labelledby={`group-${group.id}`} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {products.map((product) => (
                  <li key={product.id}>
                    <ProductCard product={product} detailsTo={detailsPath(product.id, product.category)} />
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </Container>
    </>
  );
}
