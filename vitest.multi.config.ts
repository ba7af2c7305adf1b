import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/** The files run one after another in name order (1-…, 2-…): they share one cluster, and the last checks the whole run. */
class ByFileName extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  }
}

/**
 * Several instances behind nginx (test/multi-instance): test/multi-instance/global-setup.ts starts PostgreSQL, the S3
 * store, three built instances and nginx once (scripts/multi-instance/cluster.mjs); the files drive it over HTTP.
 * Run: node scripts/multi-instance/run-tests.mjs (prints "N passed, N failed"), or npx vitest run --config this file.
 */
export default defineConfig({
  test: {
    include: ['test/multi-instance/**/*.test.ts'],
    globalSetup: ['test/multi-instance/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    isolate: false,
    sequence: { sequencer: ByFileName },
    testTimeout: 90_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
