import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
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
   * Renders whatever opens the gallery; call `open(i)` to start at photo i. Focus goes back
   * to the element that opened it when the dialog closes, so one gallery can have several
   * triggers (a button, a grid of photos).
   */
  children: (open: (index?: number) => void) => ReactNode;
}

/**
 * A modal photo viewer: large image, previous/next that wrap around at both ends (hidden
 * when there is only one photo), arrow keys, a counter 'n / total', a row of 64 px
 * thumbnails, Escape or the close button to leave. The dialog itself (GalleryDialog, on
 * Radix Dialog) loads on first open. Needs the `gallery` pack (`loadRoutePacks(…, 'gallery')`).
 */
export function Gallery({ photos, title, alt, children }: GalleryProps) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [index, setIndex] = useState(0);
  const opener = useRef<HTMLElement | null>(null);
  const { t } = useTranslation('gallery');

  const openAt = (start = 0) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setIndex(Math.min(Math.max(start, 0), Math.max(photos.length - 1, 0)));
    setUsed(true);
    setOpen(true);
  };

  return (
    <>
      {/* Fetch the dialog's code as soon as a trigger is pointed at or focused. */}
      <div className="contents" onPointerEnter={() => void loadDialog()} onFocus={() => void loadDialog()}>
        {children(openAt)}
      </div>
      <p className="mt-2 hidden basis-full text-sm text-muted noscript:block">{t('noScript')}</p>
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
