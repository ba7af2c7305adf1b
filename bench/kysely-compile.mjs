// Kysely's own work per query (issue 34): building, plugins and compiling the real repo queries of the mix's hot routes, against a driver that answers at once — what a "compiled once" cache could save.
// For each query: (a) the repo function as the app calls it (build the builder chain, run the plugins — the
// write-watch plugin with a listener, as in the app —, compile, hand to the driver); (b) the compile step alone
// (plugins + compiler over a built node); (c) running an already compiled query (db.executeQuery), which a cache
// of compiled statements would still pay. (a) − (c) is what such a cache could save per query. SQLite's and
// PostgreSQL's compilers both. Prints only (docs/performance.md quotes the numbers).
// Run: node bench/kysely-compile.mjs
import { tsImport } from 'tsx/esm/api';
import { machine } from './lib.mjs';

const k = await tsImport('kysely', import.meta.url);
const { WriteWatchPlugin } = await tsImport('../src/platform/db/write-watch.ts', import.meta.url);
const inbox = await tsImport('../src/core/push/inbox.repo.ts', import.meta.url);
const messages = await tsImport('../src/features/community/messages/messages.repo.ts', import.meta.url);
const entries = await tsImport('../src/features/dog-records/diary/entries.repo.ts', import.meta.url);
const forum = await tsImport('../src/features/community/forum/forum.repo.ts', import.meta.url);
const session = await tsImport('../src/core/auth/session.repo.ts', import.meta.url);

/** A driver whose every query answers at once with one row, so only Kysely's own work is timed. */
function instantDialect(engine) {
  const connection = { executeQuery: async () => ({ rows: [{ n: 0 }] }), streamQuery: async function* () {} };
  return {
    createAdapter: () => (engine === 'pg' ? new k.PostgresAdapter() : new k.SqliteAdapter()),
    createDriver: () => ({
      init: async () => {},
      acquireConnection: async () => connection,
      beginTransaction: async () => {},
      commitTransaction: async () => {},
      rollbackTransaction: async () => {},
      releaseConnection: async () => {},
      destroy: async () => {},
    }),
    createIntrospector: (db) => (engine === 'pg' ? new k.PostgresIntrospector(db) : new k.SqliteIntrospector(db)),
    createQueryCompiler: () => (engine === 'pg' ? new k.PostgresQueryCompiler() : new k.SqliteQueryCompiler()),
  };
}

const QUERIES = [
  ['session lookup (findSessionUser)', (db, i) => session.findSessionUser(db, i, 'jti-0123456789')],
  ['unread count (countUnread)', (db, i) => inbox.countUnread(db, i)],
  ['messages poll (messagesAfter)', (db, i) => messages.messagesAfter(db, i, i + 1, 100, 50)],
  ['diary list (listEntryRows, 2 dogs)', (db, i) => entries.listEntryRows(db, [i, i + 1], 21, {})],
  ['forum thread (findThread)', (db, i) => forum.findThread(db, i)],
  ['forum posts (postsOf)', (db, i) => forum.postsOf(db, i, 50)],
];

/** µs per call: the fastest of 7 rounds of n calls (a busy machine only ever makes a round slower). */
async function time(fn, n) {
  for (let i = 0; i < 2000; i++) await fn(i);
  let best = Infinity;
  for (let round = 0; round < 7; round++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) await fn(i);
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1000 / n);
  }
  return best;
}

const N = 5_000;
const rows = [];
for (const engine of ['sqlite', 'pg']) {
  const writes = new WriteWatchPlugin();
  writes.onWrite(() => undefined);
  const db = new k.Kysely({ dialect: instantDialect(engine), plugins: [writes] });
  for (const [name, run] of QUERIES) {
    // The compiled form and the operation node of one call, caught on the way to the driver.
    let compiled;
    const catcher = new k.Kysely({ dialect: instantDialect(engine) }).withPlugin({
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => result,
    });
    const exec = catcher.getExecutor();
    const original = exec.executeQuery.bind(exec);
    exec.executeQuery = (c, id) => ((compiled = c), original(c, id));
    await run(catcher, 7);
    const node = compiled.query;
    const full = await time((i) => run(db, i), N);
    const executor = db.getExecutor();
    const compileOnly = await time(() => {
      const id = k.createQueryId();
      return executor.compileQuery(executor.transformQuery(node, id), id);
    }, N);
    const precompiled = await time(() => db.executeQuery(compiled), N);
    rows.push({ engine, name, full, compileOnly, precompiled, saved: full - precompiled });
  }
  await db.destroy();
}

console.log(`${machine()}; ${N.toLocaleString('en')} calls, the fastest of 7 rounds after 2,000 for warm-up; µs per query.`);
console.log('| engine | query | (a) as the app runs it | (b) plugins + compile | (c) run compiled | (a) − (c) |');
console.log('|---|---|---:|---:|---:|---:|');
for (const r of rows)
  console.log(`| ${r.engine} | ${r.name} | ${r.full.toFixed(1)} | ${r.compileOnly.toFixed(1)} | ${r.precompiled.toFixed(1)} | ${r.saved.toFixed(1)} |`);
