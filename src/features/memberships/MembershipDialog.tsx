import { describedByIds, LabelledField } from '~/platform/forms/LabelledField';
import { Dialog } from 'radix-ui';
import { useId, useState, type ReactNode } from 'react';
import { useSchemaForm } from '~/platform/forms/useSchemaForm';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { notify } from '~/platform/ui/notify';
import { Button } from '~/platform/ui/Button';
import { DialogCloseButton } from '~/platform/ui/DialogCloseButton';
import { useAdminErrorHandler } from '~/platform/admin/api';
import { apiRequest } from '~/platform/http/request';
import { Field, inputClasses } from '~/platform/admin/parts';
import {
  MEMBERSHIP_ENDPOINTS,
  MEMBERSHIP_STATUSES,
  type MembershipInput,
  type MembershipRow,
  membershipSchema,
  penceToPounds,
} from './admin';

/** Create a membership (no `membership`) or edit one; the same zod schema as the API. */
export function MembershipDialog({
  membership,
  trigger,
  onSaved,
}: {
  membership?: MembershipRow;
  trigger: ReactNode;
  onSaved: () => void;
}) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-bold">
              {membership ? t('memberships.editTitle') : t('memberships.createTitle')}
            </Dialog.Title>
            <DialogCloseButton label={t('outbox.close')} size="sm" className="-mt-2" />
          </div>
          {/* Drawn afresh at each opening: the membership's values as they are now. */}
          <MembershipForm
            membership={membership}
            onDone={() => {
              setOpen(false);
              onSaved();
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The membership's fields, checked with the API's schema before they are sent (decision 0051). */
function MembershipForm({ membership, onDone }: { membership?: MembershipRow; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const onError = useAdminErrorHandler();
  const statusId = useId();
  const { form, fields, submitting, control } = useSchemaForm(membershipSchema, {
    defaultValue: membership
      ? {
          communityName: membership.community_name,
          membershipType: membership.membership_type,
          paymentAmount: penceToPounds(membership.payment_amount),
          status: membership.status as MembershipInput['status'],
        }
      : { communityName: '', membershipType: '', paymentAmount: '', status: 'new' },
    onValid: async (values) => {
      try {
        if (membership)
          await apiRequest('PUT', MEMBERSHIP_ENDPOINTS.update.url({ id: membership.id }), values);
        else await apiRequest('POST', MEMBERSHIP_ENDPOINTS.create.url(), values);
        void notify('success', membership ? t('memberships.saved') : t('memberships.created'));
        onDone();
      } catch (error) {
        onError(error, 'errors.membershipSave');
      }
    },
  });

  return (
    <form id={form.id} onSubmit={form.onSubmit} noValidate className="mt-4 flex flex-col gap-4">
      <Field label={t('fields.communityName')} {...control(fields.communityName)} />
      <Field label={t('fields.membershipType')} {...control(fields.membershipType)} />
      <Field
        label={t('fields.amountGbp')}
        inputMode="decimal"
        help={t('memberships.amountHelp')}
        {...control(fields.paymentAmount)}
      />
      <LabelledField id={statusId} label={t('fields.status')}>
        <select
          id={statusId}
          aria-describedby={describedByIds(statusId)}
          className={inputClasses}
          name={fields.status.name}
          defaultValue={fields.status.initialValue}
        >
          {MEMBERSHIP_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`values.membershipStatus.${status}`)}
            </option>
          ))}
        </select>
      </LabelledField>
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        <Dialog.Close asChild>
          <Button variant="ghost">{t('memberships.cancel')}</Button>
        </Dialog.Close>
        <Button type="submit" disabled={submitting}>
          {submitting ? t('memberships.saving') : t('memberships.save')}
        </Button>
      </div>
    </form>
  );
}
