import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import { withoutInvisibleCharacters } from '~/platform/http/control-characters';
import { dateTimeFormat, EVENT_TIME_ZONE } from '~/platform/i18n/format';
import { serverT } from '~/platform/i18n/server-i18n.server';
import type { KeyIn } from '~/platform/i18n/keys';

type Cell = string | number | null;

/** How a stored value reads in the CSV's language: `admin:values.<group>.<value>`, or the value itself. */
type Label = (group: string, value: string) => string;

export interface CsvColumn<Row> {
  /** Key of the column title in the admin pack. */
  header: KeyIn<'admin'>;
  value: (row: Row, label: Label, lang: 'lt' | 'en') => Cell;
}

/** "2026-08-15 14:30" in UK time: sortable, and read as a date by every spreadsheet. */
export const csvDateTime = (value: string | null) =>
  value === null
    ? null
    : dateTimeFormat('sv-SE', {
        timeZone: EVENT_TIME_ZONE,
        dateStyle: 'short',
        timeStyle: 'short',
      }).format(new Date(value));

/** Pence → pounds as a number (spreadsheets sum it). */
export const csvPounds = (pence: number) => pence / 100;

/** A phone number as people type it: only digits, spaces, + - ( ) — if evaluated, plain arithmetic. */
const PHONE = /^\+?\(?[0-9][0-9 ()-]{4,23}[0-9]$/;

/**
 * Where a spreadsheet might start a new cell: the separators of a comma (en-GB) or semicolon
 * (Lithuanian list settings) or tab reading, a line break, and a quote that a reader splitting
 * on another separator takes for the start of a quoted cell.
 */
const CELL_START = '(^|[;,\\t\\r\\n"])';
/** What makes a formula (= + - @, and the full-width forms Apple Numbers folds into them). */
const FORMULA = '[=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20]';
const FORMULA_AT_CELL_START = new RegExp(`${CELL_START}(\\s*)(?=${FORMULA})`, 'gu');

/**
 * OWASP's neutralising apostrophe before every formula character that starts a cell in any of
 * those readings, not only the first (issue 28, finding 10: `Jonas;=1+1` read with ';' was a
 * live formula). A phone number is left as typed: it cannot call a function or a cell.
 */
function neutraliseFormulas(value: string): string {
  if (PHONE.test(value)) return value;
  const inert = value.replace(FORMULA_AT_CELL_START, "$1$2'");
  return /^[\t\r]/.test(inert) ? `'${inert}` : inert;
}

/**
 * Quoted whenever a reader could split it or take it for a formula: a separator of any
 * reading, a quote, a line break, or a formula character (or its apostrophe) at its start.
 */
const QUOTED = [/[;,"\t\r\n]/, new RegExp(`^\\s*(['\\t\\r]|${FORMULA})`, 'u')];

/**
 * A list as CSV for spreadsheets: UTF-8 with a BOM (so Excel shows ą, č, ę… correctly), the
 * column titles on the first line (a spreadsheet's filter and sort take them as the header,
 * issue 43) and, as the title of a last, empty column, the note that the file holds personal
 * data (data minimisation: whoever finds the file later is told, on its first line); stored
 * values in the admin's language, and no text that a spreadsheet splitting on ',' or ';'
 * would run as a formula (`neutraliseFormulas`).
 */
export function toCsv<Row>(
  columns: CsvColumn<Row>[],
  rows: Row[],
  lang: 'lt' | 'en',
  // A file of counts only (the food counts) holds no personal data and says none.
  { personalData = true }: { personalData?: boolean } = {},
): string {
  const t = serverT(lang);
  const label: Label = (group, value) => t(`admin:values.${group}.${value}`, { defaultValue: value });
  const note = personalData ? [t('admin:csv.personalData')] : [];
  const header = [...columns.map((column) => t(`admin:${column.header}`)), ...note];
  const records = rows.map((row) => [
    ...columns.map((column) => column.value(row, label, lang)),
    ...note.map(() => null),
  ]);
  return stringify([header, ...records], {
    bom: true,
    // Text only: numbers (amounts, counts) are written as numbers. Direction controls and
    // invisible characters go first (a row stored before the forms refused them: issue 42,
    // item 5), so neither can reorder a cell nor hide a formula character behind them.
    cast: { string: (value) => neutraliseFormulas(withoutInvisibleCharacters(value)) },
    quoted_match: QUOTED,
    record_delimiter: 'windows',
  });
}

function csvFileName(list: string, lang: 'lt' | 'en', now = new Date()): string {
  const day = dateTimeFormat('sv-SE', { timeZone: EVENT_TIME_ZONE, dateStyle: 'short' }).format(now);
  return `${serverT(lang)(`admin:csv.fileNames.${list}`, { defaultValue: list })}-${day}.csv`;
}

/** Sends a CSV file as a download named in the admin's language, never cached. */
export function sendCsv(reply: FastifyReply, name: string, lang: 'lt' | 'en', body: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${name}.csv"; filename*=UTF-8''${encodeURIComponent(csvFileName(name, lang))}`,
    )
    .header('cache-control', 'no-store')
    .send(body);
}
