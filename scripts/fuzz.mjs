// `npm run fuzz`: the fuzz stage (test/fuzz/fuzz.run.ts, vitest.fuzz.config.ts). Picks the seed unless FUZZ_SEED
// is given and prints it first, runs the stage within FUZZ_BUDGET_S (default 140 s of requests), and closes with the
// plain line "N passed, N failed" that .ci/run adds to its totals (one per invariant). Exits non-zero on a violation.
//   FUZZ_SEED=123 npm run fuzz        replay a run (same requests in the same order)
//   FUZZ_BUDGET_S=30 npm run fuzz     a shorter run
//   TEST_DATABASE_URL=postgres://…    on PostgreSQL instead of SQLite
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
console.log(`Fuzz stage: FUZZ_SEED=${seed} (replay with FUZZ_SEED=${seed} npm run fuzz)`);
const reportDir = join('test-artifacts', 'reports');
mkdirSync(reportDir, { recursive: true });
const report = join(reportDir, 'fuzz.json');
const summaryFile = join(reportDir, 'fuzz-summary.json');
rmSync(report, { force: true });
rmSync(summaryFile, { force: true });

const result = spawnSync(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', '--config', 'vitest.fuzz.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
  { stdio: 'inherit', env: { ...process.env, FUZZ_SEED: seed, FUZZ_SUMMARY: summaryFile } },
);

let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed = json.numPassedTests ?? 0;
  failed = (json.numFailedTests ?? 0) + (json.numPendingTests ?? 0);
}
// A run that crashed before its invariants were checked (seeding failed, no report) is a failure too.
if (failed === 0 && (result.status !== 0 || passed === 0)) failed = 1;
if (existsSync(summaryFile)) {
  const s = JSON.parse(readFileSync(summaryFile, 'utf8'));
  console.log(
    `Fuzz: seed ${s.seed}, ${s.requests} requests in ${s.seconds} s, ${s.covered} of ${s.operations} operations covered, ` +
      `${s.serverErrors} kinds of 5xx, ${s.mismatches} kinds of contract mismatch, ${s.leaks} kinds of leak`,
  );
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
