import { defineConfig } from 'vitest/config';

/**
 * The fuzz stage (test/fuzz/fuzz.run.ts, issue 31): requests generated from the API document, bounded by
 * FUZZ_BUDGET_S. Not part of `npm test` (its file is no *.test.ts). Run: npm run fuzz (scripts/fuzz.mjs).
 */
export default defineConfig({
  test: {
    include: ['test/fuzz/**/*.run.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 900_000,
    reporters: ['default'],
  },
});
