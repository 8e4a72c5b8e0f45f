import { ImagePlus, Upload } from '~/platform/ui/icons/icons';
import { createContext, useContext, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { ApiError } from '~/platform/http/api';
import { mediaUrl } from '~/platform/media/api';
import { uploadPhoto } from '~/platform/media/upload';
import { Button } from '~/platform/ui/Button';
import { cn } from '~/platform/ui/cn';
import { ErrorText } from '~/platform/forms/LabelledField';

/**
 * Thumbnails of the photos that came with the site ('asset:2024/03.webp' → URL): the build
 * names them, so the editor's page hands them over (its loader, src/app).
 */
export const BundledThumbsContext = createContext<Record<string, string>>({});

/** The small picture of a photo field's value (uploaded or bundled), if there is one. */
function useThumb(id: string): string | undefined {
  const bundled = useContext(BundledThumbsContext);
  if (!id) return undefined;
  return id.startsWith('asset:') ? bundled[id] : mediaUrl(id, 'thumb');
}

interface Progress {
  name: string;
  percent: number;
}

const errorText = (error: unknown) =>
  error instanceof ApiError && error.body.message
    ? error.body.message
    : error instanceof ApiError && error.status === 0
      ? 'content:media.errors.network'
      : 'admin:errors.unknown';

/**
 * Uploads files one after another (the server decodes one at a time anyway), showing each
 * file's progress; reports the ids of those that arrived and the problems of the others.
 */
function useUploads(onUploaded: (ids: string[]) => void) {
  const { t } = useTranslation('content');
  const [progress, setProgress] = useState<Progress | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [done, setDone] = useState(0);
  const upload = async (files: readonly File[]) => {
    const ids: string[] = [];
    const failed: string[] = [];
    for (const file of files) {
      setProgress({ name: file.name, percent: 0 });
      try {
        const photo = await uploadPhoto(file, (fraction) =>
          setProgress({ name: file.name, percent: Math.round(fraction * 100) }),
        );
        ids.push(photo.id);
      } catch (error) {
        failed.push(t('media.failed', { name: file.name, error: t(errorText(error)) }));
      }
    }
    setProgress(null);
    setProblems(failed);
    setDone(ids.length);
    if (ids.length > 0) onUploaded(ids);
  };
  return { upload, progress, problems, done };
}

function UploadStatus({ progress, problems, done }: Omit<ReturnType<typeof useUploads>, 'upload'>) {
  const { t } = useTranslation('content');
  return (
    <div aria-live="polite" className="text-sm">
      {progress ? (
        <div className="mt-2">
          <p>{t('media.uploading', { name: progress.name, percent: progress.percent })}</p>
          <progress max={100} value={progress.percent} className="h-2 w-full accent-ember-700" />
        </div>
      ) : done > 0 ? (
        <p className="mt-2 font-medium text-forest-700">{t('media.uploaded', { count: done })}</p>
      ) : null}
      {problems.map((problem) => (
        <p key={problem} role="alert" className="mt-1 font-medium text-red-800">
          {problem}
        </p>
      ))}
    </div>
  );
}

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif,image/gif,image/tiff';

/** A list of photos: drop several files (or choose them) and each becomes a new entry. */
export function PhotoDrop({ onUploaded }: { onUploaded: (ids: string[]) => void }) {
  const { t } = useTranslation('content');
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const { upload, ...status } = useUploads(onUploaded);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void upload([...event.dataTransfer.files]);
  };
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={cn(
        'mt-3 rounded-lg border-2 border-dashed border-black/20 p-4 text-center',
        over && 'border-ember-600 bg-ember-50',
      )}
    >
      <ImagePlus aria-hidden="true" className="mx-auto h-6 w-6 text-muted" />
      <p className="mt-1 text-sm text-muted">{t('media.drop')}</p>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        multiple
        tabIndex={-1}
        aria-hidden="true"
        className="sr-only"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          void upload(files);
        }}
      />
      <Button
        variant="outline"
        size="sm"
        className="mt-2"
        disabled={Boolean(status.progress)}
        onClick={() => input.current?.click()}
      >
        <Upload aria-hidden="true" className="h-4 w-4" />
        {t('media.upload')}
      </Button>
      <UploadStatus {...status} />
    </div>
  );
}

/** One photo: its thumbnail and a button to upload another in its place. */
export function ImageField({
  label,
  value,
  onChange,
  issue,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  issue: string | undefined;
}) {
  const { t } = useTranslation('content');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const thumb = useThumb(value);
  const { upload, ...status } = useUploads((ids) => onChange(ids[0]!));
  return (
    <div role="group" aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className="mb-1 text-sm font-semibold">
        {t(label)}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {thumb ? (
          <img
            src={thumb}
            alt={t('media.preview')}
            width={64}
            height={64}
            className="h-16 w-16 rounded-md bg-sand object-cover"
          />
        ) : (
          <span className="grid h-16 w-16 place-items-center rounded-md bg-sand text-xs text-muted">
            {t('media.none')}
          </span>
        )}
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          tabIndex={-1}
          aria-hidden="true"
          className="sr-only"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])].slice(0, 1);
            event.target.value = '';
            void upload(files);
          }}
        />
        <Button
          variant="outline"
          size="sm"
          disabled={Boolean(status.progress)}
          onClick={() => input.current?.click()}
        >
          <Upload aria-hidden="true" className="h-4 w-4" />
          {value ? t('media.replace') : t('media.uploadOne')}
        </Button>
      </div>
      <UploadStatus {...status} />
      <ErrorText id={`${id}-error`} message={issue ? t(issue) : undefined} />
    </div>
  );
}
