import { TriangleAlert, CircleCheck, Eye, History, RotateCcw, Save, Send } from '~/platform/ui/icons/icons';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Link } from 'react-router';
import { notify } from '~/platform/ui/notify';
import { useAdminErrorHandler } from '~/platform/admin/api';
import { ConfirmButton, inputClasses } from '~/platform/admin/parts';
import { ApiError, type FieldError } from '~/platform/http/api';
import { apiRequest } from '~/platform/http/request';
import { formatDateTime } from '~/platform/i18n/format';
import { PATHS } from '~/platform/paths';
import { Button } from '~/platform/ui/Button';
import { Spinner } from '~/platform/ui/Spinner';
import {
  CONTENT_ENDPOINTS,
  type PublishedPages,
  type PublishPlan,
  SEED_AUTHOR,
} from '~/platform/content/api';
import type { ContentType } from '~/platform/content/content-type';
import { validateContent } from '~/platform/content/validate';
import { FieldEditor } from '~/features/content-admin/editor/FieldEditor';
import { PlaceholderList } from './PlaceholderList';
import { setAt } from '~/features/content-admin/editor/schema';

interface Document {
  draft: unknown;
  draftVersion: number;
  draftSavedAt: string;
  draftSavedBy: string | null;
  publishedVersion: number;
  publishedAt: string;
  publishedBy: string | null;
  unpublishedChanges: boolean;
  versions: Array<{ version: number; publishedAt: string; publishedBy: string | null }>;
}

const issueMap = (issues: readonly FieldError[]) =>
  new Map(issues.map((issue) => [issue.field, issue.message]));

/**
 * Edits one content document: its fields in both languages, saved as a draft, previewed as
 * the real page in either language, then published (refused while a text is missing in
 * either language, with the fields marked). Earlier versions can be put back into the draft.
 * A save made from an older version than the stored one is refused (another organiser's
 * change is never overwritten without notice).
 */
export function ContentEditor({ type }: { type: ContentType }) {
  const { t, i18n } = useTranslation('content');
  const author = (by: string | null) => (by === SEED_AUTHOR ? t('editor.initialAuthor') : (by ?? '—'));
  const onError = useAdminErrorHandler();
  const previewPageId = useId();
  const [doc, setDoc] = useState<Document | undefined>();
  const [data, setData] = useState<unknown>();
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverIssues, setServerIssues] = useState<FieldError[]>([]);
  const [conflict, setConflict] = useState(false);
  // A publish under way (what the server said it will render), then what it did (issue 43).
  const [publishing, setPublishing] = useState<PublishPlan>();
  const [published, setPublished] = useState<PublishedPages | null>();
  const [previewPage, setPreviewPage] = useState(type.pages[0] ?? PATHS.home);

  const load = useCallback(async () => {
    try {
      const loaded = await apiRequest<Document>('GET', CONTENT_ENDPOINTS.document.url({ type: type.id }));
      setDoc(loaded);
      setData(loaded.draft);
      setDirty(false);
      setConflict(false);
      setServerIssues([]);
    } catch (error) {
      onError(error);
    }
  }, [type.id, onError]);

  useEffect(() => {
    void load();
  }, [load]);

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const validation = useMemo(
    () => (data === undefined ? undefined : validateContent(type, data)),
    [type, data],
  );
  const issues = useMemo(
    () => issueMap([...(validation?.missing ?? []), ...(validation?.errors ?? []), ...serverIssues]),
    [validation, serverIssues],
  );

  if (!doc || data === undefined) return <Spinner label={t('editor.loading')} className="py-24" />;

  const change = (path: readonly (string | number)[], value: unknown) => {
    setData((current: unknown) => setAt(current, path, value));
    setDirty(true);
    setServerIssues([]);
  };

  const failed = (error: unknown, fallback: string) => {
    if (error instanceof ApiError && error.code === 'content_changed') {
      setConflict(true);
      return;
    }
    if (error instanceof ApiError && error.body.fields) setServerIssues(error.body.fields);
    if (error instanceof ApiError && error.body.message) void notify('error', t(error.body.message));
    else onError(error, fallback);
  };

  /** Saves the draft if it changed; returns its version, or undefined when it could not. */
  const save = async (): Promise<number | undefined> => {
    if (!dirty) return doc.draftVersion;
    if (validation?.errors.length) {
      void notify('error', t('errors.summary'));
      return undefined;
    }
    try {
      const saved = await apiRequest<{ draftVersion: number }>(
        'PUT',
        CONTENT_ENDPOINTS.draft.url({ type: type.id }),
        {
          data,
          baseVersion: doc.draftVersion,
        },
      );
      setDoc({ ...doc, draft: data, draftVersion: saved.draftVersion, unpublishedChanges: true });
      setDirty(false);
      return saved.draftVersion;
    } catch (error) {
      failed(error, 'admin:errors.unknown');
      return undefined;
    }
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const saveDraft = () =>
    run(async () => {
      if ((await save()) !== undefined) void notify('success', t('editor.saved'));
    });

  const preview = (language: 'lt' | 'en') =>
    run(async () => {
      if ((await save()) === undefined) return;
      const query = new URLSearchParams({ type: type.id, page: previewPage, lang: language });
      window.open(`${CONTENT_ENDPOINTS.preview.url()}?${query}`, '_blank', 'noopener');
    });

  const publish = () =>
    run(async () => {
      if (validation?.missing.length) {
        void notify('error', t('errors.incomplete'));
        return;
      }
      const version = await save();
      if (version === undefined) return;
      setPublished(undefined);
      try {
        // How many pages it will render, known before it starts: said while the organiser waits.
        setPublishing(
          await apiRequest<PublishPlan>('GET', CONTENT_ENDPOINTS.publishPlan.url({ type: type.id })).catch(
            () => ({ check: type.pages.length, render: null, splice: null }),
          ),
        );
        const answer = await apiRequest<{ pages: PublishedPages | null }>(
          'POST',
          CONTENT_ENDPOINTS.publish.url({ type: type.id }),
          { baseVersion: version },
        );
        setPublished(answer.pages);
        void notify('success', t('editor.published'));
        await load();
      } catch (error) {
        failed(error, 'admin:errors.unknown');
      } finally {
        setPublishing(undefined);
      }
    });

  const restore = (version: number) =>
    run(async () => {
      try {
        await apiRequest('POST', CONTENT_ENDPOINTS.restore.url({ type: type.id }), {
          version,
          baseVersion: doc.draftVersion,
        });
        void notify('success', t('editor.restored', { version }));
        await load();
      } catch (error) {
        failed(error, 'admin:errors.unknown');
      }
    });

  const missing = validation?.missing.length ?? 0;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link
          to={PATHS.adminContent}
          className="text-sm font-semibold text-ember-700 underline underline-offset-2"
        >
          {t('editor.back')}
        </Link>
        <h1 className="mt-2 text-2xl font-extrabold tracking-tight sm:text-3xl">{t(type.label)}</h1>
        <p className="mt-1 text-sm text-muted">
          {t('editor.status', {
            version: doc.publishedVersion,
            when: formatDateTime(doc.publishedAt, i18n.language),
            who: author(doc.publishedBy),
          })}
        </p>
      </div>

      {type.placeholders ? <PlaceholderList /> : null}

      {conflict ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-xl border border-red-300 bg-red-50 p-4"
        >
          <TriangleAlert aria-hidden="true" className="h-5 w-5 text-red-700" />
          <p className="flex-1 text-sm font-semibold">{t('errors.changedMeanwhile')}</p>
          <Button size="sm" variant="outline" onClick={() => void load()}>
            {t('editor.loadLatest')}
          </Button>
        </div>
      ) : null}

      <div className="sticky top-0 z-10 -mx-4 flex flex-wrap items-center gap-2 border-b border-black/10 bg-cream/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
        <p className="mr-auto flex flex-wrap items-center gap-2 text-sm" aria-live="polite">
          {publishing ? (
            <span className="flex items-center gap-2 font-semibold" data-testid="publish-progress">
              <span
                aria-hidden="true"
                className="h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-ember-200 border-t-ember-600"
              />
              {publishing.render === null
                ? t('editor.publishing', { check: publishing.check })
                : t('editor.publishingPages', {
                    check: publishing.check,
                    count: publishing.render,
                    splice: publishing.splice,
                  })}
            </span>
          ) : dirty ? (
            <span className="font-semibold text-ember-700">{t('editor.unsaved')}</span>
          ) : doc.unpublishedChanges ? (
            <span className="font-semibold">{t('editor.draftNotPublished')}</span>
          ) : (
            <>
              <span className="flex items-center gap-1 text-forest-700">
                <CircleCheck aria-hidden="true" className="h-4 w-4" />
                {t('editor.upToDate')}
              </span>
              {published ? (
                <span className="w-full sm:w-auto" data-testid="publish-result">
                  {t('editor.publishedPages', {
                    count: published.rendered,
                    spliced: published.spliced,
                    changed: published.changed,
                  })}
                </span>
              ) : null}
            </>
          )}
          {missing > 0 ? (
            <span className="text-red-800">{t('editor.missing', { count: missing })}</span>
          ) : null}
        </p>
        <Button size="sm" variant="outline" disabled={busy || !dirty} onClick={() => void saveDraft()}>
          <Save aria-hidden="true" className="h-4 w-4" />
          {t('editor.save')}
        </Button>
        <Button
          size="sm"
          disabled={busy || (!dirty && !doc.unpublishedChanges)}
          onClick={() => void publish()}
        >
          <Send aria-hidden="true" className="h-4 w-4" />
          {t('editor.publish')}
        </Button>
      </div>

      <section
        aria-labelledby={`${previewPageId}-title`}
        className="rounded-xl border border-black/10 bg-white p-4"
      >
        <h2 id={`${previewPageId}-title`} className="text-sm font-bold">
          {t('editor.preview')}
        </h2>
        <div className="mt-2 flex flex-wrap items-end gap-2">
          {type.pages.length > 1 ? (
            <div>
              <label htmlFor={previewPageId} className="mb-1 block text-xs font-semibold text-muted">
                {t('editor.previewPage')}
              </label>
              <select
                id={previewPageId}
                value={previewPage}
                onChange={(event) => setPreviewPage(event.target.value)}
                className={inputClasses}
              >
                {type.pages.map((page) => (
                  <option key={page} value={page}>
                    {page}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {(['lt', 'en'] as const).map((language) => (
            <Button
              key={language}
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => void preview(language)}
            >
              <Eye aria-hidden="true" className="h-4 w-4" />
              {t(`editor.previewIn.${language}`)}
            </Button>
          ))}
        </div>
      </section>

      <form
        onSubmit={(event) => {
          event.preventDefault();
          void saveDraft();
        }}
        className="rounded-xl border border-black/10 bg-white p-4 sm:p-6"
      >
        <FieldEditor schema={type.schema} value={data} path={[]} onChange={change} issues={issues} />
      </form>

      <section
        aria-labelledby={`${previewPageId}-history`}
        className="rounded-xl border border-black/10 bg-white p-4"
      >
        <h2 id={`${previewPageId}-history`} className="flex items-center gap-2 text-sm font-bold">
          <History aria-hidden="true" className="h-4 w-4" />
          {t('editor.history')}
        </h2>
        <ul className="mt-2 flex flex-col divide-y divide-black/5">
          {doc.versions.map((version) => (
            <li
              key={version.version}
              className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
            >
              <span>
                {t('editor.version', {
                  version: version.version,
                  when: formatDateTime(version.publishedAt, i18n.language),
                  who: author(version.publishedBy),
                })}
              </span>
              {version.version !== doc.publishedVersion || doc.unpublishedChanges ? (
                <ConfirmButton
                  label={
                    <>
                      <RotateCcw aria-hidden="true" className="h-4 w-4" />
                      {t('editor.restore')}
                    </>
                  }
                  title={t('editor.restoreTitle', { version: version.version })}
                  text={t('editor.restoreText')}
                  confirmLabel={t('editor.restore')}
                  cancelLabel={t('editor.cancel')}
                  disabled={busy || dirty}
                  onConfirm={() => void restore(version.version)}
                />
              ) : (
                <span className="text-muted">{t('editor.current')}</span>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
