import { describedByIds, LabelledField } from '~/platform/forms/LabelledField';
import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog } from 'radix-ui';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
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
  const onError = useAdminErrorHandler();
  const [open, setOpen] = useState(false);
  const statusId = useId();
  const defaults: MembershipInput = membership
    ? {
        communityName: membership.community_name,
        membershipType: membership.membership_type,
        paymentAmount: penceToPounds(membership.payment_amount),
        status: membership.status as MembershipInput['status'],
      }
    : { communityName: '', membershipType: '', paymentAmount: '', status: 'new' };
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<MembershipInput>({ resolver: zodResolver(membershipSchema), defaultValues: defaults });

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (membership) await apiRequest('PUT', MEMBERSHIP_ENDPOINTS.update.url({ id: membership.id }), values);
      else await apiRequest('POST', MEMBERSHIP_ENDPOINTS.create.url(), values);
      void notify('success', membership ? t('memberships.saved') : t('memberships.created'));
      setOpen(false);
      onSaved();
    } catch (error) {
      onError(error, 'errors.membershipSave');
    }
  });

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) reset(defaults);
      }}
    >
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
          <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4">
            <Field
              label={t('fields.communityName')}
              error={errors.communityName?.message && t(errors.communityName.message)}
              {...register('communityName')}
            />
            <Field
              label={t('fields.membershipType')}
              error={errors.membershipType?.message && t(errors.membershipType.message)}
              {...register('membershipType')}
            />
            <Field
              label={t('fields.amountGbp')}
              inputMode="decimal"
              help={t('memberships.amountHelp')}
              error={errors.paymentAmount?.message && t(errors.paymentAmount.message)}
              {...register('paymentAmount')}
            />
            <LabelledField id={statusId} label={t('fields.status')}>
              <select
                id={statusId}
                aria-describedby={describedByIds(statusId)}
                className={inputClasses}
                {...register('status')}
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
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? t('memberships.saving') : t('memberships.save')}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
