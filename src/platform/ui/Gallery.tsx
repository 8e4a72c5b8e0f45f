import { lazy, Suspense, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { buttonClasses, type ButtonVariant } from './Button';
import { cn } from './cn';
import type { Photo } from '~/platform/media/photos';

const loadDialog = () => import('./GalleryDialog');
const GalleryDialog = lazy(loadDialog);

export interface GalleryProps {
  photos: Photo[];
  /** Dialog title (visible in the dialog's top bar). */
  title: string;
  /** Alt text of photo `index` (0-based). */
  alt: (index: number) => string;
  /**
   * Renders whatever opens the gallery; call `open(i)` to start at photo i (each an `<a>` to
   * its photo with `actAsButton`, so it opens the photo without scripts). Focus goes back to
   * the element that opened it when the dialog closes, so one gallery can have several
   * triggers. Or, instead, `label`:
   */
  children?: (open: (index?: number) => void) => ReactNode;
  /** One opener saying this (an icon, a label, a count), drawn by the gallery as below. */
  label?: ReactNode;
  /** The `label` opener's look. */
  variant?: ButtonVariant;
}

/**
 * A modal photo viewer: large image, previous/next that wrap around at both ends (hidden
 * when there is only one photo), arrow keys, a counter 'n / total', a row of 64 px
 * thumbnails, Escape or the close button to leave. The dialog itself (GalleryDialog, on
 * Radix Dialog) loads on first open. Needs the `gallery` pack (`loadRoutePacks(…, 'gallery')`).
 *
 * The opener is a `<details>`' summary: without scripts (or before they run) it opens the
 * photos in the page as thumbnails, each a link to the photo itself (issue 44); with them it
 * opens the viewer instead. Focus goes back to the opener when the viewer closes.
 */
export function Gallery({ photos, title, alt, children, label, variant = 'primary' }: GalleryProps) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [index, setIndex] = useState(0);
  const opener = useRef<HTMLElement | null>(null);

  const openAt = (start = 0) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setIndex(Math.min(Math.max(start, 0), Math.max(photos.length - 1, 0)));
    setUsed(true);
    setOpen(true);
  };
  const openViewer = (event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    openAt(0);
    opener.current = event.currentTarget;
  };

  return (
    <>
      {label === undefined ? (
        // Fetch the dialog's code as soon as a trigger is pointed at or focused.
        <div className="contents" onPointerEnter={() => void loadDialog()} onFocus={() => void loadDialog()}>
          {children?.(openAt)}
        </div>
      ) : (
        <details className="contents">
          <summary
            onClick={openViewer}
            // Fetch the dialog's code as soon as the opener is pointed at or focused.
            onPointerEnter={() => void loadDialog()}
            onFocus={() => void loadDialog()}
            className={cn(buttonClasses(variant), 'list-none [&::-webkit-details-marker]:hidden')}
          >
            {label}
          </summary>
          <ul className="mt-3 grid basis-full grid-cols-4 gap-2 sm:grid-cols-6">
            {photos.map((photo, i) => (
              <li key={photo.path}>
                <a href={photo.src} className="block overflow-hidden rounded-lg ring-1 ring-black/10">
                  <img
                    src={photo.thumb}
                    alt={alt(i)}
                    width={128}
                    height={128}
                    loading="lazy"
                    className="aspect-square w-full object-cover"
                  />
                </a>
              </li>
            ))}
          </ul>
        </details>
      )}
      {used ? (
        <Suspense fallback={null}>
          <GalleryDialog
            photos={photos}
            title={title}
            alt={alt}
            open={open}
            onOpenChange={setOpen}
            index={index}
            onIndexChange={setIndex}
            returnFocusTo={opener}
          />
        </Suspense>
      ) : null}
    </>
  );
}
