import {
  CircleCheck,
  ClipboardCheck,
  Clock,
  Download,
  Eraser,
  Search,
  ShieldCheck,
} from '~/platform/ui/icons/icons';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { notify } from '~/platform/ui/notify';
import { useAdminErrorHandler, useAdminQuery } from '~/platform/admin/api';
import { ConfirmButton, Field, PanelTitle, panelClasses } from '~/platform/admin/parts';
import { ApiError, isMessageKey } from '~/platform/http/api';
import { apiRequest } from '~/platform/http/request';
import { downloadFile } from '~/platform/http/download';
import { formatDateTime, formatPeriod } from '~/platform/i18n/format';
import {
  PRIVACY_ADMIN_ENDPOINTS,
  PRIVACY_ADMIN_MESSAGES,
  privacyEmailSchema,
  type PrivacyErasure,
  type PrivacyPreview,
  type PrivacySearchResult,
} from './admin';
import type { RetentionReport, RetentionSchedule } from '~/platform/privacy/types';
import { Badge, type BadgeVariant } from '~/platform/ui/Badge';
import { Button } from '~/platform/ui/Button';

const ACTION_BADGE: Record<string, BadgeVariant> = {
  delete: 'destructive',
  anonymise: 'default',
  blank: 'default',
  keep: 'outline',
};

/**
 * The organisers' privacy page: everything about one e-mail address (see, download, erase
 * after a preview), and how long each kind of record is kept with when it is next purged.
 */
export function PrivacyAdminPanel() {
  return (
    <div className="grid gap-6">
      <PersonSearch />
      <RetentionOverview />
    </div>
  );
}

function PersonSearch() {
  const { t } = useTranslation('admin');
  const onError = useAdminErrorHandler();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<PrivacySearchResult>();
  const [preview, setPreview] = useState<PrivacyPreview>();
  // The last erasure's result stays on the page (issue 43) until another search.
  const [erased, setErased] = useState<PrivacyErasure & { email: string }>();

  /** A refusal with its own message (a bad address) shows at the field; others as usual. */
  const fail = (error: unknown, titleKey: string) => {
    const message = error instanceof ApiError ? error.body.fields?.[0]?.message : undefined;
    if (error instanceof ApiError && error.status === 400 && isMessageKey(message)) setFieldError(t(message));
    else onError(error, titleKey);
  };

  const search = async (event?: FormEvent) => {
    event?.preventDefault();
    setPreview(undefined);
    setErased(undefined);
    // Checked here first (the same rule as the server), so a typo costs no round trip.
    const checked = privacyEmailSchema.safeParse({ email });
    if (!checked.success) {
      setResult(undefined);
      return setFieldError(t(checked.error.issues[0]?.message ?? PRIVACY_ADMIN_MESSAGES.email));
    }
    setBusy(true);
    setFieldError(undefined);
    try {
      setResult(
        await apiRequest<PrivacySearchResult>(
          'GET',
          `${PRIVACY_ADMIN_ENDPOINTS.search.url()}?email=${encodeURIComponent(email)}`,
        ),
      );
    } catch (error) {
      setResult(undefined);
      fail(error, 'errors.loadFailed');
    } finally {
      setBusy(false);
    }
  };

  const download = async (address: string) => {
    setBusy(true);
    try {
      await downloadFile(
        `${PRIVACY_ADMIN_ENDPOINTS.export.url()}?email=${encodeURIComponent(address)}`,
        'personal-data.json',
      );
      void notify('success', t('privacy.export.done'));
    } catch (error) {
      onError(error, 'privacy.export.failed');
    } finally {
      setBusy(false);
    }
  };

  const showPreview = async (address: string) => {
    setBusy(true);
    try {
      setPreview(
        await apiRequest<PrivacyPreview>('POST', PRIVACY_ADMIN_ENDPOINTS.preview.url(), { email: address }),
      );
    } catch (error) {
      fail(error, 'errors.loadFailed');
    } finally {
      setBusy(false);
    }
  };

  const erase = async (address: string) => {
    setBusy(true);
    try {
      const answer = await apiRequest<PrivacyErasure>('POST', PRIVACY_ADMIN_ENDPOINTS.erase.url(), {
        email: address,
      });
      setErased({ ...answer, email: address });
      setPreview(undefined);
      setResult(
        await apiRequest<PrivacySearchResult>(
          'GET',
          `${PRIVACY_ADMIN_ENDPOINTS.search.url()}?email=${encodeURIComponent(address)}`,
        ),
      );
    } catch (error) {
      onError(error, 'privacy.erase.failed');
    } finally {
      setBusy(false);
    }
  };

  const total = result?.tables.reduce((sum, table) => sum + table.rows.length, 0) ?? 0;
  return (
    <section aria-labelledby="privacy-search-title" className={panelClasses}>
      <PanelTitle
        id="privacy-search-title"
        icon={ShieldCheck}
        title={t('privacy.search.title')}
        help={t('privacy.search.help')}
      />
      <form
        onSubmit={(event) => void search(event)}
        noValidate
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <Field
          label={t('privacy.search.email')}
          type="email"
          name="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldError}
          className="min-w-0 flex-1"
        />
        <Button type="submit" disabled={busy} className="sm:mb-0">
          <Search aria-hidden="true" className="h-4 w-4" />
          {busy ? t('privacy.search.searching') : t('privacy.search.submit')}
        </Button>
      </form>
      <p className="mt-3 text-sm text-muted">{t('privacy.search.memberships')}</p>

      {erased ? <ErasureResult erased={erased} /> : null}

      {result ? (
        <div className="mt-6" aria-live="polite">
          {total === 0 ? (
            <p className="font-semibold">
              {t(erased ? 'privacy.erased.nothingLeft' : 'privacy.search.nothing', { email: result.email })}
            </p>
          ) : (
            <>
              <h3 className="text-lg font-bold [overflow-wrap:anywhere]">
                {result.email}: {t('privacy.search.found', { count: total })}
              </h3>
              <ul className="mt-3 divide-y divide-black/10 rounded-lg border border-black/10">
                {result.tables
                  .filter((table) => table.rows.length > 0)
                  .map((table) => (
                    <li key={table.table} className="p-3">
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <span className="font-semibold">{t(`privacy.tables.${table.table}`)}</span>
                        <span className="flex items-center gap-2 text-sm">
                          {t('privacy.search.rows', { count: table.rows.length })}
                          <Badge variant={ACTION_BADGE[table.action]}>
                            {t(`privacy.actions.${table.action}`)}
                          </Badge>
                        </span>
                      </div>
                      <details className="mt-2">
                        <summary className="cursor-pointer text-sm text-ember-700">
                          {t('privacy.search.show')}
                        </summary>
                        <pre className="mt-2 max-h-80 overflow-auto rounded bg-black/5 p-2 text-xs break-all whitespace-pre-wrap">
                          {JSON.stringify(table.rows, null, 2)}
                        </pre>
                      </details>
                    </li>
                  ))}
              </ul>
              <p className="mt-3 text-sm text-muted">{t('privacy.keepNote')}</p>
              <div className="mt-4 flex flex-col gap-2 sm:flex-row">
                <Button variant="outline" disabled={busy} onClick={() => void download(result.email)}>
                  <Download aria-hidden="true" className="h-4 w-4" />
                  {t('privacy.export.button')}
                </Button>
                <Button variant="outline" disabled={busy} onClick={() => void showPreview(result.email)}>
                  <Eraser aria-hidden="true" className="h-4 w-4" />
                  {t('privacy.erase.preview')}
                </Button>
              </div>
            </>
          )}
        </div>
      ) : null}

      {preview && result ? (
        <div className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4" aria-live="polite">
          <h3 className="font-bold [overflow-wrap:anywhere]">
            {t('privacy.erase.previewTitle', { email: preview.email })}
          </h3>
          <p className="mt-1 text-sm">{t('privacy.erase.previewHelp')}</p>
          <table className="mt-3 w-full text-left text-sm">
            <tbody>
              {preview.tables
                .filter((table) => table.count > 0)
                .map((table) => (
                  <tr key={table.table} className="border-t border-black/10">
                    <th scope="row" className="py-1 pr-2 font-normal">
                      {t(`privacy.tables.${table.table}`)}
                    </th>
                    <td className="py-1 pr-2 tabular-nums">{table.count}</td>
                    <td className="py-1">
                      <Badge variant={ACTION_BADGE[table.action]}>
                        {t(`privacy.actions.${table.action}`)}
                      </Badge>
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
          <div className="mt-4">
            <ConfirmButton
              variant="primary"
              label={t('privacy.erase.confirm')}
              title={t('privacy.erase.confirmTitle', { email: preview.email })}
              text={t('privacy.erase.confirmText')}
              confirmLabel={t('privacy.erase.confirm')}
              cancelLabel={t('privacy.erase.cancel')}
              disabled={busy}
              onConfirm={() => void erase(preview.email)}
            />
          </div>
        </div>
      ) : null}
    </section>
  );
}

/**
 * What an erasure did, kept on the page (issue 43): the reference to quote to the person (with
 * a copy button), and per table what was deleted, anonymised or kept.
 */
function ErasureResult({ erased }: { erased: PrivacyErasure & { email: string } }) {
  const { t } = useTranslation('admin');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(erased.reference);
      void notify('success', t('privacy.erased.copied'));
    } catch {
      void notify('error', t('privacy.erased.copyFailed'));
    }
  };
  const changed = erased.tables.filter((table) => table.count > 0);
  return (
    <div
      className="mt-6 rounded-lg border border-forest-700/30 bg-forest-50 p-4"
      role="status"
      data-testid="erasure-result"
    >
      <h3 className="flex items-center gap-2 font-bold [overflow-wrap:anywhere]">
        <CircleCheck aria-hidden="true" className="h-5 w-5 shrink-0 text-forest-700" />
        {t('privacy.erased.title', { email: erased.email })}
      </h3>
      <p className="mt-2 text-sm">{t('privacy.erased.referenceHelp')}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code className="rounded bg-white px-2 py-1 font-mono text-sm [overflow-wrap:anywhere] select-all">
          {erased.reference}
        </code>
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          <ClipboardCheck aria-hidden="true" className="h-4 w-4" />
          {t('privacy.erased.copy')}
        </Button>
      </div>
      {changed.length > 0 ? (
        <table className="mt-3 w-full text-left text-sm">
          <caption className="mb-1 text-left font-semibold">{t('privacy.erased.what')}</caption>
          <tbody>
            {changed.map((table) => (
              <tr key={table.table} className="border-t border-black/10">
                <th scope="row" className="py-1 pr-2 font-normal">
                  {t(`privacy.tables.${table.table}`)}
                </th>
                <td className="py-1 pr-2 tabular-nums">{table.count}</td>
                <td className="py-1">{t(`privacy.erased.actions.${table.action}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="mt-3 text-sm">{t('privacy.erased.none')}</p>
      )}
    </div>
  );
}

function RetentionOverview() {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language;
  const onError = useAdminErrorHandler();
  const [version, setVersion] = useState(0);
  const { data } = useAdminQuery<RetentionSchedule>(PRIVACY_ADMIN_ENDPOINTS.retention.url(), version);

  const run = async () => {
    try {
      const report = await apiRequest<RetentionReport>('POST', PRIVACY_ADMIN_ENDPOINTS.retentionRun.url());
      if (report.skipped) void notify('info', t('privacy.retention.skipped'));
      else
        void notify(
          'success',
          t('privacy.retention.ran', { count: Object.values(report.removed).reduce((sum, n) => sum + n, 0) }),
        );
      setVersion((v) => v + 1);
    } catch (error) {
      onError(error, 'privacy.retention.failed');
    }
  };

  const period = (p: RetentionSchedule['kinds'][number]['period']) =>
    p.years
      ? formatPeriod(p.years, 'year', language)
      : p.months
        ? formatPeriod(p.months, 'month', language)
        : formatPeriod(p.days ?? 0, 'day', language);

  return (
    <section aria-labelledby="retention-title" className={panelClasses}>
      <PanelTitle
        id="retention-title"
        icon={Clock}
        title={t('privacy.retention.title')}
        help={t('privacy.retention.help', { time: '03:00 UTC' })}
      />
      {data ? (
        <>
          <p className="mt-3 font-semibold">
            {t('privacy.retention.nextRun', { date: formatDateTime(data.nextRun, language) })}
          </p>
          <ul className="mt-3 divide-y divide-black/10 rounded-lg border border-black/10">
            {data.kinds.map((kind) => (
              <li
                key={kind.name}
                className="grid gap-1 p-3 sm:grid-cols-[2fr_2fr_1fr_2fr] sm:items-center sm:gap-3"
              >
                <span className="font-semibold">{t(`privacy.tables.${kind.name}`)}</span>
                <span className="text-sm">
                  <span className="sr-only">{t('privacy.retention.period')}: </span>
                  {t(`privacy.retention.from.${kind.name}`, { period: period(kind.period) })}
                </span>
                <span className="text-sm tabular-nums">
                  <span className="text-muted">{t('privacy.retention.due')}: </span>
                  <strong>{kind.dueAtNextRun}</strong>
                </span>
                <span className="text-sm">
                  <span className="text-muted">{t('privacy.retention.oldest')}: </span>
                  {kind.oldestDue ? formatDateTime(kind.oldestDue, language) : t('privacy.retention.none')}
                </span>
              </li>
            ))}
          </ul>
          <div className="mt-4">
            <ConfirmButton
              label={t('privacy.retention.run')}
              title={t('privacy.retention.runTitle')}
              text={t('privacy.retention.runText')}
              confirmLabel={t('privacy.retention.run')}
              cancelLabel={t('privacy.erase.cancel')}
              onConfirm={() => void run()}
            />
          </div>
        </>
      ) : null}
    </section>
  );
}
