import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { Sparkles } from '~/platform/ui/icons/icons';
import { formatMoney } from '~/platform/i18n/format';
import { BackLink } from '~/platform/ui/BackLink';
import { Container } from '~/platform/ui/Container';
import { IconTile } from '~/platform/ui/IconTile';
import { PageHeader } from '~/platform/ui/PageHeader';
import { PageMeta } from '~/platform/ui/PageMeta';
import { ProductCard } from './ProductCard';
import { productPreview } from './product-image';
import { useLocalize } from '~/platform/i18n/localized';
import { useShopProducts, useSpicePrice } from './ShopProducts';
import type { ListPage } from '~/platform/content/paged-list';
import { Pagination, usePagedTitle } from '~/platform/content/Pagination';
import { PATHS } from '~/platform/paths';
import { usePageTexts } from '~/platform/content/PageTexts';

/** The spice mixes of our catalogue (a page of them), each with a usage tip and the Buy button. */
export function PartnerSpicesPage({ page }: { page: ListPage }) {
  const { language } = useLanguage();
  const t = usePageTexts();
  const localize = useLocalize();
  const spices = useShopProducts();
  const price = formatMoney(useSpicePrice(), language);
  const title = usePagedTitle(t('partnerSpices.meta.title'), page.page);
  return (
    <>
      <PageMeta
        title={title}
        description={t('partnerSpices.meta.description', { price })}
        image={productPreview(spices, (product) => localize(product.name))}
      />
      <PageHeader
        badge={t('partnerSpices.badge')}
        title={t('partnerSpices.title')}
        lead={t('partnerSpices.lead', { price })}
      />
      <Container className="space-y-12 py-10">
        <BackLink to={PATHS.partner}>{t('back')}</BackLink>
        {/* The page's spice cards, then the tips card filling the rest of the last row. */}
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {spices.map((product) => (
            <ProductCard key={product.id} product={product} showUsage headingLevel={2} />
          ))}
          <div className="sm:col-span-2 lg:col-span-2">
            <div className="h-full rounded-2xl bg-forest-900 p-6 text-white shadow-sm sm:p-8">
              <section aria-labelledby="spice-tips">
                <div className="flex items-center gap-3">
                  <IconTile icon={Sparkles} tone="amber" />
                  <h2 id="spice-tips" className="text-xl font-bold">
                    {t('partnerSpices.tips.title')}
                  </h2>
                </div>
                <ol className="mt-5 space-y-3">
                  {t.tree<string[]>('partnerSpices.tips.items').map((tip, index) => (
                    <li key={tip} className="flex gap-3 text-white/90">
                      <span
                        aria-hidden="true"
                        className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-amber-flag text-xs font-bold text-ink"
                      >
                        {index + 1}
                      </span>
                      {tip}
                    </li>
                  ))}
                </ol>
              </section>
            </div>
          </div>
        </div>
        <Pagination path={PATHS.partnerSpices} page={page.page} pages={page.pages} />
      </Container>
    </>
  );
}
