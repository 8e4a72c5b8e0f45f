import { MailOpen, RotateCcw } from '~/platform/ui/icons/icons';
import { useAction } from '~/platform/admin/useAction';
import { useTranslation } from '~/platform/i18n/useTranslation';
import type { AdminRowProps } from '~/platform/admin/section';
import { formatDateTime } from '~/platform/i18n/format';
import { Details, RecordCard, StatusBadge } from '~/platform/admin/parts';
import { Button } from '~/platform/ui/Button';
import { OUTBOX_ENDPOINTS, type OutboxRow } from './admin';
import { MailDialog } from './MailDialog';

/** One e-mail in the outbox: to whom, its state, a button to read it and one to send it again. */
export function OutboxAdminCard({ row, onChanged }: AdminRowProps<OutboxRow>) {
  const { t, i18n } = useTranslation('admin');
  const { busy, run } = useAction(onChanged);
  // A failed mail, or one that has already failed a try and still waits: send it now.
  const retryable = row.status === 'failed' || (row.status === 'pending' && row.attempts > 0);
  return (
    <RecordCard
      title={row.subject}
      badges={<StatusBadge group="outboxStatus" value={row.status} />}
      meta={formatDateTime(row.created_at, i18n.language)}
      actions={
        <>
          {retryable ? (
            <Button
              size="sm"
              disabled={busy}
              onClick={() =>
                void run(
                  OUTBOX_ENDPOINTS.retry.url({ id: row.id }),
                  undefined,
                  t('outbox.retried', { subject: row.subject }),
                  'errors.retryFailed',
                )
              }
            >
              <RotateCcw aria-hidden="true" className="h-4 w-4" />
              {t('outbox.retry')}
            </Button>
          ) : null}
          <MailDialog
            id={row.id}
            trigger={
              <Button
                variant="outline"
                size="sm"
                aria-label={t('outbox.readLabel', { subject: row.subject })}
              >
                <MailOpen aria-hidden="true" className="h-4 w-4" />
                {t('outbox.read')}
              </Button>
            }
          />
        </>
      }
    >
      <Details
        items={[
          { label: t('fields.to'), value: row.to_address },
          {
            label: t('fields.template'),
            value: t(`values.template.${row.template}`, { defaultValue: row.template }),
          },
          { label: t('fields.attempts'), value: String(row.attempts) },
          {
            label: t('fields.sentAt'),
            value: row.sent_at ? formatDateTime(row.sent_at, i18n.language) : null,
          },
          { label: t('fields.lastError'), value: row.last_error, wide: true },
        ]}
      />
    </RecordCard>
  );
}
