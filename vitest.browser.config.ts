import { defineConfig } from 'vitest/config';

/**
 * Browser tests (real Chromium via playwright-core, see test/browser/harness.ts). Two files at a time, one per core:
 * each file has its own app, database and browser, and the pair waits on each other's I/O (194 s → 122 s). Files
 * share a worker's module graph (no re-import of the app per file).
 */
export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    isolate: false,
    // One retry: on a loaded 2-core CI machine a browser journey sometimes misses a wait by a hair. A test that
    // passes only on its retry is printed as FLAKY above the closing line (scripts/test-outcomes-reporter.mjs),
    // so it is mended, not hidden; one that fails twice fails the run.
    retry: 1,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
