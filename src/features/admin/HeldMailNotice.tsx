import { useRevalidator } from 'react-router';
import { Clock } from '~/platform/ui/icons/icons';
import { useAction } from '~/platform/admin/useAction';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Button } from '~/platform/ui/Button';
import { OUTBOX_ENDPOINTS } from './admin';

/**
 * Mail held after a restore or on a database opened in a new place (platform/mail/hold.server.ts):
 * nothing goes out until an owner sends the queue or discards it. After either, the dashboard's
 * loader runs again and the notice goes.
 */
export function HeldMailNotice({ stats }: { stats: Record<string, number> | undefined }) {
  const { t } = useTranslation('admin');
  const revalidator = useRevalidator();
  const { busy, run } = useAction(() => void revalidator.revalidate());
  const held = stats?.mailHeld ?? 0;
  if (held === 0) return null;
  return (
    <div
      role="status"
      data-testid="held-mail"
      className="mt-3 flex items-start gap-3 rounded-xl border-2 border-amber-500 bg-amber-50 p-4 text-ink"
    >
      <Clock aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" />
      <div>
        <h3 className="font-bold">{t('outbox.held.title')}</h3>
        <p className="mt-1 text-sm">
          {t(held === 1 ? 'outbox.held.restored' : 'outbox.held.moved')}{' '}
          {t('outbox.held.waiting', { count: stats?.heldMail ?? 0 })}
        </p>
        <p className="mt-1 text-sm">{t('outbox.held.hint')}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            size="sm"
            disabled={busy}
            onClick={() =>
              void run(
                OUTBOX_ENDPOINTS.releaseHeld.url(),
                undefined,
                t('outbox.held.released'),
                'outbox.held.failed',
              )
            }
          >
            {t('outbox.held.release')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() =>
              void run(
                OUTBOX_ENDPOINTS.discardHeld.url(),
                undefined,
                t('outbox.held.discarded'),
                'outbox.held.failed',
              )
            }
          >
            {t('outbox.held.discard')}
          </Button>
        </div>
      </div>
    </div>
  );
}
