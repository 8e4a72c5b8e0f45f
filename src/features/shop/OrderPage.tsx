import { ArrowLeft } from '~/platform/ui/icons/icons';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Link } from 'react-router';
import { formatMoney } from '~/platform/i18n/format';
import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { NotFoundPage } from '~/platform/shell/NotFoundPage';
import { Container } from '~/platform/ui/Container';
import { PageMeta } from '~/platform/ui/PageMeta';
import { ResponsiveImage } from '~/platform/ui/ResponsiveImage';
import { productPagePath } from './money';
import OrderForm from './OrderForm';
import { productImage } from './product-image';
import type { Product } from './products';

/**
 * A plain page with one product's order form: where Buy leads before the page's scripts
 * run (or when they never do); with them, Buy opens the same form in a dialog. The form
 * posts here without scripts (decision 0030).
 */
export function OrderPage({ product }: { product: Product | null }) {
  const { t } = useTranslation('shop');
  const { language } = useLanguage();
  if (!product) return <NotFoundPage />;
  const name = product.name[language];
  const image = productImage(product);
  return (
    <>
      <PageMeta
        title={t('orderPage.metaTitle', { product: name })}
        description={t('orderPage.metaDescription', { product: name })}
      />
      <Container className="max-w-2xl py-8 sm:py-12">
        <Link
          to={productPagePath(product.category)}
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-ember-700 underline-offset-2 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          {t('orderPage.back')}
        </Link>
        <header className="mt-4 flex items-center gap-4">
          {image ? (
            <div className="h-20 w-20 shrink-0 overflow-hidden rounded-2xl bg-white sm:h-24 sm:w-24">
              <ResponsiveImage image={image} alt="" sizes="96px" className="h-full object-contain" />
            </div>
          ) : null}
          <div className="min-w-0">
            <p className="text-sm font-semibold text-ember-700">{t('orderDialog.kicker')}</p>
            <h1 className="text-2xl font-extrabold tracking-tight break-words sm:text-3xl">{name}</h1>
            <p className="mt-1 text-sm text-muted">
              {t('orderDialog.description', { price: formatMoney(product.price, language) })}
            </p>
          </div>
        </header>
        <div className="mt-6 rounded-2xl border border-black/5 bg-white p-5 shadow-sm sm:p-7">
          <OrderForm product={product} />
        </div>
      </Container>
    </>
  );
}
