// Crash durability, long version: 20 SIGKILLs mid-load per database kind (PGlite always,
// PostgreSQL when TEST_DATABASE_URL is set). See tests/helpers/crash.ts.
import { crashCycles } from '@tests/helpers/crash';
import { TEST_DATABASE_KINDS } from '@tests/helpers/test-database';
import type { BenchContext } from './context';

const CYCLES = Number(process.env.BENCH_CRASH_CYCLES ?? 20);

export async function benchCrash({ check, results }: BenchContext): Promise<void> {
  const rows: Record<string, unknown>[] = [];
  for (const kind of TEST_DATABASE_KINDS) {
    console.log(`\n== Crash durability on ${kind}: ${CYCLES} × SIGKILL while 50 clients create orders ==`);
    const report = await crashCycles(kind, CYCLES, (cycle, index) =>
      console.log(
        `  kill ${String(index + 1).padStart(2)}: ${cycle.acknowledged.length} orders acknowledged, ` +
          `${cycle.cutOff} requests cut off${cycle.unexpected.length ? `, ${cycle.unexpected.length} unexpected answers` : ''}`,
      ),
    );
    const acknowledged = report.cycles.reduce((sum, cycle) => sum + cycle.acknowledged.length, 0);
    const unexpected = report.cycles.reduce((sum, cycle) => sum + cycle.unexpected.length, 0);
    const row = {
      kind,
      kills: report.cycles.length,
      acknowledged,
      found: acknowledged - report.lost.length,
      lost: report.lost.length,
      rows: report.rows,
      unexpectedAnswers: unexpected,
      pendingMigrations: report.pendingMigrations.length,
      unreadableTables: report.unreadableTables.length,
    };
    rows.push(row);
    check(`crash kills (${kind})`, row.kills >= 20, String(row.kills), '≥ 20');
    check(
      `crash: acknowledged orders found (${kind})`,
      row.lost === 0 && unexpected === 0,
      `${row.found} of ${acknowledged}, lost ${row.lost}`,
      'lost 0',
    );
    check(
      `crash: database opens cleanly (${kind})`,
      row.pendingMigrations === 0 && row.unreadableTables === 0,
      `${row.pendingMigrations} migrations pending, ${row.unreadableTables} unreadable tables`,
      '0, 0',
    );
  }
  console.table(rows);
  results.crash = rows;
}
