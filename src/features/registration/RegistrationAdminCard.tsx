import type { Translate } from '~/platform/i18n/translator';
import { useState } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { DIET_NAMES } from './schema';
import type { AdminRowProps } from '~/platform/admin/section';
import { formatDateTime } from '~/platform/i18n/format';
import { Details, EmailLink, PhoneLink, RecordCard, StatusBadge } from '~/platform/admin/parts';
import { useAction } from '~/platform/admin/useAction';
import { Badge } from '~/platform/ui/Badge';
import { Button } from '~/platform/ui/Button';
import { ConfirmPanel } from '~/platform/ui/ConfirmPanel';
import { REGISTRATION_ADMIN_ENDPOINTS, type RegistrationRow } from './admin';
import { changeLabel, changeValue, type RegistrationChange } from './changes';

/** What its participant changed from their private link, oldest first: when, what, before → after. */
function ChangeHistory({ changes }: { changes: RegistrationChange[] }) {
  const { t, i18n } = useTranslation('admin');
  const empty = t('registrations.history.empty');
  return (
    <section className="mt-3 rounded-lg bg-black/[0.03] p-3 text-sm">
      <h4 className="text-xs font-semibold tracking-wide text-muted uppercase">
        {t('registrations.history.title')}
      </h4>
      <ol className="mt-1.5 space-y-1">
        {changes.map((change, index) => (
          <li key={index} className="break-words">
            <span className="text-muted">
              {formatDateTime(change.at, i18n.language)} · {t(`registrations.history.by.${change.by}`)}:
            </span>{' '}
            <span className="font-semibold">{t(changeLabel('admin', change.field))}</span>{' '}
            {changeValue('admin', change.field, change.before, t, empty)} →{' '}
            {changeValue('admin', change.field, change.after, t, empty)}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Its place in line or its offer (issue 32), else when it was confirmed. */
function statusLine(row: RegistrationRow, t: Translate<'admin'>, language: string) {
  if (row.status === 'waiting' && row.waiting_position !== null)
    return t('registrations.waitingPosition', { position: row.waiting_position });
  if (row.status === 'offered' && row.offer_expires_at)
    return t('registrations.offeredUntil', { date: formatDateTime(row.offer_expires_at, language) });
  if (row.confirmed_at)
    return t('registrations.confirmedOn', { date: formatDateTime(row.confirmed_at, language) });
  return undefined;
}

/**
 * One registration: who, how many, and what they need; confirm it (the participant is
 * e-mailed) or cancel it (its place goes to the first on the waiting list).
 */
export function RegistrationAdminCard({ row, onChanged }: AdminRowProps<RegistrationRow>) {
  const { t, i18n } = useTranslation('admin');
  const { busy, run } = useAction(onChanged);
  const [cancelling, setCancelling] = useState(false);
  const line = statusLine(row, t, i18n.language);
  const created = formatDateTime(row.created_at, i18n.language);
  const cancellable = row.status !== 'cancelled' && row.status !== 'expired';
  return (
    <RecordCard
      title={`${row.first_name} ${row.last_name}`}
      badges={
        <>
          <StatusBadge group="registration" value={row.status} />
          <StatusBadge group="camping" value={row.camping} />
          {row.changed_since_confirmed && row.status !== 'cancelled' ? (
            <Badge variant="default" className="px-2.5 py-0.5 text-xs">
              {t('registrations.changedMark')}
            </Badge>
          ) : null}
        </>
      }
      meta={line ? `${created} · ${line}` : created}
      actions={
        cancelling ? (
          <ConfirmPanel
            size="sm"
            question={t('registrations.cancelQuestion')}
            confirmLabel={t('registrations.cancelYes')}
            backLabel={t('registrations.back')}
            busy={busy}
            onConfirm={() =>
              void run(
                REGISTRATION_ADMIN_ENDPOINTS.cancel.url(),
                { id: row.id },
                t('registrations.cancelledOne'),
                'errors.registrationCancel',
              )
            }
            onBack={() => setCancelling(false)}
          />
        ) : (
          <>
            {row.status === 'new' ? (
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
            ) : null}
            {cancellable ? (
              <Button size="sm" variant="outline" disabled={busy} onClick={() => setCancelling(true)}>
                {t('registrations.cancel')}
              </Button>
            ) : null}
          </>
        )
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
          {
            label: t('fields.diets'),
            value: DIET_NAMES.filter((diet) => row.diets[diet] > 0)
              .map((diet) => `${t(`values.diet.${diet}`)}: ${row.diets[diet]}`)
              .join(', '),
            wide: true,
          },
          { label: t('fields.dietary'), value: row.dietary_needs, wide: true },
          { label: t('fields.accessibility'), value: row.accessibility_needs, wide: true },
          { label: t('fields.notes'), value: row.notes, wide: true },
        ]}
      />
      {row.changes.length > 0 ? <ChangeHistory changes={row.changes} /> : null}
    </RecordCard>
  );
}
