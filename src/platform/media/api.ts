import { z } from 'zod';
import { endpoint } from '~/platform/http/api';

/** Uploading photos (admin area) and serving them (public), written once for both sides. */
export const MEDIA_ENDPOINTS = {
  /** POST multipart/form-data with one `file`: the photo's id and sizes. GET: every photo. */
  library: endpoint('/api/admin/media'),
  /** GET: one size of a photo (public, cached for good: a photo's bytes never change). */
  variant: endpoint('/media/:id/:variant'),
};

export const MEDIA_VARIANTS = ['w480', 'w960', 'w1440', 'thumb'] as const;
export type MediaVariantName = (typeof MEDIA_VARIANTS)[number];

export const MEDIA_LIMITS = {
  /** A phone's photo is 3–12 MB. */
  maxBytes: 20 * 1024 * 1024,
  /** 60 megapixels: more would take the server's memory for a single decode. */
  maxPixels: 60_000_000,
  /** Smaller than a thumbnail is not a photo for the site. */
  minSide: 128,
};

/** Keys of the `content` pack. */
export const MEDIA_MESSAGES = {
  notAnImage: 'content:media.errors.notAnImage',
  tooLarge: 'content:media.errors.tooLarge',
  tooSmall: 'content:media.errors.tooSmall',
  noFile: 'content:media.errors.noFile',
};

export const variantParamsSchema = z.object({
  id: z.uuid(),
  variant: z.enum(MEDIA_VARIANTS),
});

/** A photo in the library, as the editor lists it. */
export interface MediaItem {
  id: string;
  originalName: string;
  width: number;
  height: number;
  createdAt: string;
}

/** The address of one size of an uploaded photo. */
export const mediaUrl = (id: string, variant: MediaVariantName) =>
  MEDIA_ENDPOINTS.variant.url({ id, variant });
