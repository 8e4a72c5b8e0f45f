import { ChevronLeft, ChevronRight, Download, Search } from '~/platform/ui/icons/icons';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Form, Link, useNavigation, useSearchParams, useSubmit } from 'react-router';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Button, buttonClasses } from '~/platform/ui/Button';
import { Spinner } from '~/platform/ui/Spinner';
import { inputClasses } from '~/platform/admin/parts';
import { type AdminListView, adminListUrl, type ListPage } from '~/platform/admin/section';
import { cn } from '~/platform/ui/cn';
import type { DashboardData } from './dashboard';
import { describedByIds, LabelledField } from '~/platform/forms/LabelledField';

/**
 * One tab: search, filter, CSV download, the records (newest first) and page buttons. What it
 * shows is the dashboard loader's (`data`, for the open tab only): the search, the filter and
 * the page are in the address, so a change is a navigation the loader answers (decision
 * 0052), and without scripts the search is a GET form and the pages are links. A list of
 * edition-bound records shows the chosen edition only, in the page and in the CSV file.
 */
export function ListPanel<R extends { id: string }>({
  view,
  data,
  onChanged,
}: {
  view: AdminListView<R>;
  /** The dashboard's loader data when this is the open tab; undefined while it loads. */
  data?: DashboardData;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const searchId = useId();
  const filterId = useId();
  const form = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const search = data?.q ?? '';
  const status = data?.status ?? '';
  const [query, setQuery] = useState(search);
  const send = useCallback(() => {
    if (form.current) void submit(form.current, { replace: true, preventScrollReset: true });
  }, [submit]);

  // Search as the admin types, but not on every key press.
  useEffect(() => {
    if (query.trim() === search) return;
    const timer = setTimeout(send, 300);
    return () => clearTimeout(timer);
  }, [query, search, send]);

  const { list, Row, Toolbar } = view;
  const rows = data?.list as ListPage<R> | null | undefined;
  const loading = navigation.state === 'loading';
  const ofEdition: Record<string, string> = list.byEdition && data ? { edition: data.edition } : {};
  const csvParams = new URLSearchParams({ q: search, status, lang: i18n.language, ...ofEdition });
  const pages = rows ? Math.max(1, Math.ceil(rows.total / rows.pageSize)) : 1;
  const page = rows?.page ?? 1;
  const pageLink = (to: number) => {
    const next = new URLSearchParams(params);
    next.delete('lang');
    next.set('tab', list.name);
    next.set('page', String(to));
    return `?${next}`;
  };
  const asked = params.get('edition');

  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        {/* Laid out as the row's own items (`contents`); the toolbar's dialogs stay outside it. */}
        <Form ref={form} method="get" role="search" preventScrollReset replace className="contents">
          <input type="hidden" name="tab" value={list.name} />
          {asked === null ? null : <input type="hidden" name="edition" value={asked} />}
          <LabelledField id={searchId} label={t('list.search')} className="min-w-0 sm:flex-1">
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-3 left-3 h-5 w-5 text-muted"
              />
              <input
                id={searchId}
                type="search"
                name="q"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                placeholder={t(`list.searchPlaceholder.${list.name}`)}
                maxLength={100}
                aria-describedby={describedByIds(searchId)}
                className={`${inputClasses} pl-10`}
              />
            </div>
          </LabelledField>
          <LabelledField id={filterId} label={t(`list.filter.${list.name}`)} className="sm:w-52">
            <select
              id={filterId}
              aria-describedby={describedByIds(filterId)}
              name="status"
              defaultValue={status}
              onChange={send}
              className={inputClasses}
            >
              <option value="">{t('list.all')}</option>
              {list.filters.map((value) => (
                <option key={value} value={value}>
                  {t(`values.${list.filterGroup}.${value}`, { defaultValue: value })}
                </option>
              ))}
            </select>
          </LabelledField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="ghost">
              {t('list.find')}
            </Button>
            <a
              href={`${adminListUrl(list, 'csv')}?${csvParams}`}
              download
              className={buttonClasses('outline', 'md')}
            >
              <Download aria-hidden="true" className="h-5 w-5" />
              {t('list.export')}
            </a>
          </div>
        </Form>
        {Toolbar ? (
          <div className="flex flex-wrap gap-2">
            <Toolbar onChanged={onChanged} />
          </div>
        ) : null}
      </div>

      <p className="mt-4 text-sm text-muted" aria-live="polite">
        {/* A list may say what its total counts (registrations: every status, or the filter's). */}
        {rows
          ? status
            ? t(`list.totalsFiltered.${list.name}`, {
                count: rows.total,
                filter: t(`values.${list.filterGroup}.${status}`, { defaultValue: status }),
                defaultValue: t('list.total', { count: rows.total }),
              })
            : t(`list.totals.${list.name}`, {
                count: rows.total,
                defaultValue: t('list.total', { count: rows.total }),
              })
          : null}
      </p>

      {!rows ? <Spinner label={t('shell.loading')} className="py-16" /> : null}
      {rows && rows.rows.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed border-black/20 bg-white/60 p-8 text-center text-muted">
          {search || status ? t('list.noMatches') : t('list.empty')}
        </p>
      ) : null}
      {rows && rows.rows.length > 0 ? (
        <ul
          className={loading ? 'mt-3 flex flex-col gap-3 opacity-60' : 'mt-3 flex flex-col gap-3'}
          aria-busy={loading}
        >
          {rows.rows.map((row) => (
            <li key={row.id}>
              <Row row={row} onChanged={onChanged} />
            </li>
          ))}
        </ul>
      ) : null}

      {rows && pages > 1 ? (
        <nav aria-label={t('list.pagination')} className="mt-4 flex items-center justify-between gap-2">
          <PageLink to={page > 1 ? pageLink(page - 1) : undefined}>
            <ChevronLeft aria-hidden="true" className="h-4 w-4" />
            {t('list.previous')}
          </PageLink>
          <span className="text-sm text-muted">{t('list.page', { page, pages })}</span>
          <PageLink to={page < pages ? pageLink(page + 1) : undefined}>
            {t('list.next')}
            <ChevronRight aria-hidden="true" className="h-4 w-4" />
          </PageLink>
        </nav>
      ) : null}
    </div>
  );
}

/** A page button: a link to that page of the list (no scripts needed), dimmed when there is none. */
function PageLink({ to, children }: { to: string | undefined; children: ReactNode }) {
  const classes = buttonClasses('ghost', 'sm');
  if (to === undefined)
    return (
      <span aria-disabled="true" className={cn(classes, 'pointer-events-none opacity-50')}>
        {children}
      </span>
    );
  return (
    <Link to={to} replace preventScrollReset className={classes}>
      {children}
    </Link>
  );
}
