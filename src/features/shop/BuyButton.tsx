import { ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '~/ui/Button';

/**
 * "Buy" for a product of our own catalogue (src/features/shop/catalogue.ts). The shop
 * feature turns it into the order dialog; until then it is disabled.
 */
export function BuyButton({ productId, className }: { productId: string; className?: string }) {
  const { t } = useTranslation('shop');
  return (
    <Button className={className} disabled data-product-id={productId}>
      <ShoppingCart aria-hidden="true" className="h-4 w-4" />
      {t('buy')}
    </Button>
  );
}
