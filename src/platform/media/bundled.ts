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

/** 'asset:2024/03.webp' → the built photo. */
export const BUNDLED_PHOTOS: ReadonlyMap<string, Photo> = new Map(
  toPhotos(large, thumbs).map((photo) => [
    `asset:${photo.path.replace('/content/photos/', '')}`,
    { ...photo, path: `asset:${photo.path.replace('/content/photos/', '')}` },
  ]),
);
