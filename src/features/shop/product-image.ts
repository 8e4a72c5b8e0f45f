import type { Product } from './products';
import type { MetaImage } from '~/platform/ui/PageMeta';
import { imageSetFrom, imageSetOf, largestSource, type ImageSet } from '~/platform/ui/ResponsiveImage';

const images = import.meta.glob<string>('/content/images/products/*.webp', {
  eager: true,
  import: 'default',
  query: '?no-inline',
});

/**
 * A product's picture: the photo the organisers uploaded, else the illustration that came
 * with the site (content/images/products/<id>-<width>.webp; also the partner's catalogue).
 */
export function productImage(product: Pick<Product, 'id' | 'photo'> | string): ImageSet | undefined {
  if (typeof product !== 'string' && product.photo) return imageSetOf(product.photo);
  return imageSetFrom(images, typeof product === 'string' ? product : product.id);
}

/** The link-preview picture of a page about these products: the first one that has a picture. */
export function productPreview(
  products: readonly Product[],
  name: (product: Product) => string,
): MetaImage | undefined {
  for (const product of products) {
    const image = productImage(product);
    if (image) return { src: largestSource(image), alt: name(product) };
  }
  return undefined;
}
