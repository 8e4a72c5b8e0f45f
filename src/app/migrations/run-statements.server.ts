import { type Kysely, sql } from 'kysely';

/** Runs SQL statements one by one (PGlite's extended protocol takes one statement a call). */
export async function runStatements(db: Kysely<unknown>, statements: readonly string[]) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
