import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { actorOf } from '~/platform/admin/area.server';
import type { ContentType } from '~/platform/content/content-type';
import { saveDraft } from '~/platform/content/store.server';
import type { Database } from '~/platform/db/schema';
import { eventPhase } from '~/platform/event/phase';
import { eventYear, mapLink } from '~/platform/event/format';
import type { ServerFeature } from '~/platform/feature.server';
import { HttpError, parseInput } from '~/platform/http/errors.server';
import { formatMoney } from '~/platform/i18n/format';
import { serverT } from '~/platform/i18n/server-i18n.server';
import { type Banner, bannerContent } from '~/platform/site-content/banner';
import { type EventFacts, eventContent } from '~/platform/site-content/event';
import {
  NEXT_YEAR_ENDPOINTS,
  NEXT_YEAR_TYPES,
  type NextYearForm,
  type NextYearPart,
  type NextYearPlan,
  type NextYearVersions,
  type SavedNextYear,
  type StaleEntry,
  saveNextYearSchema,
} from './api';
import { suggestNextEdition, weekendDates } from './plan';
import { staleTexts, staleWords } from './stale';

type Year = Record<string, unknown> & { year?: unknown };
interface History {
  years: Year[];
}
interface Row {
  draft: unknown;
  draftVersion: number;
  published: unknown;
}

async function readRows(db: Kysely<Database>): Promise<Record<NextYearPart, Row>> {
  const rows = await db
    .selectFrom('content_documents')
    .select(['type', 'draft', 'draft_version', 'published'])
    .where('type', 'in', Object.values(NEXT_YEAR_TYPES))
    .execute();
  const of = (part: NextYearPart): Row => {
    const row = rows.find((r) => r.type === NEXT_YEAR_TYPES[part]);
    if (!row) throw new HttpError(404, 'not_found');
    return { draft: row.draft, draftVersion: row.draft_version, published: row.published };
  };
  return { event: of('event'), history: of('history'), banner: of('banner') };
}

const both = (text: (language: 'lt' | 'en') => string) => ({ lt: text('lt'), en: text('en') });
const blank = { lt: '', en: '' };

/**
 * The history year of the edition in `facts`, from what the facts say: its year, its dates,
 * the place, the prices; the story, the title and the ordinal ("Penktasis renginys") are left
 * for the organiser, the organisers' line is last year's. Photos come later.
 */
function yearOf(facts: EventFacts, previous: Year | undefined): Year {
  const { pitchPerNight, dayAdult, dayChild } = facts.fees;
  return {
    year: eventYear(facts),
    edition: blank,
    title: blank,
    description: blank,
    date: both((language) => weekendDates(facts.start, facts.end, language)),
    location: facts.venue.name,
    price: both((language) =>
      serverT(language)('nextYear:prefill.price', {
        pitchPerNight: formatMoney(pitchPerNight, language),
        dayAdult: formatMoney(dayAdult, language),
        dayChild: formatMoney(dayChild, language),
      }),
    ),
    organizers: (previous?.organizers as object | undefined) ?? blank,
    features: [],
    mapLink: mapLink(facts),
    photos: [],
  };
}

/** A document's rows other than the three: its published text, its draft and version. */
interface TextRow {
  type: string;
  published: unknown;
  draft: unknown;
  draft_version: number;
}

/** The value at `path` ('items.3.answer.lt') of a document, or undefined. */
function textAt(document: unknown, path: string): unknown {
  let node = document;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** The document with `text` at `path`: only a text that is there is replaced. */
function withText(document: unknown, path: string, text: string): unknown {
  const [key = '', ...rest] = path.split('.');
  if (Array.isArray(document)) {
    const copy = [...document];
    copy[Number(key)] = rest.length ? withText(copy[Number(key)], rest.join('.'), text) : text;
    return copy;
  }
  const record = document as Record<string, unknown>;
  return { ...record, [key]: rest.length ? withText(record[key], rest.join('.'), text) : text };
}

/**
 * The published texts that still name the published edition or its year, or the one before
 * (issue 43), in the editor's order of types, with their drafts. The history names years by
 * design; the banner is the form's own step; the facts are what the texts should say instead.
 */
function staleOf(rows: TextRow[], facts: EventFacts, order: readonly string[]): StaleEntry[] {
  const rank = (type: string) => (order.includes(type) ? order.indexOf(type) : order.length);
  const matcher = { edition: facts.edition, year: Number(eventYear(facts)) };
  return [...rows]
    .sort((a, b) => rank(a.type) - rank(b.type) || a.type.localeCompare(b.type))
    .flatMap((row) =>
      staleTexts(row.type, row.published, matcher).map((entry) => {
        const draft = textAt(row.draft, `${entry.path}.${entry.language}`);
        const text = typeof draft === 'string' ? draft : entry.text;
        return { ...entry, draft: text, draftFound: staleWords(text, matcher) };
      }),
    );
}

async function readTextRows(db: Kysely<Database>): Promise<TextRow[]> {
  return db
    .selectFrom('content_documents')
    .select(['type', 'published', 'draft', 'draft_version'])
    .where('type', 'not in', [eventContent.id, NEXT_YEAR_TYPES.history, bannerContent.id])
    .execute();
}

/** The page's form: as saved in the drafts when they hold next year already, else suggested. */
function planOf(
  rows: Record<NextYearPart, Row>,
  now: Date,
  texts: TextRow[],
  order: readonly string[],
): NextYearPlan {
  const published = rows.event.published as EventFacts;
  const draft = rows.event.draft as EventFacts;
  const history = rows.history.draft as History;
  const banner = rows.banner.draft as Banner;
  const year = eventYear(published);
  const prepared = draft.edition > published.edition;
  const stale = staleOf(texts, published, order);
  const saved = prepared ? history.years.find((entry) => entry.year === year) : undefined;
  const next = prepared
    ? { edition: draft.edition, start: draft.start, end: draft.end, registration: draft.registration }
    : suggestNextEdition(published);
  return {
    current: {
      edition: published.edition,
      start: published.start,
      end: published.end,
      year,
      over: eventPhase(published, now).over,
    },
    prepared,
    form: {
      ...next,
      year: saved ?? yearOf(published, history.years[0]),
      bannerText: banner.text,
    },
    versions: {
      event: rows.event.draftVersion,
      history: rows.history.draftVersion,
      banner: rows.banner.draftVersion,
      texts: Object.fromEntries(
        [...new Set(stale.map((entry) => entry.type))].map((type) => [
          type,
          texts.find((row) => row.type === type)!.draft_version,
        ]),
      ),
    },
    facts: draft,
    stale,
  };
}

/** The three drafts the form makes, each from its current draft: only what the form names changes. */
function draftsOf(rows: Record<NextYearPart, Row>, form: NextYearForm) {
  const event = rows.event.draft as EventFacts;
  const history = rows.history.draft as History;
  const banner = rows.banner.draft as Banner;
  return {
    event: {
      ...event,
      edition: form.edition,
      start: form.start,
      end: form.end,
      registration: form.registration,
    },
    // The year first; saved again, it replaces itself rather than appearing twice.
    history: { ...history, years: [form.year, ...history.years.filter((y) => y.year !== form.year.year)] },
    banner: { ...banner, text: form.bannerText },
  };
}

/** A refusal of one of the three, its fields named `<type>:<field>` like a publish of several. */
function named(type: ContentType, error: unknown): unknown {
  if (!(error instanceof HttpError) || !error.extra.fields) return error;
  return new HttpError(error.statusCode, error.code, {
    ...error.extra,
    fields: error.extra.fields.map((field) => ({ ...field, field: `${type.id}:${field.field}` })),
  });
}

/** Step 4's texts into their documents' drafts, each type once, from the version the form saw. */
async function saveTexts(
  trx: Kysely<Database>,
  contentTypes: readonly ContentType[],
  texts: NonNullable<NextYearForm['texts']>,
  base: Record<string, number>,
  saved: Record<string, number>,
  actor: ReturnType<typeof actorOf>,
) {
  const rows = await readTextRows(trx);
  for (const type of new Set(texts.map((text) => text.type))) {
    const contentType = contentTypes.find((candidate) => candidate.id === type);
    const row = rows.find((candidate) => candidate.type === type);
    const baseVersion = base[type];
    if (!contentType || !row || baseVersion === undefined)
      throw new HttpError(400, 'validation', {
        message: 'nextYear:errors.textGone',
        fields: [{ field: `${type}:`, message: 'nextYear:errors.textGone' }],
      });
    let document = row.draft;
    for (const { path, language, text } of texts.filter((entry) => entry.type === type)) {
      if (typeof textAt(document, `${path}.${language}`) !== 'string')
        throw new HttpError(400, 'validation', {
          message: 'nextYear:errors.textGone',
          fields: [{ field: `${type}:${path}.${language}`, message: 'nextYear:errors.textGone' }],
        });
      document = withText(document, `${path}.${language}`, text);
    }
    try {
      saved[type] = (await saveDraft(trx, contentType, document, baseVersion, actor)).draftVersion;
    } catch (error) {
      throw named(contentType, error);
    }
  }
}

/**
 * "Prepare next year" in the admin area (issue 30): the plan, and the three drafts saved in
 * one transaction through the content store's ordinary draft path (the editor shows them as
 * drafts too). Publishing them together is the content API's publish-all. The history page
 * is a feature's content type: the app hands it over.
 */
export function nextYearFeature(
  historyType: ContentType,
  contentTypes: readonly ContentType[] = [],
): ServerFeature {
  const order = contentTypes.map((type) => type.id);
  const types: Record<NextYearPart, ContentType> = {
    event: eventContent,
    history: historyType,
    banner: bannerContent,
  };
  return {
    name: 'nextYear',
    admin: {
      name: 'nextYear',
      routes: (scope: FastifyInstance) => {
        const db = scope.ctx.database.db;

        scope.get(NEXT_YEAR_ENDPOINTS.plan.path, async () =>
          planOf(await readRows(db), scope.ctx.content.now(), await readTextRows(db), order),
        );

        scope.put(NEXT_YEAR_ENDPOINTS.plan.path, { bodyLimit: 256 * 1024 }, async (request) => {
          const { form, versions } = parseInput(saveNextYearSchema, request.body);
          const actor = actorOf(request);
          return db.transaction().execute(async (trx): Promise<SavedNextYear> => {
            const documents = draftsOf(await readRows(trx), form);
            const saved = {} as NextYearVersions;
            const missing: SavedNextYear['missing'] = [];
            for (const part of ['event', 'history', 'banner'] as const) {
              const type = types[part];
              try {
                const result = await saveDraft(trx, type, documents[part], versions[part], actor);
                saved[part] = result.draftVersion;
                missing.push(...result.missing.map((m) => ({ ...m, field: `${type.id}:${m.field}` })));
              } catch (error) {
                throw named(type, error);
              }
            }
            saved.texts = { ...versions.texts };
            await saveTexts(trx, contentTypes, form.texts, versions.texts ?? {}, saved.texts, actor);
            return { versions: saved, missing };
          });
        });
      },
    },
  };
}
