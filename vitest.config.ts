import { defineConfig } from 'vitest/config';
import ReliabilityFirst from './tests/helpers/sequencer';

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
    environment: 'node',
    // Every test database starts as a copy of one migrated one of its kind (tests/helpers/test-database.ts).
    globalSetup: ['tests/helpers/global-setup.ts'],
    sequence: { sequencer: ReliabilityFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are heavy; two workers fit the 2-core machines.
    maxWorkers: 2,
    // A worker runs its files in one module graph instead of loading the app again for each:
    // 22 app test files took 95 s of CPU instead of 142 s (a third less; the whole suite
    // passes either way). So no test leaves a mock, fake timers or a changed global behind
    // (eslint.config.js refuses them in test files).
    isolate: false,
  },
});
