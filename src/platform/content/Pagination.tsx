import { useTranslation } from '~/platform/i18n/useTranslation';
import { Link } from 'react-router';
import { listPagePath } from '~/platform/content/paged-list';
import { localeOf, numberFormat } from '~/platform/i18n/format';
import { ChevronLeft, ChevronRight } from '~/platform/ui/icons/icons';
import { cn } from '~/platform/ui/cn';

/**
 * The page numbers to show: the first, the last, and the current one with its `neighbours`
 * on either side; null: a gap.
 */
export function pageNumbers(page: number, pages: number, neighbours = 1): Array<number | null> {
  const shown = [...new Set([1, page - neighbours, page, page + neighbours, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  return shown.flatMap((n, i) => {
    const before = shown[i - 1];
    if (before === undefined || n === before + 1) return [n];
    // A gap of one page shows that page rather than '…'.
    return n === before + 2 ? [before + 1, n] : [null, n];
  });
}

/** A list page's title: page 1 keeps the list's own, page n says its number. */
export function usePagedTitle(title: string, page: number): string {
  const { t, i18n } = useTranslation();
  if (page <= 1) return title;
  return t('pagination.titlePage', { title, page: numberFormat(localeOf(i18n.language)).format(page) });
}

const item =
  'inline-flex h-11 min-w-11 items-center justify-center gap-1 rounded-full px-3 text-sm font-semibold';

/**
 * Numbered links to the pages of a list (paged-list.ts): plain links, so they work without
 * scripts; the current page is marked for screen readers (aria-current). Here rather than in
 * platform/ui, whose chunk every page loads first: only the list pages need it.
 */
export function Pagination({ path, page, pages }: { path: string; page: number; pages: number }) {
  const { t, i18n } = useTranslation();
  if (pages <= 1) return null;
  const number = numberFormat(localeOf(i18n.language));
  const link = (n: number) => listPagePath(path, n);
  const numbers = (shown: Array<number | null>, className: string) =>
    shown.map((n, i) =>
      n === null ? (
        <li key={`${className}-gap-${i}`} aria-hidden="true" className={cn('px-1 text-muted', className)}>
          …
        </li>
      ) : (
        <li key={`${className}-${n}`} className={className}>
          <Link
            to={link(n)}
            aria-label={t('pagination.page', { page: number.format(n) })}
            aria-current={n === page ? 'page' : undefined}
            className={cn(
              item,
              n === page
                ? 'bg-ember-600 text-white'
                : 'border border-ember-200 bg-white text-ember-800 hover:bg-ember-50',
            )}
          >
            {number.format(n)}
          </Link>
        </li>
      ),
    );
  return (
    <nav aria-label={t('pagination.label')} className="mt-12">
      <ul className="flex flex-wrap items-center justify-center gap-1 sm:gap-1.5">
        {page > 1 ? (
          <li>
            <Link to={link(page - 1)} rel="prev" className={cn(item, 'text-ember-800 hover:bg-ember-50')}>
              <ChevronLeft aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only sm:not-sr-only">{t('pagination.previous')}</span>
            </Link>
          </li>
        ) : null}
        {/* A phone shows no neighbours: the row fits 320 px. */}
        {numbers(pageNumbers(page, pages, 0), 'sm:hidden')}
        {numbers(pageNumbers(page, pages), 'hidden sm:list-item')}
        {page < pages ? (
          <li>
            <Link to={link(page + 1)} rel="next" className={cn(item, 'text-ember-800 hover:bg-ember-50')}>
              <span className="sr-only sm:not-sr-only">{t('pagination.next')}</span>
              <ChevronRight aria-hidden="true" className="h-4 w-4" />
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
