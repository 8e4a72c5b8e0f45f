import type { MediaInfo } from '~/platform/content/content-type';
import { mediaUrl, MEDIA_VARIANTS, type MediaVariantName } from './api';
import { BUNDLED_PHOTOS } from './bundled';
import type { Photo } from './photos';

/**
 * A photo field's value as the page shows it: a photo that came with the site
 * ('asset:2024/03.webp') or an uploaded one (its id), with its sizes for `srcset`.
 */
export function resolvePhoto(id: string, media: Record<string, MediaInfo>): Photo | undefined {
  if (id.startsWith('asset:')) return BUNDLED_PHOTOS.get(id);
  const info = media[id];
  if (!info) return undefined;
  const large = MEDIA_VARIANTS.filter(
    (name): name is Exclude<MediaVariantName, 'thumb'> => name !== 'thumb' && name in info.variants,
  );
  const largest = large.at(-1);
  if (!largest) return undefined;
  const widest = info.variants[largest]!;
  return {
    path: id,
    src: mediaUrl(id, largest),
    srcset: large.map((name) => `${mediaUrl(id, name)} ${info.variants[name]}w`).join(', '),
    width: widest,
    height: Math.round((info.height * widest) / info.width),
    thumb: mediaUrl(id, 'thumb'),
  };
}

/**
 * Every photo a document shows (the values of its `image` fields), resolved: what a route's
 * loader hands its page next to the texts.
 */
export function photosIn(document: unknown, media: Record<string, MediaInfo>): Record<string, Photo> {
  const found: Record<string, Photo> = {};
  const visit = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (typeof node === 'object' && node !== null) {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'image' && typeof value === 'string') {
          const photo = resolvePhoto(value, media);
          if (photo) found[value] = photo;
        } else visit(value);
      }
    }
  };
  visit(document);
  return found;
}
