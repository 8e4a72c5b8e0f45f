import { ChevronRight } from '~/platform/ui/icons/icons';
import type { ReactNode } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Link } from 'react-router';
import { useAdminQuery } from '~/platform/admin/api';
import { formatDateTime } from '~/platform/i18n/format';
import { adminContentPath } from '~/platform/paths';
import { Spinner } from '~/platform/ui/Spinner';
import { CONTENT_ENDPOINTS } from '~/platform/content/api';
import type { ContentType } from '~/platform/content/content-type';

interface Summary {
  id: string;
  publishedVersion?: number;
  publishedAt?: string;
  unpublishedChanges?: boolean;
}

/** Everything the organisers can edit, with what is waiting to be published. */
export function ContentList({
  types,
  aside,
}: {
  types: readonly ContentType[];
  /** Shown above the list (the app's "Prepare next year"). */
  aside?: ReactNode;
}) {
  const { t, i18n } = useTranslation('content');
  const { data } = useAdminQuery<{ types: Summary[] }>(CONTENT_ENDPOINTS.list.url());
  const byId = new Map(data?.types.map((summary) => [summary.id, summary]));
  return (
    <div>
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{t('list.title')}</h1>
      <p className="mt-1 max-w-2xl text-muted">{t('list.lead')}</p>
      {aside}
      {!data ? (
        <Spinner label={t('editor.loading')} className="py-24" />
      ) : (
        <ul className="mt-6 grid gap-3 sm:grid-cols-2">
          {types.map((type) => {
            const summary = byId.get(type.id);
            return (
              <li key={type.id}>
                <Link
                  to={adminContentPath(type.id)}
                  className="flex items-center justify-between gap-3 rounded-xl border border-black/10 bg-white p-4 shadow-sm hover:border-ember-600"
                >
                  <span className="min-w-0">
                    <span className="block font-bold">{t(type.label)}</span>
                    <span className="block text-sm text-muted">
                      {summary?.publishedAt
                        ? t('list.published', { when: formatDateTime(summary.publishedAt, i18n.language) })
                        : '—'}
                    </span>
                    {summary?.unpublishedChanges ? (
                      <span className="mt-1 inline-block rounded-full bg-amber-flag/40 px-2 py-0.5 text-xs font-semibold">
                        {t('list.draft')}
                      </span>
                    ) : null}
                  </span>
                  <ChevronRight aria-hidden="true" className="h-5 w-5 shrink-0 text-muted" />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
