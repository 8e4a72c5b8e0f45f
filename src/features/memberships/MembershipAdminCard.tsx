import { Pencil } from '~/platform/ui/icons/icons';
import { useTranslation } from '~/platform/i18n/useTranslation';
import type { AdminRowProps } from '~/platform/admin/section';
import { formatDateTime, formatMoney } from '~/platform/i18n/format';
import { Details, RecordCard, StatusBadge } from '~/platform/admin/parts';
import { Button } from '~/platform/ui/Button';
import type { MembershipRow } from './admin';
import { MembershipDialog } from './MembershipDialog';

/** One community membership, with its edit dialog. */
export function MembershipAdminCard({ row, onChanged }: AdminRowProps<MembershipRow>) {
  const { t, i18n } = useTranslation('admin');
  return (
    <RecordCard
      title={row.community_name}
      badges={<StatusBadge group="membershipStatus" value={row.status} />}
      meta={formatDateTime(row.created_at, i18n.language)}
      actions={
        <MembershipDialog
          membership={row}
          onSaved={onChanged}
          trigger={
            <Button
              variant="outline"
              size="sm"
              aria-label={t('memberships.editLabel', { name: row.community_name })}
            >
              <Pencil aria-hidden="true" className="h-4 w-4" />
              {t('memberships.edit')}
            </Button>
          }
        />
      }
    >
      <Details
        items={[
          { label: t('fields.membershipType'), value: row.membership_type },
          { label: t('fields.amount'), value: formatMoney(row.payment_amount, i18n.language) },
        ]}
      />
    </RecordCard>
  );
}
