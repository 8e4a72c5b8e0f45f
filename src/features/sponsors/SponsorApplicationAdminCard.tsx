import { useTranslation } from '~/platform/i18n/useTranslation';
import type { AdminRowProps } from '~/platform/admin/section';
import { formatDateTime } from '~/platform/i18n/format';
import { loadRoutePacks } from '~/platform/i18n/i18n';
import { Details, EmailLink, PhoneLink, RecordCard, StatusBadge, WebsiteLink } from '~/platform/admin/parts';
import { useAction } from '~/platform/admin/useAction';
import { Button } from '~/platform/ui/Button';
import {
  SPONSOR_ADMIN_ENDPOINTS,
  SPONSOR_TRANSITIONS,
  type SponsorApplicationRow,
  type SponsorStatus,
} from './admin';
import { budgetRangeLabel } from './schema';

// The budget reads in the application form's own words.
await loadRoutePacks('sponsorApplication');

/** One sponsor application, moved along new → contacted → accepted or declined. */
export function SponsorApplicationAdminCard({ row, onChanged }: AdminRowProps<SponsorApplicationRow>) {
  const { t, i18n } = useTranslation('admin');
  const { busy, run } = useAction(onChanged);
  const next = SPONSOR_TRANSITIONS[row.status as SponsorStatus] ?? [];
  return (
    <RecordCard
      title={row.company_name}
      badges={
        <>
          <StatusBadge group="sponsorStatus" value={row.status} />
          <StatusBadge group="level" value={row.sponsorship_level} />
        </>
      }
      meta={formatDateTime(row.created_at, i18n.language)}
      actions={
        next.length
          ? next.map((status) => (
              <Button
                key={status}
                size="sm"
                variant={status === 'declined' ? 'ghost' : 'primary'}
                disabled={busy}
                onClick={() =>
                  void run(
                    SPONSOR_ADMIN_ENDPOINTS.status.url({ id: row.id }),
                    { status },
                    t('sponsors.statusChanged', {
                      company: row.company_name,
                      status: t(`values.sponsorStatus.${status}`),
                    }),
                    'errors.sponsorStatus',
                  )
                }
              >
                {t(`sponsors.actions.${status}`)}
              </Button>
            ))
          : null
      }
    >
      <Details
        items={[
          { label: t('fields.contactPerson'), value: row.contact_person },
          { label: t('fields.email'), value: <EmailLink email={row.email} /> },
          { label: t('fields.phone'), value: <PhoneLink phone={row.phone} /> },
          { label: t('fields.website'), value: <WebsiteLink url={row.website} /> },
          {
            label: t('fields.sponsorshipTypes'),
            value: row.sponsorship_types
              .map((s) => t(`values.sponsorType.${s}`, { defaultValue: s }))
              .join(', '),
          },
          {
            label: t('fields.budget'),
            value: budgetRangeLabel(row.budget_range, t),
          },
          { label: t('fields.message'), value: row.message, wide: true },
        ]}
      />
    </RecordCard>
  );
}
