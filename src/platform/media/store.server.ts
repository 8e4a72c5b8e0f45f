import type { Kysely } from 'kysely';
import { type AuditActor, writeAudit } from '~/platform/auth/audit.server';
import type { Database } from '~/platform/db/schema';
import type { MediaItem, MediaVariantName } from './api';
import type { ProcessedPhoto } from './process.server';

/**
 * Uploaded photos live in the database (table `media`, their sizes in `media_variants`), so
 * a backup holds them and every server instance serves them. The same file uploaded twice
 * is kept once (its SHA-256), also when both uploads arrive at once, on one instance or two:
 * the insert does nothing on a conflict, waiting for the other upload to commit, and the
 * photo it stored is the answer (issue 28, finding 14a: a select then an insert gave the
 * loser a duplicate-key 500).
 */
export async function saveMedia(
  db: Kysely<Database>,
  photo: ProcessedPhoto,
  originalName: string,
  actor: AuditActor,
): Promise<{ id: string; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('media')
      .values({
        sha256: photo.sha256,
        original_name: originalName.slice(0, 200),
        width: photo.width,
        height: photo.height,
        uploaded_by: actor.label,
      })
      .onConflict((oc) => oc.column('sha256').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      // Read committed: this statement sees the row the conflicting upload committed.
      const existing = await trx
        .selectFrom('media')
        .select('id')
        .where('sha256', '=', photo.sha256)
        .executeTakeFirstOrThrow();
      return { id: existing.id, created: false };
    }
    const { id } = inserted;
    await trx
      .insertInto('media_variants')
      .values(photo.variants.map((v) => ({ media_id: id, ...v })))
      .execute();
    await writeAudit(trx, actor, {
      action: 'media.uploaded',
      entity: 'media',
      entityId: id,
      details: { name: originalName.slice(0, 200), width: photo.width, height: photo.height },
    });
    return { id, created: true };
  });
}

export async function listMedia(db: Kysely<Database>): Promise<MediaItem[]> {
  const rows = await db
    .selectFrom('media')
    .select(['id', 'original_name', 'width', 'height', 'created_at'])
    .orderBy('created_at', 'desc')
    .limit(2000)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    originalName: row.original_name,
    width: row.width,
    height: row.height,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** One size of a photo, with when it was stored (its bytes never change after). */
export async function readVariant(
  db: Kysely<Database>,
  id: string,
  name: MediaVariantName,
): Promise<{ bytes: Uint8Array; createdAt: Date } | undefined> {
  const row = await db
    .selectFrom('media_variants')
    .innerJoin('media', 'media.id', 'media_variants.media_id')
    .select(['media_variants.bytes', 'media.created_at'])
    .where('media_variants.media_id', '=', id)
    .where('media_variants.name', '=', name)
    .executeTakeFirst();
  return row && { bytes: row.bytes, createdAt: new Date(row.created_at) };
}
