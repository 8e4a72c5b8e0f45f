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
  },
});
