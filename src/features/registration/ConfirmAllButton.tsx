import { useState } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { useSearchParams } from 'react-router';
import { useAdminErrorHandler } from '~/platform/admin/api';
import { apiRequest } from '~/platform/http/request';
import { Button } from '~/platform/ui/Button';
import { ConfirmPanel } from '~/platform/ui/ConfirmPanel';
import { notify } from '~/platform/ui/notify';
import { REGISTRATION_ADMIN_ENDPOINTS } from './admin';

/**
 * "Confirm all new" beside the registrations list (issue 32): every new registration of the
 * edition shown, after an "are you sure?", since each participant gets an e-mail.
 */
export function ConfirmAllButton({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation('admin');
  const [params] = useSearchParams();
  const onError = useAdminErrorHandler();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirmAll = async () => {
    setBusy(true);
    try {
      const { confirmed } = await apiRequest<{ confirmed: number }>(
        'POST',
        REGISTRATION_ADMIN_ENDPOINTS.confirm.url(),
        { all: true, edition: params.get('edition') ?? undefined },
      );
      void notify(
        confirmed > 0 ? 'success' : 'info',
        confirmed > 0
          ? t('registrations.confirmedMany', { count: confirmed })
          : t('registrations.noneToConfirm'),
      );
      setAsking(false);
      onChanged();
    } catch (error) {
      onError(error, 'errors.registrationConfirm');
    } finally {
      setBusy(false);
    }
  };

  if (!asking)
    return (
      <Button variant="outline" onClick={() => setAsking(true)}>
        {t('registrations.confirmAll')}
      </Button>
    );
  return (
    <ConfirmPanel
      className="w-full"
      size="sm"
      question={t('registrations.confirmAllQuestion')}
      confirmLabel={t('registrations.confirmAllYes')}
      backLabel={t('registrations.back')}
      busy={busy}
      onConfirm={() => void confirmAll()}
      onBack={() => setAsking(false)}
    />
  );
}
