import { useTranslation } from 'react-i18next';
import type { AdminRowProps } from '~/platform/admin/section';
import { formatDateTime } from '~/platform/i18n/format';
import { Details, EmailLink, PhoneLink, RecordCard, StatusBadge } from '~/platform/admin/parts';
import { useAction } from '~/platform/admin/useAction';
import { Button } from '~/platform/ui/Button';
import { REGISTRATION_ADMIN_ENDPOINTS, type RegistrationRow } from './admin';

/** One registration: who, how many, and what they need; confirm it (the participant is e-mailed). */
export function RegistrationAdminCard({ row, onChanged }: AdminRowProps<RegistrationRow>) {
  const { t, i18n } = useTranslation('admin');
  const { busy, run } = useAction(onChanged);
  return (
    <RecordCard
      title={`${row.first_name} ${row.last_name}`}
      badges={
        <>
          <StatusBadge group="registration" value={row.status} />
          <StatusBadge group="camping" value={row.camping} />
        </>
      }
      meta={
        row.confirmed_at
          ? `${formatDateTime(row.created_at, i18n.language)} · ${t('registrations.confirmedOn', {
              date: formatDateTime(row.confirmed_at, i18n.language),
            })}`
          : formatDateTime(row.created_at, i18n.language)
      }
      actions={
        row.status === 'new' ? (
          <Button
            size="sm"
            disabled={busy}
            onClick={() =>
              void run(
                REGISTRATION_ADMIN_ENDPOINTS.confirm.url(),
                { ids: [row.id] },
                t('registrations.confirmedOne'),
                'errors.registrationConfirm',
              )
            }
          >
            {t('registrations.confirm')}
          </Button>
        ) : null
      }
    >
      <Details
        items={[
          { label: t('fields.email'), value: <EmailLink email={row.email} /> },
          { label: t('fields.phone'), value: <PhoneLink phone={row.phone} /> },
          {
            label: t('fields.participation'),
            value: row.participation_types
              .map((p) => t(`values.participation.${p}`, { defaultValue: p }))
              .join(', '),
          },
          { label: t('fields.adults'), value: String(row.adults) },
          { label: t('fields.children'), value: String(row.children) },
          { label: t('fields.dietary'), value: row.dietary_needs, wide: true },
          { label: t('fields.accessibility'), value: row.accessibility_needs, wide: true },
          { label: t('fields.notes'), value: row.notes, wide: true },
        ]}
      />
    </RecordCard>
  );
}
