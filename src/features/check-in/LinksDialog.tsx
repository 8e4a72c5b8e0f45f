import { Dialog } from 'radix-ui';
import { useId, useState } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { useAdminErrorHandler, useAdminQuery } from '~/platform/admin/api';
import { Field, inputClasses } from '~/platform/admin/parts';
import { ApiError } from '~/platform/http/api';
import { apiRequest } from '~/platform/http/request';
import { formatDateTime } from '~/platform/i18n/format';
import { Button } from '~/platform/ui/Button';
import { DialogCloseButton } from '~/platform/ui/DialogCloseButton';
import { KeyRound } from '~/platform/ui/icons/icons';
import { notify } from '~/platform/ui/notify';
import {
  CHECK_IN_ENDPOINTS,
  type CheckInLinkRow,
  LINK_HOURS,
  newLinkSchema,
  type NewLinkAnswer,
} from './api';

/**
 * Check-in links (admins only): a short-lived link for a volunteer at the gate, which opens
 * this screen and its API and nothing else; shown once, ended at any time.
 */
export function LinksDialog() {
  const { t, i18n } = useTranslation('checkIn');
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm">
          <KeyRound aria-hidden="true" className="h-4 w-4" />
          {t('links.button')}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-1rem)] w-[min(32rem,calc(100vw-1rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-4 shadow-xl sm:p-6"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-bold">{t('links.title')}</Dialog.Title>
            <DialogCloseButton label={t('links.close')} />
          </div>
          <p className="mt-1 text-sm text-muted">{t('links.intro')}</p>
          {open && <LinksBody language={i18n.language} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function LinksBody({ language }: { language: string }) {
  const { t } = useTranslation('checkIn');
  const onError = useAdminErrorHandler();
  const [version, setVersion] = useState(0);
  const { data: links } = useAdminQuery<CheckInLinkRow[]>(CHECK_IN_ENDPOINTS.links.url(), version);
  const [label, setLabel] = useState('');
  const [hours, setHours] = useState<number>(24);
  const [labelError, setLabelError] = useState<string>();
  const [made, setMade] = useState<NewLinkAnswer>();
  const [busy, setBusy] = useState(false);
  const hoursId = useId();

  const create = async (event: React.FormEvent) => {
    event.preventDefault();
    const checked = newLinkSchema.safeParse({ label, hours });
    if (!checked.success) return setLabelError(t('errors.label'));
    setLabelError(undefined);
    setBusy(true);
    try {
      setMade(await apiRequest<NewLinkAnswer>('POST', CHECK_IN_ENDPOINTS.links.url(), checked.data));
      setLabel('');
      setVersion((n) => n + 1);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'validation') setLabelError(t('errors.label'));
      else onError(error, 'checkIn:links.createFailed');
    } finally {
      setBusy(false);
    }
  };
  const revoke = async (id: string) => {
    try {
      await apiRequest('POST', CHECK_IN_ENDPOINTS.revokeLink.url({ id }));
      void notify('success', t('links.revoked'));
      setVersion((n) => n + 1);
    } catch (error) {
      onError(error, 'checkIn:links.revokeFailed');
    }
  };
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      void notify('success', t('links.copied'));
    } catch {
      void notify('error', t('links.copyFailed'));
    }
  };
  const now = Date.now();

  return (
    <div className="mt-4 space-y-5">
      <form onSubmit={(event) => void create(event)} className="space-y-3" noValidate>
        <Field
          label={t('links.label')}
          error={labelError}
          value={label}
          onChange={(event) => setLabel(event.target.value)}
          maxLength={60}
          placeholder={t('links.labelPlaceholder')}
          autoComplete="off"
        />
        <div>
          <label htmlFor={hoursId} className="mb-1 block text-sm font-semibold">
            {t('links.hours')}
          </label>
          <select
            id={hoursId}
            value={hours}
            onChange={(event) => setHours(Number(event.target.value))}
            className={inputClasses}
          >
            {LINK_HOURS.map((h) => (
              <option key={h} value={h}>
                {t('links.hoursValue', { count: h })}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={busy}>
          {t('links.create')}
        </Button>
      </form>
      {made && (
        <div className="space-y-2 rounded-lg bg-forest-50 p-3" role="status">
          <p className="text-sm font-semibold">
            {t('links.made', { until: formatDateTime(made.expiresAt, language) })}
          </p>
          <input
            readOnly
            value={made.url}
            aria-label={t('links.url')}
            className={`${inputClasses} font-mono text-xs`}
          />
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => void copy(made.url)}>
              {t('links.copy')}
            </Button>
          </div>
          <p className="text-xs text-muted">{t('links.onceOnly')}</p>
        </div>
      )}
      <div>
        <h3 className="mb-2 font-semibold">{t('links.listTitle')}</h3>
        {links && links.length === 0 && <p className="text-sm text-muted">{t('links.none')}</p>}
        <ul className="divide-y divide-black/10">
          {links?.map((link) => {
            const active = link.revokedAt === null && new Date(link.expiresAt).getTime() > now;
            return (
              <li key={link.id} className="flex items-center gap-3 py-2">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{link.label}</p>
                  <p className="text-xs text-muted">
                    {link.revokedAt
                      ? t('links.stateRevoked', { at: formatDateTime(link.revokedAt, language) })
                      : active
                        ? t('links.stateActive', { until: formatDateTime(link.expiresAt, language) })
                        : t('links.stateExpired', { at: formatDateTime(link.expiresAt, language) })}
                  </p>
                </div>
                {active && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => void revoke(link.id)}
                    aria-label={t('links.revokeFor', { label: link.label })}
                  >
                    {t('links.revoke')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
