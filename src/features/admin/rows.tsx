import { Mail, MailOpen, Pencil, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '~/platform/ui/Badge';
import { Button } from '~/platform/ui/Button';
import { countryLabel, formatDateTime, formatMoney } from '~/platform/admin/format';
import type { ListName, ListRows } from './lists';
import { MailDialog } from './MailDialog';
import { MembershipDialog } from '~/features/sponsors/MembershipDialog';
import { ConfirmButton, Details, RecordCard, StatusBadge } from '~/platform/admin/parts';
import { useAction } from '~/platform/admin/useAction';
import {
  ORDER_ACTIONS,
  SPONSOR_TRANSITIONS,
  markPaidAllowed,
  resendAllowed,
  type SponsorStatus,
} from './workflow';

interface RowProps<L extends ListName> {
  row: ListRows[L];
  onChanged: () => void;
}

const linkClass = 'text-ember-700 underline underline-offset-2 hover:text-ember-800';
const mailto = (email: string) => (
  <a href={`mailto:${email}`} className={linkClass}>
    {email}
  </a>
);
const tel = (phone: string | null) =>
  phone ? (
    <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={linkClass}>
      {phone}
    </a>
  ) : null;

function OrderCard({ row, onChanged }: RowProps<'orders'>) {
  const { t, i18n } = useTranslation('admin');
  const { busy, run } = useAction(onChanged);
  const money = (pence: number) => formatMoney(pence, i18n.language);
  const statusLabel = (status: string) => t(`values.orderStatus.${status}`);
  const address = row.delivery_address
    ? [
        row.delivery_address.street,
        row.delivery_address.city,
        row.delivery_address.postal_code,
        countryLabel(row.delivery_address.country, i18n.language),
      ]
        .filter(Boolean)
        .join(', ')
    : null;
  const allowed = ORDER_ACTIONS.filter((a) => (a.from as readonly string[]).includes(row.order_status));
  const changeStatus = (action: string, to: string) =>
    run(
      `/orders/${row.id}/status`,
      { action },
      t('orders.statusChanged', { number: row.order_number, status: statusLabel(to) }),
      'errors.orderStatus',
    );

  return (
    <RecordCard
      title={row.order_number}
      badges={
        <>
          <StatusBadge group="orderStatus" value={row.order_status} />
          <StatusBadge group="paymentStatus" value={row.payment_status} />
          {row.payment_flagged ? (
            <Badge variant="destructive" className="px-2.5 py-0.5 text-xs">
              {t('orders.flagged')}
            </Badge>
          ) : null}
        </>
      }
      meta={formatDateTime(row.created_at, i18n.language)}
      actions={
        <>
          {allowed.map((a) =>
            a.action === 'cancel' ? (
              <ConfirmButton
                key={a.action}
                label={t('orders.actions.cancel')}
                title={t('orders.cancelDialog.title', { number: row.order_number })}
                text={t('orders.cancelDialog.text')}
                confirmLabel={t('orders.cancelDialog.confirm')}
                cancelLabel={t('orders.cancelDialog.keep')}
                disabled={busy}
                variant="ghost"
                onConfirm={() => void changeStatus(a.action, a.to)}
              />
            ) : (
              <Button
                key={a.action}
                size="sm"
                disabled={busy}
                onClick={() => void changeStatus(a.action, a.to)}
              >
                {t(`orders.actions.${a.action}`)}
              </Button>
            ),
          )}
          {resendAllowed(row) ? (
            <Button
              variant="ghost"
              size="sm"
              disabled={busy}
              onClick={() =>
                void run(
                  `/orders/${row.id}/resend-confirmation`,
                  undefined,
                  t('orders.confirmationResent', { number: row.order_number }),
                  'errors.resendFailed',
                )
              }
            >
              <Send aria-hidden="true" className="h-4 w-4" />
              {t('orders.resendConfirmation')}
            </Button>
          ) : null}
          <ConfirmButton
            label={row.payment_status === 'paid' ? t('orders.paid') : t('orders.markPaid')}
            title={t('orders.paidDialog.title', { number: row.order_number })}
            text={t('orders.paidDialog.text')}
            confirmLabel={t('orders.paidDialog.confirm')}
            cancelLabel={t('orders.paidDialog.keep')}
            disabled={busy || !markPaidAllowed(row)}
            onConfirm={() =>
              void run(
                `/orders/${row.id}/mark-paid`,
                undefined,
                t('orders.markedPaid', { number: row.order_number }),
                'errors.paymentStatus',
              )
            }
          />
        </>
      }
    >
      <Details
        items={[
          { label: t('fields.customer'), value: row.customer_name },
          { label: t('fields.email'), value: mailto(row.customer_email) },
          { label: t('fields.phone'), value: tel(row.customer_phone) },
          { label: t('fields.deliveryMethod'), value: t(`values.delivery.${row.delivery_method}`) },
          { label: t('fields.address'), value: address },
          {
            label: t('fields.paidAt'),
            value: row.paid_at ? formatDateTime(row.paid_at, i18n.language) : null,
          },
          { label: t('fields.notes'), value: row.notes, wide: true },
        ]}
      />
      <div className="mt-3 rounded-lg bg-cream p-3 text-sm">
        <h4 className="sr-only">{t('orders.itemsTitle')}</h4>
        <ul className="flex flex-col gap-1">
          {row.items.map((item, index) => (
            <li key={index} className="flex justify-between gap-3">
              <span className="min-w-0">
                {item.quantity} × {item.product_name}{' '}
                <span className="text-muted">({money(item.product_price)})</span>
              </span>
              <span className="font-medium">{money(item.total_price)}</span>
            </li>
          ))}
          <li className="flex justify-between gap-3 text-muted">
            <span>{t('fields.deliveryCost')}</span>
            <span>{money(row.delivery_cost)}</span>
          </li>
          <li className="flex justify-between gap-3 border-t border-black/10 pt-1 font-bold">
            <span>{t('fields.total')}</span>
            <span>{money(row.total_amount)}</span>
          </li>
        </ul>
      </div>
    </RecordCard>
  );
}

function ContactCard({ row, onChanged }: RowProps<'contacts'>) {
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
                  `/contacts/${row.id}/resolve`,
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
          { label: t('fields.email'), value: mailto(row.email) },
          { label: t('fields.phone'), value: tel(row.phone) },
          { label: t('fields.message'), value: row.message, wide: true },
        ]}
      />
    </RecordCard>
  );
}

function MembershipCard({ row, onChanged }: RowProps<'memberships'>) {
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

function RegistrationCard({ row }: RowProps<'registrations'>) {
  const { t, i18n } = useTranslation('admin');
  return (
    <RecordCard
      title={`${row.first_name} ${row.last_name}`}
      badges={<StatusBadge group="camping" value={row.camping} />}
      meta={formatDateTime(row.created_at, i18n.language)}
    >
      <Details
        items={[
          { label: t('fields.email'), value: mailto(row.email) },
          { label: t('fields.phone'), value: tel(row.phone) },
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

function SponsorCard({ row, onChanged }: RowProps<'sponsor-applications'>) {
  const { t, i18n } = useTranslation('admin');
  const { busy, run } = useAction(onChanged);
  const next = SPONSOR_TRANSITIONS[row.status as SponsorStatus] ?? [];
  const website =
    row.website && /^https?:\/\//i.test(row.website) ? (
      <a href={row.website} target="_blank" rel="noopener noreferrer nofollow" className={linkClass}>
        {row.website}
      </a>
    ) : (
      row.website
    );
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
                    `/sponsor-applications/${row.id}/status`,
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
          { label: t('fields.email'), value: mailto(row.email) },
          { label: t('fields.phone'), value: tel(row.phone) },
          { label: t('fields.website'), value: website },
          {
            label: t('fields.sponsorshipTypes'),
            value: row.sponsorship_types
              .map((s) => t(`values.sponsorType.${s}`, { defaultValue: s }))
              .join(', '),
          },
          {
            label: t('fields.budget'),
            value: t(`values.budget.${row.budget_range}`, { defaultValue: row.budget_range }),
          },
          { label: t('fields.message'), value: row.message, wide: true },
        ]}
      />
    </RecordCard>
  );
}

function OutboxCard({ row }: RowProps<'outbox'>) {
  const { t, i18n } = useTranslation('admin');
  return (
    <RecordCard
      title={row.subject}
      badges={<StatusBadge group="outboxStatus" value={row.status} />}
      meta={formatDateTime(row.created_at, i18n.language)}
      actions={
        <MailDialog
          id={row.id}
          trigger={
            <Button variant="outline" size="sm" aria-label={t('outbox.readLabel', { subject: row.subject })}>
              <MailOpen aria-hidden="true" className="h-4 w-4" />
              {t('outbox.read')}
            </Button>
          }
        />
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

function AuditCard({ row }: RowProps<'audit'>) {
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

/** How each list's records look. */
export const ROW_COMPONENTS: { [L in ListName]: (props: RowProps<L>) => ReactNode } = {
  orders: OrderCard,
  contacts: ContactCard,
  memberships: MembershipCard,
  registrations: RegistrationCard,
  'sponsor-applications': SponsorCard,
  outbox: OutboxCard,
  audit: AuditCard,
};
