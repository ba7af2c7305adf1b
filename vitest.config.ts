import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The browser suite and the multi-instance suite have their own configs (vitest.browser.config.ts, vitest.multi.config.ts).
    exclude: ['test/browser/**', 'test/multi-instance/**', 'node_modules/**'],
    environment: 'node',
    pool: 'forks',
    // One worker per core (vitest's default leaves one idle: a single worker on CI's 2 cores), and test files share
    // a worker's module graph instead of importing the whole app again per file (~1.7 s each): 177 s → 55 s for the
    // SQLite pass. Tests get their own app and database from useTestApp, so no state leaks between files.
    maxWorkers: 2,
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
    // Every /api/ answer of a test app is checked against the OpenAPI document; a mismatch fails its test.
    setupFiles: ['test/contract/contract-setup.ts'],
    globalSetup: ['test/contract/contract-global-setup.ts'],
  },
});
