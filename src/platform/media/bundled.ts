import { toPhotos, type ImageModule, type Photo } from './photos';

// The photos that come with the site (content/photos/**), turned into sizes by the build.
// Query strings: see ./photos.ts. Only loaders (server side) import this map.
const large = import.meta.glob<ImageModule>('/content/photos/*/*.{webp,jpg,jpeg,png,avif}', {
  eager: true,
  query: '?w=480;960;1440&format=webp&quality=72&as=img',
  import: 'default',
});
const thumbs = import.meta.glob<string>('/content/photos/*/*.{webp,jpg,jpeg,png,avif}', {
  eager: true,
  query: '?w=128&h=128&fit=cover&format=webp&quality=60&as=url',
  import: 'default',
});

// A photo at the top of content/photos (hero.webp) fills the screen's width: wider sizes. The
// query is the one the home page imported before the hero became content (same files, same
// first paint).
const wide = import.meta.glob<ImageModule>('/content/photos/*.{webp,jpg,jpeg,png,avif}', {
  eager: true,
  query: '?w=640;1280;1920&format=webp&quality=70&as=img',
  import: 'default',
});
const wideThumbs = import.meta.glob<string>('/content/photos/*.{webp,jpg,jpeg,png,avif}', {
  eager: true,
  query: '?w=128&h=128&fit=cover&format=webp&quality=60&as=url',
  import: 'default',
});

/** 'asset:2024/03.webp', 'asset:hero.webp' → the built photo. */
export const BUNDLED_PHOTOS: ReadonlyMap<string, Photo> = new Map(
  [...toPhotos(large, thumbs), ...toPhotos(wide, wideThumbs)].map((photo) => [
    `asset:${photo.path.replace('/content/photos/', '')}`,
    { ...photo, path: `asset:${photo.path.replace('/content/photos/', '')}` },
  ]),
);
