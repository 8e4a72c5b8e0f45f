import { defineConfig } from 'vitest/config';

// The timing tier (decision 0054): what asserts a duration or a ratio, run on purpose on a quiet
// machine by `npm run bench -- timings` (bench/timings.ts), never by the suite (vitest.config.ts
// includes no bench/ file). One file at a time: timings beside each other disturb each other.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['bench/timings/*.timing.ts'],
    environment: 'node',
    globalSetup: ['tests/helpers/global-setup.ts'],
    testTimeout: 240_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    maxWorkers: 1,
  },
});
