import type { FastifyInstance, FastifyReply } from 'fastify';
import { withoutInvisibleCharacters } from '~/platform/http/control-characters';
import { type Expression, sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '~/platform/db/schema';
import { HttpError, parseInput } from '~/platform/http/errors.server';
import { type CsvColumn, sendCsv, toCsv } from './csv.server';
import { type EditionFilter, ofEdition, resolveEdition } from './edition.server';
import type { AppContext } from '~/platform/http/app-context.server';
import { type AdminListDefinition, adminListUrl, listQuerySchema, type ListPage, PAGE_SIZE } from './section';

/** Largest CSV export; far above what a volunteer event collects. */
const EXPORT_LIMIT = 50_000;

/**
 * Where an admin list's records come from. Every list is read the same way: newest first,
 * one search text matched (case-insensitively, as text) against `search`, one filter value
 * compared with `filterColumn`, a page at a time; `toRow` shapes a record for the browser.
 */
export interface AdminListSource<Row> {
  list: AdminListDefinition;
  table: keyof Database & string;
  /** Columns to read (also what `toRow` receives). */
  columns: readonly string[];
  /** SQL expressions searched with ILIKE; written in code, never from a request. */
  search: readonly string[];
  /**
   * The column the filter's value is compared with; by value, when the filter mixes kinds
   * (a column and its values, or a condition written in code).
   */
  filterColumn:
    string | ((value: string) => { column: string; values: readonly string[] } | Expression<SqlBool>);
  /** Tie-break for records created in the same instant: a growing id sorts newest first. */
  newestIdFirst?: boolean;
  toRow: (record: Record<string, unknown>) => Row;
  /** Adds what lives in other tables (e.g. an order's items), for a page of rows at once. */
  attach?: (db: Kysely<Database>, rows: Row[]) => Promise<Row[]>;
  /** The CSV export's columns. */
  csv: CsvColumn<Row>[];
}

interface ListFilter {
  q: string;
  status: string;
  /** Only records of this edition (null: of none); left out, every record. */
  edition?: EditionFilter;
  limit: number;
  offset: number;
}

/** Dates as ISO strings for JSON (the database drivers give Date objects, or strings). */
export const isoDate = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString();

/** The one list query every admin list uses. */
async function queryList<Row>(
  db: Kysely<Database>,
  source: AdminListSource<Row>,
  filter: ListFilter,
): Promise<{ rows: Row[]; total: number }> {
  const conditions = [sql`true`];
  if (filter.q) {
    const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(${sql.join(
        [
          ...source.search.map((column) => sql`(${sql.raw(column)})::text ilike ${pattern}`),
          // A record's id finds it (the audit log links to records this way).
          sql`id::text = ${filter.q.trim()}`,
        ],
        sql` or `,
      )})`,
    );
  }
  if (filter.status) {
    const chosen =
      typeof source.filterColumn === 'string'
        ? { column: source.filterColumn, values: [filter.status] }
        : source.filterColumn(filter.status);
    conditions.push(
      'column' in chosen
        ? sql`${sql.ref(chosen.column)} in (${sql.join(chosen.values.map((value) => sql`${value}`))})`
        : sql`${chosen}`,
    );
  }
  if (filter.edition !== undefined) conditions.push(ofEdition('edition', filter.edition));
  const where = sql.join(conditions, sql` and `);
  const table = sql.table(source.table);
  const [{ total }] = (
    await sql<{ total: number }>`select count(*)::int as total from ${table} where ${where}`.execute(db)
  ).rows as [{ total: number }];
  const records = await sql<Record<string, unknown>>`select ${sql.join(
    source.columns.map((column) => sql.ref(column)),
  )} from ${table} where ${where}
    order by created_at desc, id ${sql.raw(source.newestIdFirst ? 'desc' : 'asc')}
    limit ${filter.limit} offset ${filter.offset}`.execute(db);
  const rows = records.rows.map(source.toRow);
  return {
    rows: source.attach && rows.length > 0 ? await source.attach(db, rows) : rows,
    total: Number(total),
  };
}

/** A row's texts without direction controls or invisible characters (issue 42, item 5). */
function shownSafely<Row>(row: Row): Row {
  return Object.fromEntries(
    Object.entries(row as object).map(([key, value]) => [
      key,
      typeof value === 'string' ? withoutInvisibleCharacters(value) : value,
    ]),
  ) as Row;
}

/** One page of a list as the admin sees it. */
async function pageOf<Row>(
  db: Kysely<Database>,
  source: AdminListSource<Row>,
  query: { page: number; q: string; status: string; edition?: EditionFilter },
): Promise<ListPage<Row>> {
  const offset = (query.page - 1) * PAGE_SIZE;
  const { rows, total } = await queryList(db, source, { ...query, limit: PAGE_SIZE, offset });
  return { rows: rows.map(shownSafely), total, page: query.page, pageSize: PAGE_SIZE };
}

/**
 * A page of a list for an admin page's loader (decision 0052), from the query in the page's
 * address: what is not a query (a malformed value, a filter the list does not offer, an
 * unknown edition) is left out, so an edited address shows a list, never an error.
 */
export async function listPageFor<Row>(
  ctx: AppContext,
  source: AdminListSource<Row>,
  params: URLSearchParams,
): Promise<ListPage<Row>> {
  const read = (name: string) => {
    const value = params.get(name);
    return value === null ? undefined : value;
  };
  const parsed = listQuerySchema.safeParse({
    page: read('page'),
    q: read('q'),
    status: read('status'),
    edition: read('edition'),
  });
  const query = parsed.success ? parsed.data : listQuerySchema.parse({});
  const status = source.list.filters.includes(query.status) ? query.status : '';
  const edition = source.list.byEdition
    ? await resolveEdition(ctx, query.edition).catch(() => resolveEdition(ctx, undefined))
    : undefined;
  return pageOf(ctx.database.db, source, { ...query, status, edition });
}

/** GET /api/admin/<list> (a page of JSON) and /api/admin/<list>.csv (everything matching). */
export function registerAdminList<Row>(scope: FastifyInstance, source: AdminListSource<Row>) {
  const { list } = source;
  const readQuery = async (query: unknown) => {
    const parsed = parseInput(listQuerySchema, query);
    if (parsed.status && !list.filters.includes(parsed.status)) throw new HttpError(400, 'invalid_filter');
    // An edition-bound list shows one edition (the current one unless asked): issue 30.
    const edition = list.byEdition ? await resolveEdition(scope.ctx, parsed.edition) : undefined;
    return { ...parsed, edition };
  };
  scope.get(adminListUrl(list), async (request) =>
    pageOf(scope.ctx.database.db, source, await readQuery(request.query)),
  );
  scope.get(adminListUrl(list, 'csv'), async (request, reply: FastifyReply) => {
    const query = await readQuery(request.query);
    const { rows } = await queryList(scope.ctx.database.db, source, {
      ...query,
      limit: EXPORT_LIMIT,
      offset: 0,
    });
    return sendCsv(reply, list.name, query.lang, toCsv(source.csv, rows, query.lang));
  });
}
