// Run by gc-finalizer.test.ts in a child process. Prepares thousands of statements, keeps none of them, then makes
// garbage across event-loop turns, so that the garbage collector finalizes the statements outside any JS frame, the
// way Kysely's statements die in the running server. better-sqlite3 12 and older abort the whole process here on
// Node >= 24.19 ("Assertion failed: (env) != nullptr" in node::RemoveEnvironmentCleanupHook from
// Statement::~Statement); a supported pairing prints its count and exits with code 0.
// BETTER_SQLITE3_PATH points the check at another build (how the abort of 12.11.1 on Node 24.21 was confirmed).
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const Database = require(process.env.BETTER_SQLITE3_PATH || 'better-sqlite3');
const db = new Database(process.argv[2]);
db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
let rows = 0;
for (let i = 0; i < 3000; i++) {
  db.prepare('INSERT INTO t (v) VALUES (?)').run(`v${i}`);
  rows += db.prepare('SELECT count(*) AS n FROM t WHERE id > ?').get(i - 10).n > 0 ? 1 : 0;
}
for (let k = 0; k < 50; k++) {
  await new Promise((r) => setImmediate(r));
  const junk = [];
  for (let j = 0; j < 20000; j++) junk.push({ j, s: 'y'.repeat(20) });
}
globalThis.gc?.();
process.stdout.write(`${rows}\n`);
process.exit(0);
