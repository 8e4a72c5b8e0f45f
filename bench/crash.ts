// Crash durability, long version: 20 SIGKILLs mid-load per database kind (PGlite always,
// PostgreSQL when TEST_DATABASE_URL is set). See tests/helpers/crash.ts.
import { crashCycles } from '@tests/helpers/crash';
import { dropConnectionsUnderLoad, sigtermUnderLoad } from '@tests/helpers/faults';
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

  // SIGTERM while 30 clients order in a loop (issue 19, finding 11; issue 42, finding 8): ten stops.
  const STOPS = Number(process.env.BENCH_SIGTERM_RUNS ?? 10);
  console.log(`\n== SIGTERM while 30 clients order in a loop (embedded database), ${STOPS} stops ==`);
  const stops = [];
  for (let run = 0; run < STOPS; run++) {
    const stop = await sigtermUnderLoad();
    stops.push({ ...stop, lost: stop.lost.length, output: undefined });
    console.log(
      `  stop ${String(run + 1).padStart(2)}: ${stop.acknowledged} orders 201, ${stop.closeHeaders} answered with ` +
        `Connection: close after SIGTERM, ${stop.refused} refused, ${stop.resets.length} reset ` +
        `(${stop.resetsBeforeSignal.length} of the ${stop.startedBeforeSignal} sent before the signal), exit ${stop.exitCode}`,
    );
  }
  const resets = stops.reduce((sum, stop) => sum + stop.resets.length, 0);
  const resetsBefore = stops.reduce((sum, stop) => sum + stop.resetsBeforeSignal.length, 0);
  const lostOrUnexpected = stops.reduce((sum, stop) => sum + stop.lost + stop.unexpected.length, 0);
  check(
    `SIGTERM under load, ${STOPS} stops: every request sent before the signal answered, every 2xx stored`,
    resetsBefore === 0 && lostOrUnexpected === 0,
    `${resetsBefore} reset before the signal (${resets} in all), ${lostOrUnexpected} lost or unexpected`,
    '0, 0',
  );
  const faults: Record<string, unknown> = { shutdown: stops };

  // PostgreSQL cutting every connection of the server every 150 ms for 15 s (finding 1).
  if (process.env.TEST_DATABASE_URL) {
    console.log('\n== PostgreSQL connections cut every 150 ms while 20 clients order (15 s) ==');
    const drop = await dropConnectionsUnderLoad({ loadMs: 15_000 });
    console.log(
      `  ${drop.kills} connections killed; ${drop.acknowledged} orders 201, ${drop.unavailable} 503, ` +
        `${drop.unexpected.length} other, ${drop.networkErrors} network errors; alive ${drop.alive}`,
    );
    check(
      'PostgreSQL connections cut: process up, only 503s, none lost',
      drop.alive &&
        drop.recovered &&
        drop.networkErrors === 0 &&
        drop.unexpected.length === 0 &&
        drop.unavailableWithBody === drop.unavailable &&
        drop.lost.length === 0,
      `alive ${drop.alive}, ${drop.unexpected.length} other answers, ${drop.lost.length} lost`,
      'alive, 0, 0',
    );
    faults.connectionDrops = { ...drop, lost: drop.lost.length, output: undefined };
  }
  results.faults = faults;
}
