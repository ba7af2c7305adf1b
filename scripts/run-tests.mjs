// `npm test`: the API/unit suite (vitest), then the browser suite in real Chromium when its config exists.
// Prints the plain closing line "N passed, N failed" (CI reads that line; vitest's own summary is not read), and
// above it how many answers the API suite checked against the OpenAPI document (test/contract/).
//   TEST_DATABASE_URL=postgres://…  run the API suite on PostgreSQL instead of SQLite
//   TEST_BROWSER=0                  skip the browser suite (the PostgreSQL pass in .ci/run does)
// Extra arguments go to vitest (e.g. `npm test -- src/features/accounts/accounts`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

// The runtime first: npm puts the pinned Node (the `node` package) first on PATH, and CI's Node 26 pass calls
// this script with that runtime directly.
console.log(`Runtime: Node ${process.version} (${process.execPath})`);

const reportDir = join('test-artifacts', 'reports');
mkdirSync(reportDir, { recursive: true });
const extraArgs = process.argv.slice(2);
const outcomesFile = join(reportDir, 'outcomes.txt');
rmSync(outcomesFile, { force: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

// The API suite's global setup writes how many answers it checked against the OpenAPI document here.
const contractFile = join(reportDir, 'contract.json');
rmSync(contractFile, { force: true });

function runVitest(name, configArgs) {
  const report = join(reportDir, `${name}.json`);
  rmSync(report, { force: true });
  const result = spawnSync(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      ...configArgs,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      '--reporter=./scripts/test-outcomes-reporter.mjs',
      ...extraArgs,
    ],
    { stdio: 'inherit', env: { ...process.env, TEST_OUTCOMES_FILE: outcomesFile, ...(name === 'api' ? { CONTRACT_SUMMARY: contractFile } : {}) } },
  );
  if (result.status !== 0) exitCode = 1;
  if (!existsSync(report)) {
    console.error(`[${name}] no report written; counting the run as failed`);
    totals.failed += 1;
    exitCode = 1;
    return;
  }
  const json = JSON.parse(readFileSync(report, 'utf8'));
  totals.passed += json.numPassedTests ?? 0;
  const failed = (json.numFailedTests ?? 0) + filesThatFailedToRun(json);
  // vitest also fails a run for unhandled errors outside any test; the summary must not say "0 failed" then.
  totals.failed += failed === 0 && result.status !== 0 ? 1 : failed;
  totals.skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
}

// A file that failed without a failing test (an import error, a crashed hook) counts as one failure.
function filesThatFailedToRun(json) {
  return (json.testResults ?? []).filter((file) => file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed')).length;
}

runVitest('api', []);

const browserConfig = 'vitest.browser.config.ts';
if (process.env.TEST_BROWSER !== '0' && existsSync(browserConfig) && extraArgs.length === 0) {
  if (existsSync('/usr/bin/chromium')) {
    // The browser suite drives the real app: build the client bundle and the server first.
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
    if (build.status !== 0) {
      console.error('Build failed; browser tests not run.');
      totals.failed += 1;
      exitCode = 1;
    } else {
      runVitest('browser', ['--config', browserConfig]);
    }
  } else if (process.env.CI) {
    console.error('Browser tests need Debian chromium (/usr/bin/chromium); .ci/run installs it.');
    totals.failed += 1;
    exitCode = 1;
  } else {
    console.warn('Browser tests skipped: /usr/bin/chromium is missing (apt-get install chromium).');
  }
}

if (existsSync(contractFile)) {
  const c = JSON.parse(readFileSync(contractFile, 'utf8'));
  console.log(`Answers checked against the API document: ${c.responses} (${c.operations} of ${c.documented} operations answered; ${c.seconds} s of checking)`);
}
if (existsSync(outcomesFile)) console.log(`\n${readFileSync(outcomesFile, 'utf8').trim()}\n`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(exitCode);
