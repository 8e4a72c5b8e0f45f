import { stringify } from 'csv-stringify/sync';
import { dateTimeFormat, EVENT_TIME_ZONE } from '~/platform/i18n/format';
import { serverT } from '~/platform/i18n/server-i18n.server';

type Cell = string | number | null;

/** How a stored value reads in the CSV's language: `admin:values.<group>.<value>`, or the value itself. */
export type Label = (group: string, value: string) => string;

export interface CsvColumn<Row> {
  /** Key of the column title in the admin pack. */
  header: string;
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

/**
 * A list as CSV for spreadsheets: UTF-8 with a BOM (so Excel shows ą, č, ę… correctly), a
 * first line saying the file holds personal data (data minimisation: whoever finds the file
 * later is told), column titles and stored values in the admin's language, and every cell
 * that starts with = + - @ tab or CR prefixed with ' so a spreadsheet never runs it as a formula.
 */
export function toCsv<Row>(columns: CsvColumn<Row>[], rows: Row[], lang: 'lt' | 'en'): string {
  const t = serverT(lang);
  const label: Label = (group, value) => t(`admin:values.${group}.${value}`, { defaultValue: value });
  const header = columns.map((column) => t(`admin:${column.header}`));
  const records = rows.map((row) => columns.map((column) => column.value(row, label, lang)));
  const notice = [t('admin:csv.personalData')];
  return stringify([notice, header, ...records], {
    bom: true,
    escape_formulas: true,
    record_delimiter: 'windows',
  });
}

export function csvFileName(list: string, lang: 'lt' | 'en', now = new Date()): string {
  const day = dateTimeFormat('sv-SE', { timeZone: EVENT_TIME_ZONE, dateStyle: 'short' }).format(now);
  return `${serverT(lang)(`admin:csv.fileNames.${list}`, { defaultValue: list })}-${day}.csv`;
}
