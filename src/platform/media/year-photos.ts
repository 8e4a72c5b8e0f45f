import { groupByFolder, toPhotos, type ImageModule, type Photo } from './photos';

// Every year folder (content/photos/<year>/), not the home gallery's or the recipes'.
// Query strings: see src/platform/media/photos.ts.
const large = import.meta.glob<ImageModule>(
  '/content/photos/[0-9][0-9][0-9][0-9]/*.{webp,jpg,jpeg,png,avif}',
  { eager: true, query: '?w=480;960;1440&format=webp&quality=72&as=img', import: 'default' },
);
const thumbs = import.meta.glob<string>('/content/photos/[0-9][0-9][0-9][0-9]/*.{webp,jpg,jpeg,png,avif}', {
  eager: true,
  query: '?w=128&h=128&fit=cover&format=webp&quality=60&as=url',
  import: 'default',
});

const byYear = groupByFolder(toPhotos(large, thumbs));

/** Photos of one year, in file-name order; an empty list when the folder has none. */
export function photosOfYear(year: string): Photo[] {
  return byYear.get(year) ?? [];
}
