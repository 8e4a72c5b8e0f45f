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
  saveNextYearSchema,
} from './api';
import { suggestNextEdition, weekendDates } from './plan';

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

/** The page's form: as saved in the drafts when they hold next year already, else suggested. */
function planOf(rows: Record<NextYearPart, Row>, now: Date): NextYearPlan {
  const published = rows.event.published as EventFacts;
  const draft = rows.event.draft as EventFacts;
  const history = rows.history.draft as History;
  const banner = rows.banner.draft as Banner;
  const year = eventYear(published);
  const prepared = draft.edition > published.edition;
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
    },
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

/**
 * "Prepare next year" in the admin area (issue 30): the plan, and the three drafts saved in
 * one transaction through the content store's ordinary draft path (the editor shows them as
 * drafts too). Publishing them together is the content API's publish-all. The history page
 * is a feature's content type: the app hands it over.
 */
export function nextYearFeature(historyType: ContentType): ServerFeature {
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
          planOf(await readRows(db), scope.ctx.content.now()),
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
            return { versions: saved, missing };
          });
        });
      },
    },
  };
}
