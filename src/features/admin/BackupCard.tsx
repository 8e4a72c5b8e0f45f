import { DatabaseBackup } from '~/platform/ui/icons/icons';
import { useState } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { notify } from '~/platform/ui/notify';
import { useAdminErrorHandler } from '~/platform/admin/api';
import { PanelTitle, panelClasses } from '~/platform/admin/parts';
import { BACKUP_ENDPOINTS } from './backup';
import { downloadFile } from '~/platform/http/download';
import { localeOf, numberFormat } from '~/platform/i18n/format';
import { Button } from '~/platform/ui/Button';

/**
 * Downloads a backup of the whole database (orders, forms, texts, photos); a refusal shows
 * as a message rather than as a downloaded error page.
 */
export function BackupCard() {
  const { t, i18n } = useTranslation('admin');
  const onError = useAdminErrorHandler();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { blob } = await downloadFile(BACKUP_ENDPOINTS.download.url(), 'bbq-backup');
      const megabytes = numberFormat(localeOf(i18n.language), {
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      });
      void notify('success', t('backup.done', { size: megabytes.format(blob.size / 1024 / 1024) }));
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
