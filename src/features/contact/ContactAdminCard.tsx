import { Mail } from '~/platform/ui/icons/icons';
import { useTranslation } from '~/platform/i18n/useTranslation';
import type { AdminRowProps } from '~/platform/admin/section';
import { formatDateTime } from '~/platform/i18n/format';
import { Details, EmailLink, PhoneLink, RecordCard, StatusBadge } from '~/platform/admin/parts';
import { useAction } from '~/platform/admin/useAction';
import { Button } from '~/platform/ui/Button';
import { CONTACT_ADMIN_ENDPOINTS, type ContactRow } from './admin';

/** One contact message: mark it resolved, or reply by e-mail. */
export function ContactAdminCard({ row, onChanged }: AdminRowProps<ContactRow>) {
  const { t, i18n } = useTranslation('admin');
  const { busy, run } = useAction(onChanged);
  return (
    <RecordCard
      title={row.name}
      badges={
        <>
          <StatusBadge group="contactStatus" value={row.status} />
          <StatusBadge group="category" value={row.category} />
        </>
      }
      meta={formatDateTime(row.created_at, i18n.language)}
      actions={
        <>
          {row.status === 'new' ? (
            <Button
              size="sm"
              disabled={busy}
              onClick={() =>
                void run(
                  CONTACT_ADMIN_ENDPOINTS.resolve.url({ id: row.id }),
                  undefined,
                  t('contacts.resolved'),
                  'errors.contactStatus',
                )
              }
            >
              {t('contacts.resolve')}
            </Button>
          ) : null}
          <Button asChild variant="outline" size="sm">
            <a href={`mailto:${row.email}`}>
              <Mail aria-hidden="true" className="h-4 w-4" />
              {t('contacts.reply')}
            </a>
          </Button>
        </>
      }
    >
      <Details
        items={[
          { label: t('fields.email'), value: <EmailLink email={row.email} /> },
          { label: t('fields.phone'), value: <PhoneLink phone={row.phone} /> },
          { label: t('fields.message'), value: row.message, wide: true },
        ]}
      />
    </RecordCard>
  );
}
