import type { Kysely } from 'kysely';
import type { Database } from '~/platform/db/schema';
import { type ContentType, shapeVersion } from './content-type';
import { validateContent } from './validate';

/** A document that cannot be brought to its type's shape: the start stops with this line. */
export class ContentUpgradeError extends Error {}

/**
 * Brings every stored document of an older shape up to its type's current one: the draft,
 * the published data and every kept version (so restoring an old version gives today's shape),
 * in one transaction, all or nothing. Rows are locked, so instances starting at once upgrade
 * each document once; a document already current is left alone (idempotent). A published
 * document that is not valid after its upgrades stops the start, naming the type, before
 * anything is written. Returns the types upgraded.
 */
export async function upgradeContent(db: Kysely<Database>, types: readonly ContentType[]): Promise<string[]> {
  const byId = new Map(types.map((type) => [type.id, type]));
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('content_documents')
      .select(['type', 'draft', 'published', 'schema_version'])
      .orderBy('type')
      .forUpdate()
      .execute();
    const upgraded: string[] = [];
    for (const row of rows) {
      const type = byId.get(row.type);
      if (!type) continue; // a type this release no longer has: kept as it is
      const target = shapeVersion(type);
      if (row.schema_version === target) continue;
      if (row.schema_version > target)
        throw new ContentUpgradeError(
          `The content "${type.id}" was saved by a newer release (shape ${row.schema_version}, this one knows ${target}): restore the backup taken before the upgrade, or run the newer release.`,
        );
      const upgrade = (document: unknown) => {
        let result = structuredClone(document);
        for (let version = row.schema_version; version < target; version++)
          result = type.upgrades![version]!(result);
        return result;
      };
      const published = upgrade(row.published);
      const { errors, missing } = validateContent(type, published);
      if (errors.length > 0 || missing.length > 0)
        throw new ContentUpgradeError(
          `The content "${type.id}" is not valid after its upgrade to shape ${target}: ${JSON.stringify([...errors, ...missing]).slice(0, 300)}`,
        );
      await trx
        .updateTable('content_documents')
        .set({
          draft: JSON.stringify(upgrade(row.draft)),
          published: JSON.stringify(published),
          schema_version: target,
        })
        .where('type', '=', type.id)
        .execute();
      const versions = await trx
        .selectFrom('content_versions')
        .select(['version', 'data'])
        .where('type', '=', type.id)
        .execute();
      for (const kept of versions)
        await trx
          .updateTable('content_versions')
          .set({ data: JSON.stringify(upgrade(kept.data)) })
          .where('type', '=', type.id)
          .where('version', '=', kept.version)
          .execute();
      upgraded.push(type.id);
    }
    return upgraded;
  });
}
