// Fuzzing, long version: 20,000 random bad requests to every public endpoint with a fresh
// seed each run (printed, so a failure can be replayed with FUZZ_SEED in the test).
import { fuzz, tableCounts } from '@tests/helpers/fuzz';
import { startTestApp } from '@tests/helpers/test-app';
import type { BenchContext } from './context';

const RUNS = Number(process.env.BENCH_FUZZ_RUNS ?? 20_000);

export async function benchFuzz({ check, results }: BenchContext): Promise<void> {
  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
  console.log(`\n== Fuzzing the public endpoints: ${RUNS} bad requests (seed ${seed}) ==`);
  const site = await startTestApp('pglite', { TRUST_PROXY: 'true' });
  try {
    const before = await tableCounts(site.db);
    const serverErrors: string[] = [];
    const statuses: Record<string, number> = {};
    const started = Date.now();
    const requests = await fuzz(site, {
      runs: RUNS,
      seed,
      check: (request, response) => {
        const group = `${Math.floor(response.statusCode / 100)}xx`;
        statuses[group] = (statuses[group] ?? 0) + 1;
        if (response.statusCode >= 500) {
          serverErrors.push(
            `${request.method} ${request.url} → ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
        }
      },
    });
    const after = await tableCounts(site.db);
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    for (const example of serverErrors.slice(0, 5)) console.log(`  ${example}`);
    const row = {
      seed,
      requests,
      seconds: (Date.now() - started) / 1000,
      ...statuses,
      serverErrors: serverErrors.length,
      tablesChanged: changed.join(', ') || 'none',
    };
    console.table([row]);
    results.fuzz = row;
    check('fuzz requests', requests >= 20_000, String(requests), '≥ 20,000');
    check('fuzz answers ≥ 500', serverErrors.length === 0, String(serverErrors.length), '0');
    check('fuzz tables with new rows', changed.length === 0, changed.join(', ') || 'none', 'none');
  } finally {
    await site.close();
  }
}
