import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CsvColumn, toCsv } from './csv.server';

// Issue 28, finding 10: cells must stay inert in a spreadsheet that splits on ',' (en-GB) and
// in one that splits on ';' (Excel with Lithuanian list settings), and phones stay readable.

interface Row {
  name: string;
  phone: string | null;
  total: number;
}

const columns: CsvColumn<Row>[] = [
  { header: 'fields.name', value: (row) => row.name },
  { header: 'fields.phone', value: (row) => row.phone },
  { header: 'fields.total', value: (row) => row.total },
];

const csvOf = (rows: Row[]) => toCsv(columns, rows, 'en').replace(/^\uFEFF/, '');

/** What a spreadsheet could take for a formula: a cell that starts (after spaces) with = + - @ (or their full-width forms). */
const FORMULA_START = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/u;
/** Harmless when evaluated: only digits, spaces, + - ( ) — arithmetic, never a function or a reference. */
const INERT = /^[+-]?[0-9 ()+.-]*$/;

function semicolonCells(csv: string): string[] {
  try {
    return (
      parse(csv, { delimiter: ';', relax_quotes: true, relax_column_count: true }) as string[][]
    ).flat();
  } catch {
    return [];
  }
}

/** Every cell of the file as each kind of reader sees it. */
function readings(csv: string): Record<string, string[]> {
  return {
    // A reader that splits on ',' and honours quotes (en-GB Excel, LibreOffice, Numbers).
    comma: parse(csv, { delimiter: ',', relax_column_count: true }).flat(),
    // Excel with ';' as its list separator: quotes count only at the start of a cell. A quote
    // opened there may never close for csv-parse; the naive reading below covers that file.
    semicolon: semicolonCells(csv),
    // The worst reader: splits on every separator a spreadsheet might use and ignores quotes
    // (so every place where any reader can start a cell starts one here).
    naive: csv.split(/[;,\t\r\n]/).map((cell) => cell.replace(/^[\s"]+|"+$/g, '')),
  };
}

function liveFormulas(csv: string): string[] {
  return Object.entries(readings(csv)).flatMap(([reader, cells]) =>
    cells
      .map((cell) => cell.trimStart())
      .filter((cell) => FORMULA_START.test(cell) && !INERT.test(cell))
      .map((cell) => `${reader}: ${cell}`),
  );
}

describe('CSV export', () => {
  it("keeps the reviewer's name in one cell, inert, with either separator", () => {
    const csv = csvOf([{ name: 'Jonas;=1+1;@SUM(A1)', phone: '+44 7700 900123', total: 19.99 }]);
    expect(liveFormulas(csv)).toEqual([]);
    // Read as written (','), the name is one cell, the phone reads as typed.
    const [, row] = parse(csv, { delimiter: ',', relax_column_count: true }) as string[][];
    expect(row).toEqual(["Jonas;'=1+1;'@SUM(A1)", '+44 7700 900123', '19.99', '']);
    // Read with ';' the name cannot spill into cells of its own that start a formula.
    const semicolon = readings(csv).semicolon!;
    expect(semicolon.some((cell) => cell.startsWith('=') || cell.startsWith('@'))).toBe(false);
  });

  it('quotes a cell holding ; , " a newline, a tab or a formula character at its start', () => {
    const lines = csvOf(
      ['a;b', 'a,b', 'a"b', 'a\nb', 'a\tb', '=1', '-x', '@x', '+x', 'plain'].map((name) => ({
        name,
        phone: null,
        total: 1,
      })),
    )
      .split('\r\n')
      .slice(1);
    expect(lines.slice(0, 10)).toEqual([
      '"a;b",,1,',
      '"a,b",,1,',
      '"a""b",,1,',
      '"a\nb",,1,',
      '"a\tb",,1,',
      `"'=1",,1,`,
      `"'-x",,1,`,
      `"'@x",,1,`,
      `"'+x",,1,`,
      'plain,,1,',
    ]);
  });

  it('leaves phone numbers and numbers readable, and neutralises what only looks like one', () => {
    const phones = [
      '+44 7700 900123',
      '+370 612 34567',
      '07700 900123',
      '(020) 7946-0958',
      '+44 (0)20 7946 0958',
    ];
    const csv = csvOf([
      ...phones.map((phone) => ({ name: 'Ona', phone, total: -2.5 })),
      { name: 'Ona', phone: '+44 7700 900123;=1+1', total: 0 },
      { name: 'Ona', phone: '+1+cmd|calc', total: 0 },
    ]);
    const rows = parse(csv, { delimiter: ',', relax_column_count: true }) as string[][];
    expect(rows.slice(1).map((row) => row[1])).toEqual([...phones, "'+44 7700 900123;'=1+1", "'+1+cmd|calc"]);
    expect(rows[1]![2]).toBe('-2.5');
    expect(liveFormulas(csv)).toEqual([]);
  });

  it('puts the titles on the first line, the last one saying the file holds personal data (issue 43)', () => {
    const csv = csvOf([{ name: 'Ona', phone: null, total: 1 }]);
    expect(csv.split('\r\n')[0]).toBe(
      'Name,Phone,Total,This file contains personal data. Keep it safe and delete it when no longer needed.',
    );
    // A reader taking the first line as the header gets each row under its titles.
    const [row] = parse(csv, { columns: true }) as Array<Record<string, string>>;
    expect(row).toMatchObject({ Name: 'Ona', Total: '1' });
  });

  it('no text typed into a form becomes a live formula in any reader (property)', () => {
    const hostile = fc.string({
      unit: fc.constantFrom(
        '=',
        '+',
        '-',
        '@',
        ';',
        ',',
        '"',
        "'",
        ' ',
        '\t',
        '\r',
        '\n',
        'a',
        '1',
        '(',
        '\uFF1D',
        '\u00A0',
      ),
      maxLength: 12,
    });
    fc.assert(
      fc.property(fc.array(fc.record({ name: hostile, phone: hostile }), { maxLength: 4 }), (rows) => {
        const csv = csvOf(rows.map((row) => ({ ...row, total: 1 })));
        expect(liveFormulas(csv)).toEqual([]);
        // What was typed reads back exactly, apart from the neutralising apostrophes.
        const read = (parse(csv, { delimiter: ',', relax_column_count: true }) as string[][]).slice(1);
        rows.forEach((row, i) => expect(read[i]![0]!.replaceAll("'", '')).toBe(row.name.replaceAll("'", '')));
      }),
      { numRuns: 500 },
    );
  });
});
