// GET /api/welcome-dashboard alone (issue 34, "the dashboard: fewer round trips"): statements per request, p50/p99 at 10 and 25 connections, server CPU per request (app and PostgreSQL apart) on SQLite and PostgreSQL.
// The world is bench/mix.mjs's (bench/seed.ts: N users with the same own data each, sessions minted like the app's);
// the requests are its "route alone" ones (users among the first 190). Statements per request on PostgreSQL come from
// pg_stat_database (every statement outside a transaction commits once), so they include the session lookup.
// Run: node bench/dashboard-round-trips.mjs [--users 2000] [--engines sqlite,pg] [--count 1500] [--pg-port 25605]
//      [--dist DIR[,DIR…] --rounds R]  (builds taking turns R rounds on the same data, medians: an A/B; a server
//      built elsewhere than dist/; `--build DIR [--src SRC]` builds SRC/server.ts (default src)
//      into DIR first, so a bench does not race other builds of dist/, and an A/B can build two commits' sources:
//      `git archive COMMIT src | tar -x -C test-artifacts/ab-x`). Prints only; docs/performance.md's
//      "dashboard-round-trips" block is written by hand from its output.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { BENCH_SECRET, bundleServer, cpuMs, median, option, percentile, startBundle, stopApp, treeCpuMs as pgCpuMs } from './lib.mjs';
import { emptySchema, startPgServer, stopPgServer } from './pg.mjs';

const { openDb, migrateToLatest, growWorld, emptyWorld, sql } = await tsImport('./seed.ts', import.meta.url);
const { drive, mainRoutes, sessionMinter } = await tsImport('./mix-load.ts', import.meta.url);

const USERS = Number(option('users', '2000'));
const ENGINES = option('engines', 'sqlite,pg').split(',');
const COUNT = Number(option('count', '1500'));
const PG_PORT = Number(option('pg-port', '25605'));
const BUILD = option('build', undefined);
const DISTS = BUILD ? [BUILD] : option('dist', 'dist').split(',');
const ROUNDS = Number(option('rounds', '1'));
const SRC = option('src', 'src');
const APP_PORT = Number(option('port', '3965'));

if (BUILD) await bundleServer({ entryPoints: [join(SRC, 'server.ts')], outdir: BUILD });

/** Commits so far in the bench database (pg_stat_database), after the backends flushed their counters. */
async function commits(db) {
  // A backend flushes its counters at most once a second, and an idle one only after 10 s (PGSTAT_IDLE_INTERVAL).
  await new Promise((r) => setTimeout(r, 11_000));
  const { rows } = await sql`select xact_commit from pg_stat_database where datname = current_database()`.execute(db);
  return Number(rows[0].xact_commit);
}

async function runEngine(engine) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-dash-'));
  const pgServer = engine === 'pg' ? startPgServer(PG_PORT) : undefined;
  const [databaseUrl, pgPid] = [pgServer?.url, pgServer?.pid];
  const handle = openDb({ databaseUrl, dataDir });
  const rows = [];
  try {
    if (engine === 'pg') await emptySchema(handle.db, sql);
    await migrateToLatest(handle.db);
    const world = emptyWorld();
    await growWorld(handle.db, world, USERS);
    if (engine === 'pg') await sql`analyze`.execute(handle.db);
    console.log(`${engine}: ${USERS} users, ${world.rows.toLocaleString('en')} rows`);
    const cookie = sessionMinter(BENCH_SECRET);
    const next = mainRoutes(world).find(([name]) => name === 'GET /api/welcome-dashboard')[1];
    // Builds take turns round by round on the same data, so the load of a shared machine falls on each alike.
    for (let round = 1; round <= ROUNDS; round++) {
      for (const dist of DISTS) {
        const app = await startBundle(join(dist, 'server.js'), APP_PORT, {
          BRIGHTSKY_URL: 'http://127.0.0.1:9',
          WEATHER_ALERTS_URL: 'http://127.0.0.1:9',
          DATA_DIR: dataDir,
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        });
        console.log(`  ${dist}, round ${round}:`);
        try {
          // Warm-up: JIT, statement caches, and every user's photos of the day chosen (the first visit of a day).
          await drive({ url: app.url, connections: 10, count: 600, next, cookie });
          for (const connections of [10, 25]) {
            // Statements are counted in the first round only (reading them waits for PostgreSQL's counters).
            const counting = engine === 'pg' && round === 1;
            const c0 = counting ? await commits(handle.db) : 0;
            const cpu0 = cpuMs(app.child.pid);
            const pg0 = pgPid ? pgCpuMs(pgPid) : 0;
            const r = await drive({ url: app.url, connections, count: COUNT, next, cookie });
            const cpu = (cpuMs(app.child.pid) - cpu0) / r.total;
            const pg = pgPid ? (pgCpuMs(pgPid) - pg0) / r.total : 0;
            const statements = counting ? ((await commits(handle.db)) - c0 - 1) / r.total : NaN;
            const sorted = [...r.latencies].sort((a, b) => a - b);
            const row = {
              dist,
              engine,
              round,
              connections,
              p50: percentile(sorted, 50),
              p99: percentile(sorted, 99),
              rps: r.total / r.seconds,
              cpu,
              pg,
              statements,
              bad: r.non2xx + r.errors,
            };
            rows.push(row);
            console.log(
              `    ${connections} connections: p50 ${row.p50.toFixed(1)} / p99 ${row.p99.toFixed(1)} ms, ${Math.round(row.rps)} req/s, CPU app ${cpu.toFixed(2)}${pgPid ? ` + PG ${pg.toFixed(2)}` : ''} ms/req${counting ? `, ${statements.toFixed(1)} statements/req` : ''}${row.bad ? `, ${row.bad} failed: ${r.samples[0]}` : ''}`,
            );
          }
        } finally {
          await stopApp(app);
        }
      }
    }
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (engine === 'pg') stopPgServer(PG_PORT);
  }
  return rows;
}

const all = [];
for (const engine of ENGINES) all.push(...(await runEngine(engine)));
console.log(`medians over ${ROUNDS} round(s):`);
for (const engine of ENGINES)
  for (const dist of DISTS)
    for (const connections of [10, 25]) {
      const rs = all.filter((r) => r.engine === engine && r.dist === dist && r.connections === connections);
      const m = (k) => median(rs.map((r) => r[k])).toFixed(k === 'cpu' || k === 'pg' ? 2 : 1);
      console.log(
        `  ${engine} ${dist} ${connections} conn: p50 ${m('p50')} / p99 ${m('p99')} ms, CPU app ${m('cpu')}${engine === 'pg' ? ` + PG ${m('pg')}` : ''} ms/req${engine === 'pg' ? `, ${rs[0].statements.toFixed(1)} statements/req` : ''}`,
      );
    }
console.log(JSON.stringify(all));
