// The multi-instance suite (test/multi-instance, vitest.multi.config.ts) with the closing line CI reads:
// "N passed, N failed". Extra arguments go to vitest.   node scripts/multi-instance/run-tests.mjs
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const reportDir = join('test-artifacts', 'reports');
mkdirSync(reportDir, { recursive: true });
const report = join(reportDir, 'multi-instance.json');
rmSync(report, { force: true });
const result = spawnSync(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--config',
    'vitest.multi.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);
let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed = json.numPassedTests ?? 0;
  // A file that failed without a failing test (the global setup, an import) counts as one failure.
  const broken = (json.testResults ?? []).filter((f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed')).length;
  failed = (json.numFailedTests ?? 0) + broken;
}
// No report, or vitest failed for something outside any test (the global setup or teardown): never "0 failed".
if (failed === 0 && result.status !== 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(result.status === 0 && failed === 0 ? 0 : 1);
