import type { Photo } from '~/platform/media/photos';
import type { Texts } from './PageTexts';

export type ListedPhoto = Photo & { alt: string };

/**
 * A list of photos in a page's texts (`[{ image, caption }]`) as the page shows them: each
 * photo's sizes from the loader, its description, or `alt(n)` where it has none ('photo 3').
 */
export function photoList(
  t: Texts,
  key: string,
  photos: Record<string, Photo>,
  alt: (n: number) => string,
): ListedPhoto[] {
  return t.tree<Array<{ image: string; caption: string }>>(key).flatMap(({ image, caption }, index) => {
    const photo = photos[image];
    return photo ? [{ ...photo, alt: caption || alt(index + 1) }] : [];
  });
}
