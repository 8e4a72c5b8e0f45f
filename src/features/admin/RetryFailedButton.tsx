import { RotateCcw } from '~/platform/ui/icons/icons';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { useAction } from '~/platform/admin/useAction';
import { Button } from '~/platform/ui/Button';
import { OUTBOX_ENDPOINTS } from './admin';

/** The outbox's toolbar: send every failed e-mail again, whatever its kind. */
export function RetryFailedButton({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation('admin');
  const { busy, run } = useAction(onChanged);
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={busy}
      onClick={() =>
        void run(OUTBOX_ENDPOINTS.retryFailed.url(), undefined, t('outbox.retriedAll'), 'errors.retryFailed')
      }
    >
      <RotateCcw aria-hidden="true" className="h-4 w-4" />
      {t('outbox.retryFailed')}
    </Button>
  );
}
