import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { ArrowRight, Check, Lightbulb } from '~/platform/ui/icons/icons';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Link } from 'react-router';
import { BuyButton } from './BuyButton';
import { formatMoney } from '~/platform/i18n/format';
import type { Product } from './products';
import { useLocalize } from '~/platform/i18n/localized';
import { Button } from '~/platform/ui/Button';
import { ProductTile } from './ProductTile';
import { productImage } from './product-image';

/**
 * A product of our own GBP catalogue: name and price from the catalogue, texts from the
 * display data, the shop's Buy button, and optionally a link to the product's own page.
 */
export function ProductCard({
  product,
  detailsTo,
  showUsage = false,
  featureCount = 3,
  headingLevel,
}: {
  product: Product;
  detailsTo?: string;
  showUsage?: boolean;
  featureCount?: number;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation('partner');
  const { language } = useLanguage();
  const localize = useLocalize();
  const name = localize(product.name);
  const features = product.features.map(localize).slice(0, featureCount);

  return (
    <ProductTile
      id={product.id}
      image={productImage(product)}
      imageAlt={name}
      title={name}
      headingLevel={headingLevel}
      price={formatMoney(product.price, language)}
      description={localize(product.description)}
      actions={
        <>
          <BuyButton productId={product.id} />
          {detailsTo ? (
            <Button asChild variant="ghost">
              <Link to={detailsTo}>
                {t('product.details')}
                <span className="sr-only">: {name}</span>
                <ArrowRight aria-hidden="true" className="h-4 w-4" />
              </Link>
            </Button>
          ) : null}
        </>
      }
    >
      {features.length > 0 ? (
        <ul aria-label={t('product.features')} className="mt-4 flex flex-wrap gap-1.5">
          {features.map((feature) => (
            <li
              key={feature}
              className="inline-flex items-center gap-1 rounded-full bg-forest-50 px-2.5 py-1 text-xs font-semibold text-forest-700"
            >
              <Check aria-hidden="true" className="h-3 w-3" />
              {feature}
            </li>
          ))}
        </ul>
      ) : null}
      {showUsage && localize(product.usage) ? (
        <div className="mt-4 flex gap-2 rounded-xl bg-amber-50 p-3 text-sm">
          <Lightbulb aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" />
          <p>
            <strong className="font-semibold">{t('product.usage')}: </strong>
            {localize(product.usage)}
          </p>
        </div>
      ) : null}
    </ProductTile>
  );
}
