/**
 * Photos live in content/photos/<folder>/NN.(webp|jpg|png|avif). Features import them with
 * `import.meta.glob` and the vite-imagetools queries below (globs need literal strings, so
 * each feature repeats them); at build time every file becomes hashed, long-cached WebP in
 * a few widths plus a square thumbnail. See docs/ORGANISERS.md, "Photos".
 *
 *   large:  ?w=480;960;1440&format=webp&quality=72&as=img
 *   thumb:  ?w=128&h=128&fit=cover&format=webp&quality=60&as=url
 */

/** What `?…&as=img` gives: the largest image, its size and a srcset of all widths. */
export interface ImageModule {
  src: string;
  w: number;
  h: number;
  srcset?: string;
}

export interface Photo {
  /** Source path, e.g. /content/photos/2024/03.webp (stable key, sorts by file name). */
  path: string;
  src: string;
  srcset?: string;
  width: number;
  height: number;
  /** Square thumbnail (128 px, shown at 64 px). */
  thumb: string;
}

/** Joins the large and thumbnail globs of the same files into photos sorted by file name. */
export function toPhotos(images: Record<string, ImageModule>, thumbs: Record<string, string>): Photo[] {
  return Object.keys(images)
    .sort()
    .map((path) => {
      const image = images[path]!;
      return {
        path,
        src: image.src,
        srcset: image.srcset,
        width: image.w,
        height: image.h,
        thumb: thumbs[path] ?? image.src,
      };
    });
}
