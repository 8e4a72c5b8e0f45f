import hero from '/content/photos/hero.webp?w=640;1280;1920&format=webp&quality=70&as=img';
import { toPhotos, type ImageModule } from '~/platform/media/photos';

// Query strings: see src/platform/media/photos.ts.
const large = import.meta.glob<ImageModule>('/content/photos/home/*.{webp,jpg,jpeg,png,avif}', {
  eager: true,
  query: '?w=480;960;1440&format=webp&quality=72&as=img',
  import: 'default',
});
const thumbs = import.meta.glob<string>('/content/photos/home/*.{webp,jpg,jpeg,png,avif}', {
  eager: true,
  query: '?w=128&h=128&fit=cover&format=webp&quality=60&as=url',
  import: 'default',
});

/** The home gallery: every photo in content/photos/home, in file-name order. */
export const HOME_PHOTOS = toPhotos(large, thumbs);

/** The hero background (content/photos/hero.webp). */
export const HERO_IMAGE = hero;
