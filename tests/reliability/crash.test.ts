import { describe, expect, it } from 'vitest';
import { crashCycles } from '@tests/helpers/crash';
import { TEST_DATABASE_KINDS, type TestDatabaseKind } from '@tests/helpers/test-database';

// SIGKILL the real server while 50 clients create orders, restart it on the same data:
// every order answered 2xx is there with its item, and the database opens cleanly.
// `npm run bench -- crash` runs 20 cycles per database kind. Here one on PGlite (a server
// start there costs about 10 s: WebAssembly compile and crash recovery) and two on PostgreSQL.
const cycles = (kind: TestDatabaseKind) => Number(process.env.CRASH_CYCLES ?? (kind === 'pglite' ? 1 : 2));

describe.each(TEST_DATABASE_KINDS)('crash durability on %s', (kind) => {
  it(`keeps every acknowledged order through ${cycles(kind)} kill(s) mid-load`, async () => {
    const report = await crashCycles(kind, cycles(kind));
    for (const [index, cycle] of report.cycles.entries()) {
      expect(cycle.unexpected, `cycle ${index}: answers other than 201`).toEqual([]);
      expect(cycle.acknowledged.length, `cycle ${index}: orders answered before the kill`).toBeGreaterThan(0);
      expect(cycle.cutOff, `cycle ${index}: requests in flight at the kill`).toBeGreaterThan(0);
    }
    expect(report.lost).toEqual([]);
    const acknowledged = report.cycles.reduce((sum, cycle) => sum + cycle.acknowledged.length, 0);
    expect(report.rows).toBeGreaterThanOrEqual(acknowledged);
    expect(report.pendingMigrations).toEqual([]);
    expect(report.unreadableTables).toEqual([]);
  }, 180_000);
});
