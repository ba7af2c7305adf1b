// `npm run bench [-- name …]`: builds the app once, then runs the benchmark scripts one after another (each writes
// its own section of docs/performance.md). Without names it runs every script; `npm run bench -- --list` lists them.
// A benchmark is a file bench/<name>.mjs whose first comment line says what it measures; helpers (lib.mjs,
// *-hook.mjs) and bench/servers/ are not benchmarks.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const dir = new URL('.', import.meta.url).pathname;
const all = readdirSync(dir)
  .filter((f) => f.endsWith('.mjs') && f !== 'run.mjs' && f !== 'lib.mjs' && !f.endsWith('-hook.mjs'))
  .map((f) => basename(f, '.mjs'))
  .sort();

const args = process.argv.slice(2);
if (args.includes('--list')) {
  for (const name of all)
    console.log(
      `${name.padEnd(20)} ${readFileSync(join(dir, `${name}.mjs`), 'utf8')
        .split('\n')[0]
        .replace(/^\/\/\s*/, '')}`,
    );
  process.exit(0);
}
// Names first, then flags for the benchmarks (`npm run bench -- mix --pg --pg-port 25612`): from the first `--…` on,
// everything goes to each chosen script.
const firstFlag = args.findIndex((a) => a.startsWith('--'));
const names = firstFlag < 0 ? args : args.slice(0, firstFlag);
const flags = firstFlag < 0 ? [] : args.slice(firstFlag);
const unknown = names.filter((a) => !all.includes(a));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${all.join(', ')}`);
  process.exit(2);
}
const chosen = names.length ? names : all;

const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const failed = [];
for (const name of chosen) {
  console.log(`\n=== bench/${name}.mjs`);
  const started = Date.now();
  const result = spawnSync(process.execPath, [join('bench', `${name}.mjs`), ...flags], { stdio: 'inherit' });
  console.log(`=== ${name}: ${result.status === 0 ? 'done' : `failed (${result.status ?? result.signal})`} in ${Math.round((Date.now() - started) / 1000)} s`);
  if (result.status !== 0) failed.push(name);
}
if (failed.length) {
  console.error(`Failed: ${failed.join(', ')}`);
  process.exit(1);
}
