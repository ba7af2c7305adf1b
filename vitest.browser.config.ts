import { defineConfig } from 'vitest/config';

/** Browser tests (real Chromium via playwright-core, see test/browser/harness.ts): one file at a time. */
export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
