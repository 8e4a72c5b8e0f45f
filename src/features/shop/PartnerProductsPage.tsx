import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { Truck } from '~/platform/ui/icons/icons';
import { formatMoney } from '~/platform/i18n/format';
import { BackLink } from '~/platform/ui/BackLink';
import { Container } from '~/platform/ui/Container';
import { PageHeader } from '~/platform/ui/PageHeader';
import { PageMeta } from '~/platform/ui/PageMeta';
import { SectionHeading } from '~/platform/ui/SectionHeading';
import { ProductCard } from './ProductCard';
import { productPreview } from './product-image';
import { useLocalize } from '~/platform/i18n/localized';
import { useShopProducts, useSpicePrice } from './ShopProducts';
import { PRODUCT_GROUPS } from './products';
import type { ListPage } from '~/platform/content/paged-list';
import { Pagination, usePagedTitle } from '~/platform/content/Pagination';
import { PATHS } from '~/platform/paths';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { usePageTexts } from '~/platform/content/PageTexts';

/**
 * The products of our own GBP catalogue (a page of them), grouped, each with the shop's Buy
 * button; a spice links to its card on the spices page (`details`, by the loader).
 */
export function PartnerProductsPage({ page, details }: { page: ListPage; details: Record<string, string> }) {
  const { language } = useLanguage();
  const t = usePageTexts();
  // The delivery line is the product cards' own wording (the partner pack), not page content.
  const { t: partner } = useTranslation('partner');
  const localize = useLocalize();
  const all = useShopProducts();
  const spicePrice = formatMoney(useSpicePrice(), language);
  const title = usePagedTitle(t('partnerProducts.meta.title'), page.page);
  return (
    <>
      <PageMeta
        title={title}
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
        {PRODUCT_GROUPS.map((group) => {
          const products = all.filter((product) =>
            (group.categories as readonly string[]).includes(product.category),
          );
          // A page may end before a group begins.
          if (products.length === 0) return null;
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
                    <ProductCard
                      product={product}
                      detailsTo={product.id === 'charcoal-10kg' ? PATHS.partnerCharcoal : details[product.id]}
                    />
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
        <Pagination path={PATHS.partnerProducts} page={page.page} pages={page.pages} />
      </Container>
    </>
  );
}
