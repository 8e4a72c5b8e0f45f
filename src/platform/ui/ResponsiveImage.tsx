import type { ImgHTMLAttributes } from 'react';
import type { Photo } from '~/platform/media/photos';
import { cn } from './cn';

/** One picture rendered at several widths (files named `<id>-<width>.webp`). */
export interface ImageSet {
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

/** A photo (one that came with the site, or an uploaded one) at the sizes it was made in. */
export function imageSetOf({ src, srcset, width, height }: Photo): ImageSet {
  return { src, srcSet: srcset ?? src, width, height };
}

/** The widest file of a set (link previews want one large picture, not a srcset). */
export function largestSource({ src, srcSet }: { src: string; srcSet?: string }): string {
  const candidates = (srcSet ?? '').split(',').flatMap((entry) => {
    const [url, width] = entry.trim().split(/\s+/);
    return url && width?.endsWith('w') ? [{ url, width: Number.parseInt(width, 10) }] : [];
  });
  return candidates.sort((a, b) => b.width - a.width)[0]?.url ?? src;
}

/**
 * Builds the image set of `id` from an eager `import.meta.glob` of a content folder, so the
 * URLs are Vite's hashed asset URLs. Widths come from the file names.
 */
export function imageSetFrom(
  files: Record<string, string>,
  id: string,
  aspect = 3 / 4,
): ImageSet | undefined {
  const sizes = Object.entries(files)
    .map(([path, url]) => {
      const match = /\/([^/]+)-(\d+)\.webp$/.exec(path);
      return match && match[1] === id ? { width: Number(match[2]), url } : undefined;
    })
    .filter((entry) => entry !== undefined)
    .sort((a, b) => a.width - b.width);
  const largest = sizes.at(-1);
  if (!largest) return undefined;
  return {
    src: sizes[0]!.url,
    srcSet: sizes.map((size) => `${size.url} ${size.width}w`).join(', '),
    width: largest.width,
    height: Math.round(largest.width * aspect),
  };
}

/**
 * A responsive, lazily loaded picture with its intrinsic size set (no layout shift).
 * Pass `priority` for the one image at the top of a page.
 */
export function ResponsiveImage({
  image,
  alt,
  sizes = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw',
  priority = false,
  className,
  ...props
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'width' | 'height'> & {
  image: ImageSet;
  alt: string;
  priority?: boolean;
}) {
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      className={cn('h-auto w-full object-cover', className)}
      {...props}
    />
  );
}
