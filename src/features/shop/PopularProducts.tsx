import { ArrowRight, ShoppingBag } from '~/platform/ui/icons/icons';
import { Link } from 'react-router';
import { formatMoney } from '~/platform/i18n/format';
import { useProduct, useSpicePrice } from './ShopProducts';
import { useLanguage } from '~/platform/i18n/LanguageProvider';
import { useLocalize } from '~/platform/i18n/localized';
import { Badge } from '~/platform/ui/Badge';
import { Button } from '~/platform/ui/Button';
import { ExternalButton } from './ExternalButton';
import { ProductTile } from './ProductTile';
import { SectionHeading } from '~/platform/ui/SectionHeading';
import { PARTNER, POPULAR_PRODUCTS, type PopularProduct } from './partner';
import { productImage } from './product-image';
import type { SmokingItem } from './smoking-catalogue';
import { usePageTexts } from '~/platform/content/PageTexts';

function PopularCard({
  entry,
  number,
  catalogue,
}: {
  entry: PopularProduct;
  number: number;
  catalogue: readonly SmokingItem[];
}) {
  const t = usePageTexts();
  const { language } = useLanguage();
  const localize = useLocalize();
  const spicePrice = useSpicePrice();
  const product = useProduct(entry.kind === 'store' ? '' : entry.productId);
  const label = <Badge variant="dark">{t('partner.popular.number', { number })}</Badge>;

  if (entry.kind === 'store') {
    const item = catalogue.find((candidate) => candidate.id === entry.itemId);
    if (!item) return null;
    const name = localize(item.name);
    return (
      <ProductTile
        image={productImage(item)}
        imageAlt={name}
        label={label}
        title={name}
        price={formatMoney(item.price, language, 'EUR')}
        description={localize(item.description)}
        actions={
          <ExternalButton href={PARTNER.storeUrl} variant="outline" size="sm">
            <ShoppingBag aria-hidden="true" className="h-4 w-4" />
            {t('partner.popular.inStore')}
            <span className="sr-only">: {name}</span>
          </ExternalButton>
        }
      />
    );
  }

  if (!product) return null;
  const isGroup = entry.group === 'spice';
  const name = isGroup ? t('partner.popular.spiceGroup') : localize(product.name);
  return (
    <ProductTile
      image={productImage(product)}
      imageAlt={name}
      label={label}
      title={name}
      price={
        isGroup
          ? t('partner.popular.from', { price: formatMoney(spicePrice, language) })
          : formatMoney(product.price, language)
      }
      description={isGroup ? t('partner.popular.spiceGroupDescription') : localize(product.description)}
      actions={
        <Button asChild size="sm">
          <Link to={entry.to}>
            {t('partner.popular.details')}
            <span className="sr-only">: {name}</span>
            <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </Link>
        </Button>
      }
    />
  );
}

export function PopularProducts({ catalogue }: { catalogue: readonly SmokingItem[] }) {
  const t = usePageTexts();
  return (
    <section aria-labelledby="popular-products">
      <SectionHeading
        id="popular-products"
        title={t('partner.popular.title')}
        lead={t('partner.popular.lead')}
      />
      <ol aria-labelledby="popular-products" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {POPULAR_PRODUCTS.map((entry, index) => (
          <li
            key={entry.kind === 'store' ? entry.itemId : entry.productId}
            data-testid={`popular-${index + 1}`}
          >
            <PopularCard entry={entry} number={index + 1} catalogue={catalogue} />
          </li>
        ))}
      </ol>
    </section>
  );
}
