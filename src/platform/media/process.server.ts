import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { HttpError } from '~/platform/http/errors.server';
import { MEDIA_LIMITS, MEDIA_MESSAGES, type MediaVariantName } from './api';

/** One size of an uploaded photo, as stored and served (`/media/<id>/<name>`). */
interface ProcessedVariant {
  name: MediaVariantName;
  width: number;
  height: number;
  bytes: Buffer;
}

export interface ProcessedPhoto {
  sha256: string;
  width: number;
  height: number;
  variants: ProcessedVariant[];
}

/** The same sizes and quality the build makes of the photos that come with the site (photos.ts). */
const LARGE_WIDTHS = [480, 960, 1440] as const;
const LARGE_QUALITY = 72;
const THUMB_SIZE = 128;
const THUMB_QUALITY = 60;

/** What the decoder recognises by the bytes (never by the file name or the declared type). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif', 'tiff']);

const notAnImage = () => new HttpError(415, 'not_an_image', { message: MEDIA_MESSAGES.notAnImage });

/**
 * Turns an uploaded file into the site's responsive WebP sizes. The type is read from the
 * content; the picture is turned upright (EXIF orientation) and re-encoded, so no metadata
 * of the original — camera, GPS location — reaches a visitor (sharp writes none unless asked).
 */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  if (bytes.length > MEDIA_LIMITS.maxBytes)
    throw new HttpError(413, 'too_large', { message: MEDIA_MESSAGES.tooLarge });
  const input = () => sharp(bytes, { limitInputPixels: MEDIA_LIMITS.maxPixels, failOn: 'error' });
  let metadata: Metadata;
  try {
    metadata = await input().metadata();
  } catch {
    throw notAnImage();
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height)
    throw notAnImage();
  // Orientations 5–8 swap width and height once turned upright.
  const turned = (metadata.orientation ?? 1) >= 5;
  const width = turned ? metadata.height : metadata.width;
  const height = turned ? metadata.width : metadata.height;
  if (Math.min(width, height) < MEDIA_LIMITS.minSide)
    throw new HttpError(422, 'too_small', { message: MEDIA_MESSAGES.tooSmall });

  const widths = [...new Set(LARGE_WIDTHS.map((w) => Math.min(w, width)))];
  try {
    const large = await Promise.all(
      widths.map(async (target, index) => {
        const { data, info } = await input()
          .rotate()
          .resize({ width: target, withoutEnlargement: true })
          .webp({ quality: LARGE_QUALITY })
          .toBuffer({ resolveWithObject: true });
        const name = `w${LARGE_WIDTHS[index]}` as MediaVariantName;
        return { name, width: info.width, height: info.height, bytes: data };
      }),
    );
    const thumb = await input()
      .rotate()
      .resize({ width: THUMB_SIZE, height: THUMB_SIZE, fit: 'cover' })
      .webp({ quality: THUMB_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return {
      sha256: createHash('sha256').update(bytes).digest('hex'),
      width,
      height,
      variants: [
        ...large,
        { name: 'thumb', width: thumb.info.width, height: thumb.info.height, bytes: thumb.data },
      ],
    };
  } catch {
    // A file whose header reads as an image but whose data does not decode.
    throw notAnImage();
  }
}
