// `npm run bench -- walsync`: what a commit's WAL fsync costs the server's thread (decision 0050).
// One embedded database on disk; a writer commits one row after another (autocommit inserts)
// while Node's event-loop delay histogram watches the thread. In turns, ROUNDS times: the WAL's
// fsync on the thread (`fsyncSync`, as before 0050) and off it (awaited on the thread pool
// before the statement resolves). A page served from memory waits at most as long as the
// loop is held, so the loop's delay is what a reader meets.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import { openDatabase } from '~/platform/db/client.server';
import type { BenchContext } from './context';

const ROUNDS = Number(process.env.WALSYNC_ROUNDS ?? 3);
const PHASE_MS = Number(process.env.WALSYNC_PHASE_MS ?? 3_000);
const MODES = ['on the thread', 'off the thread'] as const;
const round2 = (ms: number) => Math.round(ms * 100) / 100;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchWalSync({ check, results }: BenchContext): Promise<void> {
  console.log(
    `\n== A commit's WAL fsync and the server's thread (${ROUNDS} rounds of ${PHASE_MS / 1000} s) ==`,
  );
  const dir = mkdtempSync(path.join(tmpdir(), 'bbq-bench-walsync-'));
  const database = await openDatabase({ dataDir: dir });
  const syncs = database.walSyncs!;
  try {
    await sql`create table walsync_probe (id serial primary key, label text not null)`.execute(database.db);
    const figures = Object.fromEntries(
      MODES.map((mode) => [mode, { p99: [] as number[], max: [] as number[], commits: [] as number[] }]),
    );
    for (let round = 0; round < ROUNDS; round++) {
      for (const mode of MODES) {
        syncs.onThread = mode === 'on the thread';
        const delay = monitorEventLoopDelay({ resolution: 1 });
        delay.enable();
        const end = performance.now() + PHASE_MS;
        let commits = 0;
        while (performance.now() < end) {
          await sql`insert into walsync_probe (label) values (${`row ${commits}`})`.execute(database.db);
          commits++;
        }
        delay.disable();
        figures[mode]!.p99.push(delay.percentile(99) / 1e6);
        figures[mode]!.max.push(delay.max / 1e6);
        figures[mode]!.commits.push(commits);
      }
    }
    const table = Object.fromEntries(
      MODES.map((mode) => {
        const { p99, max, commits } = figures[mode]!;
        return [
          mode,
          {
            'loop delay p99 ms': round2(median(p99)),
            'loop delay max ms': round2(median(max)),
            commits: median(commits),
          },
        ];
      }),
    );
    console.table(table);
    results.walsync = { rounds: ROUNDS, phaseMs: PHASE_MS, modes: table };
    const before = table['on the thread']!['loop delay p99 ms'];
    const after = table['off the thread']!['loop delay p99 ms'];
    check(
      'event-loop delay p99 while committing, WAL fsync off the thread',
      after <= before,
      `${after} ms vs ${before} ms on the thread`,
      '≤ on the thread',
    );
  } finally {
    syncs.onThread = false;
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
