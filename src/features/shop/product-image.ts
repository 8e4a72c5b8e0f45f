import type { Product } from './products';
import { imageSetFrom, imageSetOf, type ImageSet } from '~/platform/ui/ResponsiveImage';

const images = import.meta.glob<string>('/content/images/products/*.webp', {
  eager: true,
  import: 'default',
  query: '?no-inline',
});

/**
 * A product's picture: the photo the organisers uploaded, else the illustration that came
 * with the site (content/images/products/<id>-<width>.webp; also the partner's catalogue).
 */
export function productImage(product: Product | string): ImageSet | undefined {
  if (typeof product !== 'string' && product.photo) return imageSetOf(product.photo);
  return imageSetFrom(images, typeof product === 'string' ? product : product.id);
}
