import type { ReactNode } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import type { AdminRowProps } from '~/platform/admin/section';
import { formatDateTime, formatMoney } from '~/platform/i18n/format';
import { Details, RecordCard, StatusBadge } from '~/platform/admin/parts';
import type { AuditRow } from './admin';
import { Link } from 'react-router';
import { adminContentPath, PATHS } from '~/platform/paths';

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

// Where each kind of record is looked at: its list (found by its id) or its page.
const RECORD_LIST: Record<string, string> = {
  order: 'orders',
  registration: 'registrations',
  contact: 'contacts',
  sponsor_application: 'sponsor-applications',
  membership: 'memberships',
  mail: 'outbox',
};

/** The address of the record an entry is about, when it still has one to show. */
export function recordLink(row: Pick<AuditRow, 'entity' | 'entity_id'>): string | null {
  if (!row.entity_id) return null;
  const list = RECORD_LIST[row.entity];
  if (list) return `${PATHS.admin}?${new URLSearchParams({ tab: list, q: row.entity_id })}`;
  if (row.entity === 'content') return adminContentPath(row.entity_id);
  if (row.entity === 'admin' || row.entity === 'admin_invitation') return PATHS.adminTeam;
  return null;
}

/** Who did it: an admin's address, or what the system actors are called in the admin's language. */
function useActorName() {
  const { t } = useTranslation('admin');
  return (actor: string) =>
    actor.includes('@')
      ? actor
      : t(`values.actor.${actor.replace(/[^a-z]+/g, '_')}`, { defaultValue: actor });
}

/** One audit entry: who changed what (in words), from which state to which, and a link to the record. */
export function AuditAdminCard({ row }: AdminRowProps<AuditRow>) {
  const { t, i18n } = useTranslation('admin');
  const actorName = useActorName();
  const link = recordLink(row);
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
          { label: t('fields.actor'), value: actorName(row.actor) },
          { label: t('fields.details'), value: details.join('\n'), wide: true },
          {
            label: t('fields.entity'),
            value: link ? (
              <Link to={link} className="font-semibold text-ember-700 underline underline-offset-2">
                {t('audit.record')}
              </Link>
            ) : null,
          },
        ]}
      />
    </RecordCard>
  );
}
