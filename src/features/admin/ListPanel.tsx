import { ChevronLeft, ChevronRight, Download, Search } from '~/platform/ui/icons/icons';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Button, buttonClasses } from '~/platform/ui/Button';
import { Spinner } from '~/platform/ui/Spinner';
import { useAdminQuery } from '~/platform/admin/api';
import { inputClasses } from '~/platform/admin/parts';
import { type AdminListView, adminListUrl, type ListPage } from '~/platform/admin/section';
import { describedByIds, LabelledField } from '~/platform/forms/LabelledField';

/**
 * One tab: search, filter, CSV download, the records (newest first) and page buttons. A list
 * of edition-bound records shows `edition` only, in the page and in the CSV file (issue 30).
 */
export function ListPanel<R extends { id: string }>({
  view,
  initialQuery = '',
  edition,
  version,
  onChanged,
}: {
  view: AdminListView<R>;
  initialQuery?: string;
  /** `?edition=` as the API takes it; undefined while the choice is still loading. */
  edition?: string;
  version: number;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const searchId = useId();
  const filterId = useId();
  const [query, setQuery] = useState(initialQuery);
  const [search, setSearch] = useState(initialQuery);
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);

  // Search as the admin types, but not on every key press.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(query.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [query]);

  // Another edition starts again at its first page.
  useEffect(() => setPage(1), [edition]);

  const { list, Row, Toolbar } = view;
  const ofEdition: Record<string, string> = list.byEdition && edition ? { edition } : {};
  const waiting = list.byEdition && !edition;
  const params = new URLSearchParams({ page: String(page), q: search, status, ...ofEdition });
  const { data, loading } = useAdminQuery<ListPage<R>>(
    waiting ? null : `${adminListUrl(list)}?${params}`,
    version,
  );
  const csvParams = new URLSearchParams({ q: search, status, lang: i18n.language, ...ofEdition });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <LabelledField id={searchId} label={t('list.search')} className="min-w-0 sm:flex-1">
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-3 left-3 h-5 w-5 text-muted"
            />
            <input
              id={searchId}
              type="search"
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
            value={status}
            onChange={(event) => {
              setStatus(event.target.value);
              setPage(1);
            }}
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
          <a
            href={`${adminListUrl(list, 'csv')}?${csvParams}`}
            download
            className={buttonClasses('outline', 'md')}
          >
            <Download aria-hidden="true" className="h-5 w-5" />
            {t('list.export')}
          </a>
          {Toolbar ? <Toolbar onChanged={onChanged} /> : null}
        </div>
      </div>

      <p className="mt-4 text-sm text-muted" aria-live="polite">
        {/* A list may say what its total counts (registrations: every status, or the filter's). */}
        {data
          ? status
            ? t(`list.totalsFiltered.${list.name}`, {
                count: data.total,
                filter: t(`values.${list.filterGroup}.${status}`, { defaultValue: status }),
                defaultValue: t('list.total', { count: data.total }),
              })
            : t(`list.totals.${list.name}`, {
                count: data.total,
                defaultValue: t('list.total', { count: data.total }),
              })
          : null}
      </p>

      {!data && loading ? <Spinner label={t('shell.loading')} className="py-16" /> : null}
      {data && data.rows.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed border-black/20 bg-white/60 p-8 text-center text-muted">
          {search || status ? t('list.noMatches') : t('list.empty')}
        </p>
      ) : null}
      {data && data.rows.length > 0 ? (
        <ul
          className={loading ? 'mt-3 flex flex-col gap-3 opacity-60' : 'mt-3 flex flex-col gap-3'}
          aria-busy={loading}
        >
          {data.rows.map((row) => (
            <li key={row.id}>
              <Row row={row} onChanged={onChanged} />
            </li>
          ))}
        </ul>
      ) : null}

      {data && pages > 1 ? (
        <nav aria-label={t('list.pagination')} className="mt-4 flex items-center justify-between gap-2">
          <Button variant="ghost" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            <ChevronLeft aria-hidden="true" className="h-4 w-4" />
            {t('list.previous')}
          </Button>
          <span className="text-sm text-muted">{t('list.page', { page, pages })}</span>
          <Button variant="ghost" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('list.next')}
            <ChevronRight aria-hidden="true" className="h-4 w-4" />
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
