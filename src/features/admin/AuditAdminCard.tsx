import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminRowProps } from '~/platform/admin/section';
import { formatDateTime, formatMoney } from '~/platform/i18n/format';
import { Details, RecordCard, StatusBadge } from '~/platform/admin/parts';
import type { AuditRow } from './admin';

// Which status names a change's "from"/"to" are, so the log reads in the admin's language.
const STATUS_GROUP: Record<string, string> = {
  'order.mark_paid': 'paymentStatus',
  order: 'orderStatus',
  contact: 'contactStatus',
  sponsor_application: 'sponsorStatus',
  membership: 'membershipStatus',
};
const DETAIL_LABELS: Record<string, string> = {
  orderNumber: 'fields.orderNumber',
  company: 'fields.company',
  email: 'fields.email',
  ip: 'IP',
  community_name: 'fields.communityName',
  membership_type: 'fields.membershipType',
  payment_amount: 'fields.amount',
  status: 'fields.status',
};

/** One audit entry: who changed what, from which state to which. */
export function AuditAdminCard({ row }: AdminRowProps<AuditRow>) {
  const { t, i18n } = useTranslation('admin');
  const group = STATUS_GROUP[row.action] ?? STATUS_GROUP[row.entity] ?? '';
  const status = (value: unknown) => t(`values.${group}.${String(value)}`, { defaultValue: String(value) });
  const show = (key: string, value: unknown): string => {
    if (key === 'payment_amount' && typeof value === 'number') return formatMoney(value, i18n.language);
    if (key === 'status') return status(value);
    return String(value);
  };
  const details: ReactNode[] = [];
  const d = row.details ?? {};
  if ('from' in d && 'to' in d) details.push(`${status(d.from)} → ${status(d.to)}`);
  for (const [key, value] of Object.entries(d)) {
    // Technical details (ids, flags) stay in the CSV export; here only what reads well.
    const labelKey = DETAIL_LABELS[key];
    if (!labelKey) continue;
    const label = t(labelKey, { defaultValue: labelKey });
    const text = Array.isArray(value) ? `${show(key, value[0])} → ${show(key, value[1])}` : show(key, value);
    details.push(`${label}: ${text}`);
  }
  return (
    <RecordCard
      title={t(`values.action.${row.action}`, { defaultValue: row.action })}
      badges={<StatusBadge group="entity" value={row.entity} />}
      meta={formatDateTime(row.created_at, i18n.language)}
    >
      <Details
        items={[
          { label: t('fields.actor'), value: row.actor },
          { label: t('fields.details'), value: details.join('\n'), wide: true },
        ]}
      />
    </RecordCard>
  );
}
