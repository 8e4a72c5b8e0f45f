import { ImageOff, Images } from '~/platform/ui/icons/icons';
import { usePageTexts } from '~/platform/content/PageTexts';
import { Gallery } from '~/platform/ui/Gallery';
import type { ListedPhoto } from '~/platform/content/photo-list';

/**
 * The photos of one year on /istorija: a 'view photos (n)' opener of the gallery (the photos
 * in the page without scripts),
 * or a 'no photos' note when the year's folder is empty.
 */
export function YearGallery({ year, photos }: { year: string; photos: ListedPhoto[] }) {
  const t = usePageTexts();
  if (photos.length === 0) {
    return (
      <p className="flex items-center gap-2 rounded-xl bg-sand/70 px-4 py-3 text-muted">
        <ImageOff aria-hidden="true" className="h-5 w-5 shrink-0" />
        {t('gallery.none')}
      </p>
    );
  }
  return (
    <Gallery
      photos={photos}
      title={t('gallery.title', { year })}
      alt={(i) => photos[i]?.alt ?? ''}
      variant="outline"
      label={
        <>
          <Images aria-hidden="true" className="h-5 w-5" />
          {t('gallery.view', { count: photos.length })}
        </>
      }
    />
  );
}
