import { DatabaseBackup } from '~/platform/ui/icons/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useAdminErrorHandler } from '~/platform/admin/api';
import { PanelTitle, panelClasses } from '~/platform/admin/parts';
import { BACKUP_ENDPOINTS } from '~/platform/admin/backup';
import { ApiError, type ApiErrorBody } from '~/platform/http/api';
import { Button } from '~/platform/ui/Button';
import { followLink } from '~/platform/ui/follow-link';

/**
 * Downloads a backup of the whole database (orders, forms, texts, photos): fetched first, so
 * a refusal shows as a message rather than as a downloaded error page.
 */
export function BackupCard() {
  const { t } = useTranslation('admin');
  const onError = useAdminErrorHandler();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      let response: Response;
      try {
        response = await fetch(BACKUP_ENDPOINTS.download.url(), { credentials: 'same-origin' });
      } catch {
        throw new ApiError(0, { error: 'network' });
      }
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
        throw new ApiError(response.status, body ?? { error: 'unrecognised_answer' });
      }
      const blob = await response.blob();
      const disposition = response.headers.get('content-disposition') ?? '';
      const url = URL.createObjectURL(blob);
      followLink(url, /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'bbq-backup');
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast.success(t('backup.done', { size: (blob.size / 1024 / 1024).toFixed(1) }));
    } catch (error) {
      onError(error, 'backup.errors.failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="backup-title" className={panelClasses}>
      <PanelTitle id="backup-title" icon={DatabaseBackup} title={t('backup.title')} help={t('backup.help')} />
      <p className="mt-1 text-sm text-muted">{t('backup.private')}</p>
      <Button
        type="button"
        variant="outline"
        disabled={busy}
        onClick={() => void download()}
        className="mt-4 w-full sm:w-auto"
      >
        {busy ? t('backup.downloading') : t('backup.download')}
      </Button>
    </section>
  );
}
