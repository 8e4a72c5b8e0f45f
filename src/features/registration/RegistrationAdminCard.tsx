import { useTranslation } from 'react-i18next';
import type { AdminRowProps } from '~/platform/admin/section';
import { formatDateTime } from '~/platform/i18n/format';
import { Details, EmailLink, PhoneLink, RecordCard, StatusBadge } from '~/platform/admin/parts';
import type { RegistrationRow } from './admin';

/** One registration: who, how many, and what they need. */
export function RegistrationAdminCard({ row }: AdminRowProps<RegistrationRow>) {
  const { t, i18n } = useTranslation('admin');
  return (
    <RecordCard
      title={`${row.first_name} ${row.last_name}`}
      badges={
        <>
          {row.status === 'cancelled' ? <StatusBadge group="registration" value={row.status} /> : null}
          <StatusBadge group="camping" value={row.camping} />
        </>
      }
      meta={formatDateTime(row.created_at, i18n.language)}
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
