import { type Kysely, sql } from 'kysely';
import { type AuditActor, writeAudit } from '~/platform/auth/audit.server';
import type { Database } from '~/platform/db/schema';
import type { FieldError } from '~/platform/http/api';
import { HttpError } from '~/platform/http/errors.server';
import {
  type ContentOf,
  type ContentType,
  type MediaInfo,
  type SiteContent,
  shapeVersion,
} from './content-type';
import { richTextProblems } from './rich-text-loader';
import { validateContent, type Validation } from './validate';
import { SEED_AUTHOR } from './api';

/**
 * Content documents in the database: each type has one draft and one published version;
 * every publish is kept (content_versions) and audited. Saving and publishing name the
 * version they start from, so a second organiser's save never silently overwrites the
 * first's (409 'content_changed').
 */

/**
 * The schema's checks, and the formatted texts' (nesting, links), which need the Markdown
 * parser and so run on the server only.
 */
function validateOnServer(type: ContentType, data: unknown): Validation {
  const { errors, missing } = validateContent(type, data);
  return { errors: [...errors, ...richTextProblems(type, data)], missing };
}

export interface ContentSeed {
  type: ContentType;
  /** The first content (read when the type has none yet): what the site shows before anyone edits it. */
  initial: () => unknown;
}

/**
 * Puts each type's first content in place where there is none yet; never overwrites. Only the
 * types the database lacks are read and checked: checking them all (the Markdown parser over
 * every formatted text) was a sixth of a restart's CPU.
 */
export async function seedContent(db: Kysely<Database>, seeds: readonly ContentSeed[]): Promise<string[]> {
  const present = new Set(
    (await db.selectFrom('content_documents').select('type').execute()).map((row) => row.type),
  );
  const seeded: string[] = [];
  for (const { type, initial: read } of seeds) {
    if (present.has(type.id)) continue;
    const initial = read();
    const { errors, missing } = validateOnServer(type, initial);
    if (errors.length || missing.length) {
      throw new Error(
        `The initial content of ${type.id} is not valid: ${JSON.stringify([...errors, ...missing])}`,
      );
    }
    const data = JSON.stringify(initial);
    const inserted = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('content_documents')
        .values({
          type: type.id,
          draft: data,
          published: data,
          schema_version: shapeVersion(type),
          draft_saved_by: SEED_AUTHOR,
          published_by: SEED_AUTHOR,
        })
        .onConflict((oc) => oc.column('type').doNothing())
        .returning('type')
        .executeTakeFirst();
      if (row) {
        await trx
          .insertInto('content_versions')
          .values({ type: type.id, version: 1, data, published_by: SEED_AUTHOR })
          .execute();
      }
      return row !== undefined;
    });
    if (inserted) seeded.push(type.id);
  }
  return seeded;
}

/** The uploaded photos' sizes (the pages need them to write their `srcset`). */
export async function loadMedia(db: Kysely<Database>): Promise<Record<string, MediaInfo>> {
  const rows = await db
    .selectFrom('media')
    .innerJoin('media_variants', 'media_variants.media_id', 'media.id')
    .select([
      'media.id',
      'media.width',
      'media.height',
      'media_variants.name',
      'media_variants.width as variant_width',
    ])
    .execute();
  const media: Record<string, MediaInfo> = {};
  for (const row of rows) {
    const info = (media[row.id] ??= { width: row.width, height: row.height, variants: {} });
    info.variants[row.name] = row.variant_width;
  }
  return media;
}

/** Everything published, as the pages are rendered from it. */
export async function loadSiteContent(db: Kysely<Database>): Promise<SiteContent> {
  const [documents, media] = await Promise.all([
    db.selectFrom('content_documents').select(['type', 'published', 'published_version']).execute(),
    loadMedia(db),
  ]);
  return {
    version: documents.reduce((sum, d) => sum + d.published_version, 0),
    documents: Object.fromEntries(documents.map((d) => [d.type, d.published])),
    media,
  };
}

/**
 * One type's published content as committed now, read in `db` (a transaction: as of its
 * statement). This instance's copy (ContentService) follows a publish on another instance a
 * moment later; a decision that must obey the last publish at once reads this (issue 42).
 */
export async function readPublished<T extends ContentType>(
  db: Kysely<Database>,
  type: T,
): Promise<ContentOf<T>> {
  const row = await db
    .selectFrom('content_documents')
    .select('published')
    .where('type', '=', type.id)
    .executeTakeFirst();
  if (!row) throw new Error(`No content of type ${type.id}: was it seeded?`);
  return row.published as ContentOf<T>;
}

export interface ContentDocument {
  type: string;
  draft: unknown;
  draftVersion: number;
  draftSavedAt: string;
  draftSavedBy: string | null;
  published: unknown;
  publishedVersion: number;
  publishedAt: string;
  publishedBy: string | null;
  /** The draft differs from what is published. */
  unpublishedChanges: boolean;
  versions: Array<{ version: number; publishedAt: string; publishedBy: string | null }>;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export async function readDocument(db: Kysely<Database>, type: ContentType): Promise<ContentDocument> {
  const row = await db
    .selectFrom('content_documents')
    .selectAll()
    .where('type', '=', type.id)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, 'not_found');
  const versions = await db
    .selectFrom('content_versions')
    .select(['version', 'published_at', 'published_by'])
    .where('type', '=', type.id)
    .orderBy('version', 'desc')
    .limit(100)
    .execute();
  return {
    type: type.id,
    draft: row.draft,
    draftVersion: row.draft_version,
    draftSavedAt: iso(row.draft_saved_at),
    draftSavedBy: row.draft_saved_by,
    published: row.published,
    publishedVersion: row.published_version,
    publishedAt: iso(row.published_at),
    publishedBy: row.published_by,
    unpublishedChanges: JSON.stringify(row.draft) !== JSON.stringify(row.published),
    versions: versions.map((v) => ({
      version: v.version,
      publishedAt: iso(v.published_at),
      publishedBy: v.published_by,
    })),
  };
}

export interface ContentSummary {
  type: string;
  draftVersion: number;
  publishedVersion: number;
  publishedAt: string;
  unpublishedChanges: boolean;
}

export async function listDocuments(db: Kysely<Database>): Promise<ContentSummary[]> {
  const rows = await db
    .selectFrom('content_documents')
    .select(['type', 'draft_version', 'published_version', 'published_at'])
    .select(sql<boolean>`draft <> published`.as('changed'))
    .execute();
  return rows.map((r) => ({
    type: r.type,
    draftVersion: r.draft_version,
    publishedVersion: r.published_version,
    publishedAt: iso(r.published_at),
    unpublishedChanges: Boolean(r.changed),
  }));
}

const conflict = () => new HttpError(409, 'content_changed', { message: 'content:errors.changedMeanwhile' });

/** Replaces the draft if it is still at `baseVersion`: its new version, or nothing when it moved on. */
function writeDraft(
  db: Kysely<Database>,
  type: ContentType,
  data: unknown,
  baseVersion: number,
  actor: AuditActor,
) {
  return db
    .updateTable('content_documents')
    .set({
      draft: JSON.stringify(data),
      draft_version: sql<number>`draft_version + 1`,
      draft_saved_at: sql<Date>`now()`,
      draft_saved_by: actor.label,
    })
    .where('type', '=', type.id)
    .where('draft_version', '=', baseVersion)
    .returning(['draft_version'])
    .executeTakeFirst();
}

/**
 * Saves a draft made from draft version `baseVersion`. Refused (400) when something is
 * wrong beyond a missing text; the missing texts are returned, to be filled before publishing.
 */
export async function saveDraft(
  db: Kysely<Database>,
  type: ContentType,
  data: unknown,
  baseVersion: number,
  actor: AuditActor,
) {
  const { errors, missing } = validateOnServer(type, data);
  if (errors.length) {
    throw new HttpError(400, 'validation', { message: 'content:errors.summary', fields: errors });
  }
  const row = await writeDraft(db, type, data, baseVersion, actor);
  if (!row) throw await missingOrConflict(db, type);
  return { draftVersion: row.draft_version, missing };
}

async function missingOrConflict(db: Kysely<Database>, type: ContentType): Promise<HttpError> {
  const exists = await db
    .selectFrom('content_documents')
    .select('type')
    .where('type', '=', type.id)
    .executeTakeFirst();
  return exists ? conflict() : new HttpError(404, 'not_found');
}

/**
 * Checks a document about to be published beyond its schema: the pages that show it are
 * rendered with it (platform/render), and a page that cannot be rendered refuses it.
 */
export type PublishCheck = (published: unknown) => Promise<void>;

/** 422 'content_unrenderable': a page cannot be rendered with this content. */
export const unrenderable = () =>
  new HttpError(422, 'content_unrenderable', { message: 'content:errors.unrenderable' });

/**
 * Publishes the draft (as saved at `baseVersion`): refused with the fields when a required
 * text is empty in either language or a formatted text cannot be published, and (422) when
 * `check` (the pages rendered with it) fails. Keeps the version and audits it.
 */
export async function publishDraft(
  db: Kysely<Database>,
  type: ContentType,
  baseVersion: number,
  actor: AuditActor,
  /** Brings other tables in line with what is published, in the same transaction. */
  follow?: (trx: Kysely<Database>, published: unknown) => Promise<void>,
  check?: PublishCheck,
) {
  const [result] = await publish(
    db,
    [{ type, baseVersion, follow }],
    actor,
    check && ((documents) => check(documents.get(type.id))),
    (_type, field) => field,
  );
  return result!;
}

/** One draft of a publish of several ({@link publishDrafts}). */
export interface DraftToPublish {
  type: ContentType;
  baseVersion: number;
  follow?: (trx: Kysely<Database>, published: unknown) => Promise<void>;
}

/**
 * Publishes several drafts together (issue 30, next year: the event facts, the history and
 * the banner), all or nothing: each is checked like {@link publishDraft}, `check` sees them
 * all at once (type id → what would be published), and one transaction publishes them, with
 * their versions, audits and followers; a conflict or a failure in any publishes none. A
 * field in a refusal is named `<type>:<field>` ('banner:text.en').
 */
export function publishDrafts(
  db: Kysely<Database>,
  drafts: readonly DraftToPublish[],
  actor: AuditActor,
  check?: (documents: ReadonlyMap<string, unknown>) => Promise<void>,
) {
  return publish(db, drafts, actor, check, (type, field) => `${type.id}:${field}`);
}

async function publish(
  db: Kysely<Database>,
  drafts: readonly DraftToPublish[],
  actor: AuditActor,
  check: ((documents: ReadonlyMap<string, unknown>) => Promise<void>) | undefined,
  fieldName: (type: ContentType, field: string) => string,
): Promise<Array<{ type: string; publishedVersion: number }>> {
  // Checked before the transaction, so rendering holds no lock: the draft of one version
  // never changes, and the transaction publishes only if each draft is still that version.
  const rows = await db
    .selectFrom('content_documents')
    .select(['type', 'draft', 'draft_version'])
    .where(
      'type',
      'in',
      drafts.map((d) => d.type.id),
    )
    .execute();
  const byType = new Map(rows.map((row) => [row.type, row]));
  const problems: FieldError[] = [];
  const documents = new Map<string, unknown>();
  for (const { type, baseVersion } of drafts) {
    const draft = byType.get(type.id);
    if (!draft) throw new HttpError(404, 'not_found');
    if (draft.draft_version !== baseVersion) throw conflict();
    const { errors, missing } = validateOnServer(type, draft.draft);
    for (const problem of [...errors, ...missing])
      problems.push({ ...problem, field: fieldName(type, problem.field) });
    // Normalised through the schema (trimmed texts…), exactly what the pages will show.
    if (!errors.length && !missing.length) documents.set(type.id, type.schema.parse(draft.draft));
  }
  if (problems.length) {
    throw new HttpError(422, 'content_incomplete', {
      message: 'content:errors.incomplete',
      fields: problems,
    });
  }
  await check?.(documents);
  return db.transaction().execute(async (trx) => {
    // Every row locked at once, in one order, so two publishes of several never deadlock.
    const locked = await trx
      .selectFrom('content_documents')
      .select(['type', 'draft_version', 'published_version'])
      .where(
        'type',
        'in',
        drafts.map((d) => d.type.id),
      )
      .orderBy('type')
      .forUpdate()
      .execute();
    const lockedByType = new Map(locked.map((row) => [row.type, row]));
    const results: Array<{ type: string; publishedVersion: number }> = [];
    for (const { type, baseVersion, follow } of drafts) {
      const row = lockedByType.get(type.id);
      if (!row) throw new HttpError(404, 'not_found');
      if (row.draft_version !== baseVersion) throw conflict();
      const published = documents.get(type.id);
      const data = JSON.stringify(published);
      const version = row.published_version + 1;
      await trx
        .updateTable('content_documents')
        .set({
          draft: data,
          published: data,
          published_version: version,
          published_at: sql<Date>`now()`,
          published_by: actor.label,
        })
        .where('type', '=', type.id)
        .execute();
      await trx
        .insertInto('content_versions')
        .values({ type: type.id, version, data, published_by: actor.label })
        .execute();
      await writeAudit(trx, actor, {
        action: 'content.publish',
        entity: 'content',
        entityId: type.id,
        details: drafts.length > 1 ? { version, together: drafts.map((d) => d.type.id) } : { version },
      });
      await follow?.(trx, published);
      results.push({ type: type.id, publishedVersion: version });
    }
    return results;
  });
}

export async function readVersion(db: Kysely<Database>, type: ContentType, version: number) {
  const row = await db
    .selectFrom('content_versions')
    .select(['version', 'data', 'published_at', 'published_by'])
    .where('type', '=', type.id)
    .where('version', '=', version)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, 'not_found');
  return {
    version: row.version,
    data: row.data,
    publishedAt: iso(row.published_at),
    publishedBy: row.published_by,
  };
}

/** Puts an earlier published version back into the draft (publish it to make it live). */
export async function restoreVersion(
  db: Kysely<Database>,
  type: ContentType,
  version: number,
  baseVersion: number,
  actor: AuditActor,
) {
  const { data } = await readVersion(db, type, version);
  return db.transaction().execute(async (trx) => {
    const row = await writeDraft(trx, type, data, baseVersion, actor);
    if (!row) throw conflict();
    await writeAudit(trx, actor, {
      action: 'content.restore',
      entity: 'content',
      entityId: type.id,
      details: { version },
    });
    return { draftVersion: row.draft_version };
  });
}
