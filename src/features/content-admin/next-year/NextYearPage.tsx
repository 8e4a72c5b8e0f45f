import { useState, type ReactNode } from 'react';
import { useTranslation } from '~/platform/i18n/useTranslation';
import { Link } from 'react-router';
import { notify } from '~/platform/ui/notify';
import { useAdminErrorHandler, useAdminQuery } from '~/platform/admin/api';
import { inputClasses, panelClasses } from '~/platform/admin/parts';
import { CONTENT_ENDPOINTS } from '~/platform/content/api';
import type { ContentType } from '~/platform/content/content-type';
import { FieldEditor, ObjectFields } from '~/features/content-admin/editor/FieldEditor';
import { listItem, objectFields, setAt } from '~/features/content-admin/editor/schema';
import { REQUIRED } from '~/platform/content/fields';
import { eventDate, eventShortDate, fillPlaceholders } from '~/platform/event/format';
import { eventPlaceholders } from '~/platform/event/placeholders';
import { ApiError, type FieldError } from '~/platform/http/api';
import { apiRequest } from '~/platform/http/request';
import { adminContentPath, PATHS } from '~/platform/paths';
import { bannerContent } from '~/platform/site-content/banner';
import { eventContent } from '~/platform/site-content/event';
import { Button } from '~/platform/ui/Button';
import { Spinner } from '~/platform/ui/Spinner';
import {
  NEXT_YEAR_ENDPOINTS,
  NEXT_YEAR_TYPES,
  type NextYearForm,
  type NextYearPlan,
  type NextYearVersions,
  type SavedNextYear,
  type StaleEntry,
} from './api';
import { staleWords } from './stale';

type Path = readonly (string | number)[];

const WALL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const PREVIEW_PAGES = [
  { page: PATHS.home, label: 'actions.home' },
  { page: PATHS.history, label: 'actions.history' },
  { page: PATHS.registration, label: 'actions.registration' },
] as const;

/**
 * A problem the server named `<type>:<field>` ('page.history:years.0.title.lt') at its place
 * in the form ('year.title.lt'); null when the form does not show that field.
 */
function formPath(field: string): string | null {
  const [type, path = ''] = field.split(':');
  if (type === NEXT_YEAR_TYPES.event) return `event.${path}`;
  if (type === NEXT_YEAR_TYPES.banner) return path.startsWith('text') ? `banner.${path}` : null;
  if (type === NEXT_YEAR_TYPES.history && path.startsWith('years.0.')) return `year.${path.slice(8)}`;
  return null;
}

/** The year's own check, as the editor runs it: what is still to write, at its place. */
function yearIssues(schema: ContentType['schema'], year: unknown): Map<string, string> {
  const issues = new Map<string, string>();
  const result = schema.safeParse(year);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const at = ['year', ...issue.path.map(String)].join('.');
      if (!issues.has(at))
        issues.set(at, /^[a-zA-Z]+:[\w.]+$/.test(issue.message) ? issue.message : 'content:errors.invalid');
    }
  }
  return issues;
}

function Step({
  n,
  id,
  title,
  lead,
  children,
}: {
  n: number;
  id: string;
  title: string;
  lead: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('nextYear');
  return (
    <section aria-labelledby={id} className={panelClasses}>
      <p className="text-xs font-bold tracking-wide text-ember-700 uppercase">{t('step', { n })}</p>
      <h2 id={id} className="mt-1 text-xl font-bold">
        {title}
      </h2>
      <p className="mt-1 mb-4 text-sm text-muted">{lead}</p>
      {children}
    </section>
  );
}

/** "Prepare next year" (issue 30): three steps on one page, saved as drafts, published together. */
export function NextYearPage({ historyType }: { historyType: ContentType }) {
  const { t } = useTranslation('nextYear');
  const [version, setVersion] = useState(0);
  const { data } = useAdminQuery<NextYearPlan>(NEXT_YEAR_ENDPOINTS.plan.url(), version);
  if (!data) return <Spinner label={t('title')} className="py-24" />;
  return (
    <NextYearSteps
      // A fresh form after each publish or reload.
      key={`${data.versions.event}-${data.versions.history}-${data.versions.banner}-${version}`}
      plan={data}
      historyType={historyType}
      onReload={() => setVersion((n) => n + 1)}
    />
  );
}

function NextYearSteps({
  plan,
  historyType,
  onReload,
}: {
  plan: NextYearPlan;
  historyType: ContentType;
  onReload: () => void;
}) {
  const { t, i18n } = useTranslation('nextYear');
  const onError = useAdminErrorHandler();
  const [form, setForm] = useState<NextYearForm>(plan.form);
  const [versions, setVersions] = useState<NextYearVersions>(plan.versions);
  // Nothing saved yet (a suggestion) counts as a change to save.
  const [dirty, setDirty] = useState(!plan.prepared);
  const [serverIssues, setServerIssues] = useState<FieldError[]>([]);
  const [refusal, setRefusal] = useState<{ message: string; fields: FieldError[]; conflict: boolean } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);

  const eventFields = new Map(objectFields(eventContent.schema));
  const historyFields = new Map(objectFields(historyType.schema));
  const yearSchema = listItem(historyFields.get('years')!);
  const bannerText = new Map(objectFields(bannerContent.schema)).get('text')!;

  const issues = yearIssues(yearSchema, form.year);
  for (const { field, message } of serverIssues) {
    const at = formPath(field);
    if (at && !issues.has(at)) issues.set(at, message);
  }
  const toWrite = [...issues.values()].filter((message) => message === REQUIRED).length;

  const onChange = (path: Path, value: unknown) => {
    const [part, ...rest] = path;
    setForm((current) =>
      part === 'event'
        ? (setAt(current, rest, value) as NextYearForm)
        : part === 'year'
          ? { ...current, year: setAt(current.year, rest, value) as Record<string, unknown> }
          : {
              ...current,
              bannerText: setAt(current.bannerText, rest.slice(1), value) as NextYearForm['bannerText'],
            },
    );
    setDirty(true);
    setServerIssues([]);
  };

  const datesValid = WALL_TIME.test(form.start) && WALL_TIME.test(form.end);
  // Every placeholder as the site will write it once published: the facts' draft with the form's
  // edition, dates and window, before that weekend (issue 43: {{registrationOpens}} was left as written).
  const placeholders = (language: 'lt' | 'en'): Record<string, string> =>
    datesValid
      ? eventPlaceholders(
          {
            ...plan.facts,
            edition: form.edition,
            start: form.start,
            end: form.end,
            registration: form.registration,
          },
          language,
        )
      : {};

  // Step 4: the texts as the organiser rewrites them (the draft's text until then).
  const matcher = { edition: plan.current.edition, year: Number(plan.current.year) };
  const sameText = (a: Pick<StaleEntry, 'type' | 'path' | 'language'>, b: typeof a) =>
    a.type === b.type && a.path === b.path && a.language === b.language;
  const textOf = (entry: StaleEntry) =>
    (form.texts ?? []).find((text) => sameText(text, entry))?.text ?? entry.draft;
  const onText = (entry: StaleEntry, text: string) => {
    const { type, path, language } = entry;
    setForm((current) => ({
      ...current,
      texts: [
        ...(current.texts ?? []).filter((other) => !sameText(other, entry)),
        { type, path, language, text },
      ],
    }));
    setDirty(true);
  };
  // The documents whose drafts differ from what is published in a listed text: published with the three.
  const textTypes = [
    ...new Set(plan.stale.filter((entry) => textOf(entry) !== entry.text).map((entry) => entry.type)),
  ];

  /** Saves the three drafts if anything changed; their versions, or undefined when refused. */
  const save = async (): Promise<NextYearVersions | undefined> => {
    if (!dirty) return versions;
    try {
      const saved = await apiRequest<SavedNextYear>('PUT', NEXT_YEAR_ENDPOINTS.plan.url(), {
        form,
        versions,
      });
      setVersions(saved.versions);
      setServerIssues(saved.missing);
      setDirty(false);
      return saved.versions;
    } catch (error) {
      refused(error, 'errors.save');
      return undefined;
    }
  };

  const refused = (error: unknown, title: string) => {
    if (error instanceof ApiError && [400, 409, 422].includes(error.status)) {
      const fields = error.body.fields ?? [];
      setServerIssues(fields);
      setRefusal({
        message:
          error.status === 409 ? 'nextYear:errors.changed' : (error.body.message ?? 'admin:errors.unknown'),
        fields,
        conflict: error.status === 409,
      });
      void notify('error', t(title));
    } else onError(error, `nextYear:${title}`);
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setRefusal(null);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const publishAll = () =>
    run(async () => {
      const saved = await save();
      if (!saved) return;
      try {
        await apiRequest('POST', CONTENT_ENDPOINTS.publishAll.url(), {
          documents: [
            { type: NEXT_YEAR_TYPES.event, baseVersion: saved.event },
            { type: NEXT_YEAR_TYPES.history, baseVersion: saved.history },
            { type: NEXT_YEAR_TYPES.banner, baseVersion: saved.banner },
            ...textTypes.map((type) => ({ type, baseVersion: saved.texts?.[type] ?? 1 })),
          ],
        });
        void notify('success', t('actions.published', { edition: form.edition }));
        onReload();
      } catch (error) {
        refused(error, 'errors.title');
      }
    });

  const previewUrl = (page: string, lang: 'lt' | 'en') =>
    `${CONTENT_ENDPOINTS.preview.url()}?${new URLSearchParams({
      type: [...Object.values(NEXT_YEAR_TYPES), ...textTypes].join(','),
      page,
      lang,
    })}`;
  const language = i18n.language === 'en' ? 'en' : 'lt';

  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link
          to={PATHS.adminContent}
          className="text-sm font-semibold text-ember-700 underline underline-offset-2"
        >
          {t('back')}
        </Link>
        <h1 className="mt-2 text-2xl font-extrabold tracking-tight sm:text-3xl">{t('title')}</h1>
        <p className="mt-1 max-w-2xl text-muted">{t('intro', { edition: form.edition })}</p>
        <p className="mt-2 text-sm">
          {t('current', {
            edition: plan.current.edition,
            date: eventShortDate(plan.current.start, language),
          })}{' '}
          {plan.current.over ? t('currentOver') : null}
        </p>
        {plan.prepared ? <p className="mt-2 text-sm font-semibold text-forest-700">{t('prepared')}</p> : null}
      </div>

      <Step n={1} id="next-year-dates" title={t('dates.title')} lead={t('dates.lead')}>
        {/* One shrinkable column on phones: a date input's own width overflowed the card at 320 px. */}
        <div className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-2">
          {(['edition', 'start', 'end'] as const).map((key) => (
            <div key={key} className={key === 'edition' ? 'sm:col-span-2 sm:max-w-48' : undefined}>
              <FieldEditor
                schema={eventFields.get(key)!}
                value={form[key]}
                path={['event', key]}
                onChange={onChange}
                issues={issues}
              />
            </div>
          ))}
          <div className="sm:col-span-2">
            <FieldEditor
              schema={eventFields.get('registration')!}
              value={form.registration}
              path={['event', 'registration']}
              onChange={onChange}
              issues={issues}
            />
          </div>
        </div>
        {datesValid ? (
          <p className="mt-4 text-sm font-semibold">
            {t('dates.summary', { date: eventDate(form.start, language) })}
          </p>
        ) : null}
      </Step>

      <Step
        n={2}
        id="next-year-history"
        title={t('history.title', { year: plan.current.year })}
        lead={t('history.lead')}
      >
        {toWrite > 0 ? (
          <p className="mb-4 rounded-lg bg-amber-flag/40 px-3 py-2 text-sm font-semibold">
            {t('history.toWrite', { count: toWrite })}
          </p>
        ) : null}
        <ObjectFields
          schema={yearSchema}
          value={form.year}
          path={['year']}
          onChange={onChange}
          issues={issues}
        />
        <p className="mt-4 text-sm text-muted">{t('history.photosLater')}</p>
      </Step>

      <Step
        n={3}
        id="next-year-banner"
        title={t('banner.title')}
        lead={t('banner.lead', { example: '{{shortDate}}' })}
      >
        <FieldEditor
          schema={bannerText}
          value={form.bannerText}
          path={['banner', 'text']}
          onChange={onChange}
          issues={issues}
        />
        {datesValid ? (
          <dl className="mt-4 grid gap-2 rounded-lg bg-amber-flag/30 p-3 text-sm">
            <dt className="font-semibold">{t('banner.shows')}</dt>
            <dd>{fillPlaceholders(form.bannerText.lt, placeholders('lt'))}</dd>
            <dt className="font-semibold">{t('banner.showsEn')}</dt>
            <dd lang="en">{fillPlaceholders(form.bannerText.en, placeholders('en'))}</dd>
          </dl>
        ) : null}
      </Step>

      <Step
        n={4}
        id="next-year-texts"
        title={t('stale.title', { edition: plan.current.edition, year: plan.current.year })}
        lead={t('stale.lead')}
      >
        {plan.stale.length === 0 ? (
          <p className="text-sm font-semibold text-forest-700">{t('stale.none')}</p>
        ) : (
          <>
            <p className="mb-3 text-sm">
              {t('stale.help', {
                examples: '{{ordinal}}, {{editionTitle}}, {{year}}, {{lastYear}}, {{feast}}',
              })}
            </p>
            <ol className="flex flex-col gap-3">
              {plan.stale.map((entry) => (
                <StaleTextEditor
                  key={`${entry.type}:${entry.path}.${entry.language}`}
                  entry={entry}
                  value={textOf(entry)}
                  found={staleWords(textOf(entry), matcher)}
                  // A page's own values ({{n}}: a photo's number) as the first one.
                  preview={
                    datesValid
                      ? fillPlaceholders(textOf(entry), { n: '1', ...placeholders(entry.language) })
                      : null
                  }
                  onChange={(text) => onText(entry, text)}
                />
              ))}
            </ol>
          </>
        )}
      </Step>

      {refusal ? (
        <div role="alert" className="rounded-xl border border-red-800/30 bg-red-50 p-4 text-sm">
          <p className="font-bold text-red-800">{t('errors.title')}</p>
          <p className="mt-1">{t(refusal.message)}</p>
          {refusal.fields.length ? (
            <ul className="mt-2 list-disc pl-5">
              {refusal.fields.map(({ field, message }) => {
                const [type = '', path = ''] = field.split(':');
                return (
                  <li key={field}>
                    <span className="font-semibold">{t(`errors.part.${type}`, { defaultValue: type })}</span>{' '}
                    <code className="text-xs">{path}</code>: {t(message)}
                  </li>
                );
              })}
            </ul>
          ) : null}
          {refusal.conflict ? (
            <Button type="button" variant="outline" className="mt-3" onClick={onReload}>
              {t('errors.reload')}
            </Button>
          ) : null}
        </div>
      ) : null}

      <section aria-labelledby="next-year-actions" className={panelClasses}>
        <h2 id="next-year-actions" className="text-lg font-bold">
          {t('actions.preview')}
        </h2>
        {dirty ? (
          <p className="mt-1 text-sm text-muted">{t('actions.previewSave')}</p>
        ) : (
          <>
            <p className="mt-1 text-sm text-muted">{t('actions.previewLead')}</p>
            <ul className="mt-3 grid gap-2 sm:grid-cols-3">
              {PREVIEW_PAGES.map(({ page, label }) => (
                <li key={page} className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-semibold">{t(label)}:</span>
                  {(['lt', 'en'] as const).map((lang) => (
                    <a
                      key={lang}
                      href={previewUrl(page, lang)}
                      target="_blank"
                      rel="noopener"
                      aria-label={`${t(label)}: ${t(`content:editor.previewIn.${lang}`)}`}
                      className="rounded-md border border-black/15 px-2 py-1 font-semibold text-ember-700 uppercase hover:border-ember-600"
                    >
                      {lang}
                    </a>
                  ))}
                </li>
              ))}
            </ul>
          </>
        )}
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          <Button
            type="button"
            variant="outline"
            disabled={busy || !dirty}
            onClick={() =>
              void run(async () => {
                if (await save()) void notify('success', t('actions.saved'));
              })
            }
          >
            {t('actions.save')}
          </Button>
          <Button type="button" disabled={busy} onClick={() => void publishAll()}>
            {t('actions.publish')}
          </Button>
        </div>
      </section>
    </div>
  );
}

/** One text of step 4: where it is, the old words it names, the text to rewrite and what it will read. */
function StaleTextEditor({
  entry,
  value,
  found,
  preview,
  onChange,
}: {
  entry: StaleEntry;
  value: string;
  found: string[];
  preview: string | null;
  onChange: (text: string) => void;
}) {
  const { t } = useTranslation('nextYear');
  const id = `stale-${entry.type}-${entry.path}-${entry.language}`.replace(/[^\w-]/g, '-');
  return (
    <li className="rounded-lg border border-black/10 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-semibold">
          {t(`content:types.${entry.type}`, { defaultValue: entry.type })}{' '}
          <span className="font-normal text-muted">
            · <code className="text-xs break-all">{entry.path}</code> ·{' '}
            {t(`content:editor.languages.${entry.language}`)}
          </span>
        </label>
        <a
          href={adminContentPath(entry.type)}
          target="_blank"
          rel="noopener"
          className="text-sm font-semibold text-ember-700 underline underline-offset-2"
        >
          {t('stale.edit')}
        </a>
      </div>
      <p className={found.length ? 'mt-1 text-sm text-red-800' : 'mt-1 text-sm text-forest-700'}>
        {found.length ? t('stale.names', { words: found.join(', ') }) : t('stale.fixed')}
      </p>
      <textarea
        id={id}
        lang={entry.language}
        rows={value.length > 120 ? 4 : 2}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClasses} mt-2 h-auto py-2 leading-relaxed`}
      />
      {preview !== null ? (
        <p className="mt-1 text-sm text-muted" lang={entry.language}>
          <span className="font-semibold">{t('stale.reads')}</span> {preview}
        </p>
      ) : null}
    </li>
  );
}
