import { TriangleAlert } from '~/platform/ui/icons/icons';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { HeldMailNotice } from './HeldMailNotice';

/**
 * Failed and stuck e-mail, in plain sight on the dashboard: a registration or a message
 * whose mail did not go out needs an organiser (the outbox tab sends them again).
 */
function MailHealthNotice({ stats }: { stats: Record<string, number> | undefined }) {
  const { t } = useTranslation('admin');
  const failed = stats?.failedMail ?? 0;
  const stuck = stats?.stuckMail ?? 0;
  if (failed === 0 && stuck === 0) return null;
  return (
    <div
      role="status"
      data-testid="mail-health"
      className="mt-3 flex items-start gap-3 rounded-xl border-2 border-red-flag bg-red-50 p-4 text-ink"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-red-flag" />
      <div>
        <h3 className="font-bold">{t('outbox.health.title')}</h3>
        <p className="mt-1 text-sm">
          {[
            failed > 0 ? t('outbox.health.failed', { count: failed }) : null,
            stuck > 0 ? t('outbox.health.stuck', { count: stuck }) : null,
          ]
            .filter(Boolean)
            .join(' ')}{' '}
          {t('outbox.health.hint')}
        </p>
      </div>
    </div>
  );
}

/** The outbox's notices on the dashboard: mail held after a restore, and mail that did not go out. */
export function MailNotices({ stats }: { stats: Record<string, number> | undefined }) {
  return (
    <>
      <HeldMailNotice stats={stats} />
      <MailHealthNotice stats={stats} />
    </>
  );
}
