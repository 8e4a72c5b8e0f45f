import { ChevronLeft, ChevronRight, X } from '~/platform/ui/icons/icons';
import { Dialog } from 'radix-ui';
import {
  useEffect,
  useRef,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { cn } from './cn';
import type { Photo } from '~/platform/media/photos';

/**
 * The gallery's modal (Radix Dialog: focus trap, scroll lock, Escape). Loaded by `Gallery`
 * on first open, so pages don't pay for it in their first-load JavaScript.
 */
export default function GalleryDialog({
  photos,
  title,
  alt,
  open,
  onOpenChange,
  index,
  onIndexChange,
  returnFocusTo,
}: {
  photos: Photo[];
  title: string;
  alt: (index: number) => string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  index: number;
  onIndexChange: (index: number) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation('gallery');
  const total = photos.length;
  const several = total > 1;

  const onKeyDown = (event: KeyboardEvent) => {
    if (!several) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      onIndexChange((index + 1) % total);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      onIndexChange((index - 1 + total) % total);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/90" />
        <Dialog.Content
          onKeyDown={onKeyDown}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-0 z-50 flex flex-col gap-3 p-3 text-white outline-none sm:gap-4 sm:p-6"
        >
          <div className="flex items-center gap-3">
            <Dialog.Title className="min-w-0 flex-1 truncate text-base font-semibold sm:text-lg">
              {title}
            </Dialog.Title>
            <p
              aria-live="polite"
              data-testid="gallery-counter"
              className="rounded-full bg-white/15 px-3 py-1 text-sm font-semibold tabular-nums"
            >
              {total ? `${index + 1} / ${total}` : '0 / 0'}
            </p>
            <Dialog.Close asChild>
              <button
                type="button"
                aria-label={t('close')}
                className="grid h-11 w-11 shrink-0 cursor-pointer place-items-center rounded-full bg-white/15 hover:bg-white/25"
              >
                <X aria-hidden="true" className="h-6 w-6" />
              </button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t(several ? 'hint' : 'hintSingle')}</Dialog.Description>
          <GalleryStage photos={photos} index={index} onIndexChange={onIndexChange} alt={alt} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The inside of the gallery: the large image, previous/next (only with more than one photo)
 * and the thumbnail row. Plain React without Radix, so it renders (and is tested) on its own.
 */
export function GalleryStage({
  photos,
  index,
  onIndexChange,
  alt,
}: {
  photos: Photo[];
  index: number;
  onIndexChange: (index: number) => void;
  alt: (index: number) => string;
}) {
  const { t } = useTranslation('gallery');
  const currentThumb = useRef<HTMLButtonElement | null>(null);
  const total = photos.length;
  const several = total > 1;
  const photo = photos[index];
  const step = (delta: number) => onIndexChange((index + delta + total) % total);
  const swipe = useSwipe((direction) => step(direction === 'left' ? 1 : -1));

  useEffect(() => {
    currentThumb.current?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [index]);

  return (
    <>
      <div
        {...(several ? swipe : {})}
        // Vertical scrolling and pinch zoom stay the browser's; a sideways swipe is ours.
        className="relative flex min-h-0 flex-1 touch-pan-y touch-pinch-zoom items-center justify-center"
      >
        {photo ? (
          <img
            key={photo.path}
            src={photo.src}
            srcSet={photo.srcset}
            sizes="(min-width: 1024px) 90vw, 100vw"
            width={photo.width}
            height={photo.height}
            alt={alt(index)}
            decoding="async"
            className="h-full w-full rounded-lg object-contain"
          />
        ) : null}
        {several ? (
          <>
            <NavButton label={t('previous')} side="left" onClick={() => step(-1)}>
              <ChevronLeft aria-hidden="true" className="h-7 w-7" />
            </NavButton>
            <NavButton label={t('next')} side="right" onClick={() => step(1)}>
              <ChevronRight aria-hidden="true" className="h-7 w-7" />
            </NavButton>
          </>
        ) : null}
      </div>
      {several ? (
        <ul aria-label={t('thumbnails')} className="flex justify-center-safe gap-2 overflow-x-auto p-1">
          {photos.map((item, i) => (
            <li key={item.path} className="shrink-0">
              <button
                type="button"
                ref={i === index ? currentThumb : undefined}
                aria-label={t('show', { n: i + 1 })}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => onIndexChange(i)}
                className={cn(
                  'block h-16 w-16 cursor-pointer overflow-hidden rounded-md ring-2 transition',
                  i === index ? 'ring-amber-flag' : 'opacity-60 ring-transparent hover:opacity-100',
                )}
              >
                <img
                  src={item.thumb}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  decoding="async"
                  className="h-full w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** How far (px) a finger must travel sideways, and how much more than up or down, to swipe. */
const SWIPE_DISTANCE = 40;
const SWIPE_RATIO = 1.5;

/**
 * Swipe left/right with a finger or a pen (pointer events; a mouse drag stays a drag):
 * `onSwipe('left')` when the finger moved to the left, i.e. towards the next photo.
 */
function useSwipe(onSwipe: (direction: 'left' | 'right') => void) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  return {
    onPointerDown: (event: PointerEvent) => {
      if (event.pointerType === 'mouse' || !event.isPrimary) return;
      start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerUp: (event: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) >= SWIPE_DISTANCE && Math.abs(dx) > Math.abs(dy) * SWIPE_RATIO)
        onSwipe(dx < 0 ? 'left' : 'right');
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}

function NavButton({
  label,
  side,
  onClick,
  children,
}: {
  label: string;
  side: 'left' | 'right';
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={cn(
        'absolute top-1/2 grid h-12 w-12 -translate-y-1/2 cursor-pointer place-items-center rounded-full bg-black/50 text-white ring-1 ring-white/30 backdrop-blur hover:bg-black/70',
        side === 'left' ? 'left-1 sm:left-3' : 'right-1 sm:right-3',
      )}
    >
      {children}
    </button>
  );
}
