import { sql } from 'kysely';
import { contentOf } from '~/platform/content/content-type';
import { listEditions } from '~/platform/event/editions.server';
import type { AppContext } from '~/platform/http/app-context.server';
import { API_MESSAGES } from '~/platform/http/api';
import { HttpError } from '~/platform/http/errors.server';
import { dateTimeFormat, EVENT_TIME_ZONE } from '~/platform/i18n/format';
import { eventContent } from '~/platform/site-content/event';
import type { EditionChoices } from './edition';

/** The edition an admin view shows: its number, or null for the rows of no edition. */
export type EditionFilter = number | null;

/** The edition of the published event facts (the default everywhere in the admin area). */
const currentEdition = (ctx: AppContext) => contentOf(ctx.content.content, eventContent).edition;

const unknownEdition = () =>
  new HttpError(400, 'validation', {
    message: API_MESSAGES.validation,
    fields: [{ field: 'edition', message: 'admin:editions.errors.unknown' }],
  });

/** `?edition=` (already checked by `editionParam`) → the edition to filter by; unknown → 400. */
export async function resolveEdition(ctx: AppContext, asked: string | undefined): Promise<EditionFilter> {
  if (asked === undefined || asked === '') return currentEdition(ctx);
  if (asked === 'none') return null;
  const edition = Number(asked);
  if (edition === currentEdition(ctx)) return edition;
  const known = await ctx.database.db
    .selectFrom('editions')
    .select('edition')
    .where('edition', '=', edition)
    .executeTakeFirst();
  if (!known) throw unknownEdition();
  return edition;
}

/** `column` is of the edition asked for (`edition is null` for none). */
export const ofEdition = (column: string, edition: EditionFilter) =>
  edition === null ? sql<boolean>`${sql.ref(column)} is null` : sql<boolean>`${sql.ref(column)} = ${edition}`;

/**
 * The editions to choose from: every published one, newest first, with the year its weekend
 * starts in (UK time), and how many rows of `tables` belong to none.
 */
export async function editionChoices(ctx: AppContext, tables: readonly string[]): Promise<EditionChoices> {
  const db = ctx.database.db;
  const editions = (await listEditions(db)).map((row) => ({
    edition: row.edition,
    year: Number(
      dateTimeFormat('en-GB', { year: 'numeric', timeZone: EVENT_TIME_ZONE }).format(new Date(row.starts_at)),
    ),
  }));
  const counts = await Promise.all(
    tables.map(
      async (table) =>
        (
          await sql<{
            n: number;
          }>`select count(*)::int as n from ${sql.table(table)} where edition is null`.execute(db)
        ).rows[0]!.n,
    ),
  );
  return {
    current: currentEdition(ctx),
    editions,
    none: counts.reduce((sum, n) => sum + Number(n), 0),
  };
}
