// Nearby lists by size of the service (issue 34): 200, 2,000 and 20,000 users with the same items each, one nearby list (10 km) before and after the spatial index.
// The list is GET /api/services's own code (listNear of core/geo-items) on the database directly, so the number is
// the list's work alone: "before" runs the same steps with the old box query (the (lat, lon) B-tree bounds only the
// latitude), "after" the box query through the spatial index (R*Tree on SQLite, GiST on PostgreSQL). Same database,
// same rows, alternating, so load on the machine hits both alike. On SQLite; on PostgreSQL with
// BENCH_PG_URL=postgres://… (an empty database the bench may fill).
// Run: node bench/nearby-scale.mjs   (a few minutes; writes its section of docs/performance.md)
// Part two (issue 52, bench/nearby-scale-kinds.mjs): a page of 50 items of every map kind at 200 and 20,000 users;
// `--part kinds` or `--part services` runs one part alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { alternating, insertInChunks, machine, option, writeSection } from './lib.mjs';
import { kindsTable, runKinds } from './nearby-scale-kinds.mjs';
import { listNearBefore as oldList } from './nearby-before.mjs';
import { emptyPgDatabase } from './pg.mjs';

const geo = await tsImport('./nearby-scale.entry.ts', import.meta.url);
const { openDb, migrateToLatest, listNear, services, whereInBox, sql } = geo;

const SIZES = [200, 2_000, 20_000];
/** Services each user entered (the measured kind); the other kinds do not change what this list reads. */
const PER_USER = 3;
const RUNS = 300;
const PLACES = {
  germany: [
    ['Berlin', 52.52, 13.405],
    ['Uckermark (ländlich)', 53.2, 13.9],
  ],
  band: [
    ['Frankfurt (im Band)', 50.11, 8.682],
    ['Land im Band', 50.1, 12.5],
  ],
};

/**
 * Users' homes over Germany (47.3–55.0 N, 5.9–15.0 E), half around five cities, deterministic. `band`: the worst
 * case for a box query on latitude alone, every home squeezed into 50.0–50.2 N (same longitudes, same cities' share).
 */
function* homes(from, to, band) {
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const cities = [
    [52.52, 13.405],
    [48.137, 11.575],
    [53.551, 9.993],
    [50.937, 6.96],
    [50.11, 8.682],
  ];
  for (let i = 0; i < to; i++) {
    const city = cities[i % cities.length];
    const [lat, lon] = i % 2 === 0 ? [city[0] + (rnd() - 0.5) * 0.6, city[1] + (rnd() - 0.5) * 0.9] : [47.3 + rnd() * 7.7, 5.9 + rnd() * 9.1];
    const extra = [rnd(), rnd(), rnd(), rnd(), rnd(), rnd()];
    if (i >= from) yield [band ? 50 + ((lat - 47.3) / 7.7) * 0.2 : lat, lon, extra];
  }
}

/** Adds users `from`..`to` with PER_USER services each near their home (direct inserts, no argon2). */
async function grow(db, from, to, band) {
  const now = new Date().toISOString();
  const users = [];
  for (const [lat, lon, extra] of homes(from, to, band)) users.push({ lat, lon, extra });
  for (let k = 0; k < users.length; k += 500) {
    const batch = users.slice(k, k + 500);
    const ids = await db
      .insertInto('users')
      .values(batch.map((_, j) => ({ email: `scale-${from + k + j}@bench.example`, name: 'Bench', password_hash: 'x', created_at: now, updated_at: now })))
      .returning('id')
      .execute();
    const rows = batch.flatMap((u, j) =>
      Array.from({ length: PER_USER }, (_, s) => ({
        user_id: ids[j].id,
        lat: u.lat + (u.extra[2 * s] - 0.5) * 0.1,
        lon: u.lon + (u.extra[2 * s + 1] - 0.5) * 0.15,
        name: `Dienst ${from + k + j}-${s}`,
        category: 'tierarzt',
        created_at: now,
        updated_at: now,
      })),
    );
    await insertInChunks(db, 'services', rows, 300);
  }
}

/** listNear with the box query as it was before the spatial index (migrations/0043): same steps, same order. */
const listNearBefore = (db, actor, query) => oldList(geo, db, actor, query, (q, box) => q.where((eb) => whereInBox(eb, box, 'lat', 'lon')));

/** ms per list (wall) and CPU ms of this process per list, `RUNS` each after 20 for warm-up, the two alternating. */
async function measure(db, place) {
  const [, lat, lon] = place;
  const actor = { id: 1 };
  const query = { lat, lon, radius_km: 10 };
  const ways = { before: () => listNearBefore(db, actor, query), after: () => listNear({ db }, actor, services, { ...query, limit: 200 }) };
  const out = await alternating(ways, RUNS, (answer) => answer.items.length);
  if (out.before.items !== out.after.items) throw new Error(`${place[0]}: before ${out.before.items} items, after ${out.after.items}`);
  return out;
}

async function run(engine, databaseUrl, spread) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-nearby-scale-'));
  const handle = openDb({ databaseUrl, dataDir });
  const rows = [];
  try {
    await migrateToLatest(handle.db);
    let had = 0;
    for (const size of SIZES) {
      const t0 = Date.now();
      await grow(handle.db, had, size, spread === 'band');
      had = size;
      // PostgreSQL's autovacuum gathers statistics on its own; the app never runs ANALYZE on SQLite, so neither does this.
      if (engine === 'pg') await sql`analyze`.execute(handle.db);
      console.log(`${engine}: ${size} users, ${size * PER_USER} services (seeded in ${Date.now() - t0} ms)`);
      for (const place of PLACES[spread]) {
        const m = await measure(handle.db, place);
        console.log(
          `  ${place[0]}: before p50 ${m.before.p50.toFixed(2)} ms (CPU ${m.before.cpu.toFixed(2)}), after p50 ${m.after.p50.toFixed(2)} ms (CPU ${m.after.cpu.toFixed(2)}), ${m.after.items} items`,
        );
        rows.push({ size, spread, place: place[0], ...m });
      }
    }
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

/** Each spread in a fresh database (PostgreSQL: the tables emptied first). */
async function runBoth(engine, databaseUrl) {
  const rows = [];
  for (const spread of ['germany', 'band']) {
    if (databaseUrl) await emptyPgDatabase(openDb, sql, databaseUrl);
    rows.push(...(await run(engine, databaseUrl, spread)));
  }
  return rows.sort((a, b) => a.spread.localeCompare(b.spread) * -1 || a.size - b.size);
}

const part = option('part', 'all');
if (part !== 'services') {
  const kinds = { sqlite: await runKinds(geo, 'sqlite', undefined) };
  if (process.env.BENCH_PG_URL) {
    await emptyPgDatabase(openDb, sql, process.env.BENCH_PG_URL);
    kinds.pg = await runKinds(geo, 'pg', process.env.BENCH_PG_URL);
  }
  writeSection(
    'nearby-scale-kinds',
    `## A page of the radar as the service grows (bench/nearby-scale.mjs, part two)

${new Date().toISOString().slice(0, 10)}, ${machine()}. Homes concentrated around five cities (70 % within a few km of a
centre), every user with 4 items of each map kind near home and 10 poison warnings, of which 75 % are archived or false
alarms; adoptions half adopted, lost dogs mostly found. One page of 50 (\`listNear\`, the code of \`GET /api/<kind>\`,
without HTTP) within 10 km of Berlin's centre, median of the runs, at 200 users and again after growing to 20,000;
and the count behind a poison warning's "reach" (\`warningReach\`). The target (issue 52): at most 1.5 × per kind.

SQLite file (CPU of the one process per call):

${kindsTable(kinds.sqlite, 'sqlite')}
${kinds.pg ? `\nPostgreSQL on loopback (time per call; the server's CPU is not in it):\n\n${kindsTable(kinds.pg, 'pg')}\n` : '\n(PostgreSQL not measured in this run: set BENCH_PG_URL.)\n'}`,
  );
}
if (part !== 'kinds') {
  const results = { sqlite: await runBoth('sqlite', undefined) };
  if (process.env.BENCH_PG_URL) results.pg = await runBoth('pg', process.env.BENCH_PG_URL);

  const table = (rows, cpu) =>
    [
      `| users (services) | homes | place | items | before: p50${cpu ? ' / CPU' : ''} | after: p50${cpu ? ' / CPU' : ''} |`,
      '|---|---|---|---|---|---|',
      ...rows.map((r) => {
        const cell = (o) => `${o.p50.toFixed(2)} ms${cpu ? ` / ${o.cpu.toFixed(2)} ms` : ''}`;
        return `| ${r.size.toLocaleString('en')} (${(r.size * PER_USER).toLocaleString('en')}) | ${r.spread} | ${r.place} | ${r.after.items} | ${cell(r.before)} | ${cell(r.after)} |`;
      }),
    ].join('\n');
  writeSection(
    'nearby-scale',
    `## Nearby lists by size of the service (bench/nearby-scale.mjs)

  ${new Date().toISOString().slice(0, 10)}, ${machine()}. ${PER_USER} services per user near their home, homes over Germany (half
  around five cities), and the worst case for the old query: the same homes squeezed into 50.0–50.2 N ("band"). One nearby list of 10 km (\`listNear\`, the code of \`GET /api/services\`, without HTTP), ${RUNS} runs
  each, before and after alternating on the same database: "before" is the box query on the (lat, lon) B-tree, which
  bounds only the latitude; "after" goes through the spatial index (migrations/0043_spatial_index.ts).

  SQLite file (time and CPU of the one process):

  ${table(results.sqlite, true)}
  ${results.pg ? `\nPostgreSQL on loopback (time per list; the server's CPU is not in it):\n\n${table(results.pg, false)}\n` : '\n(PostgreSQL not measured in this run: set BENCH_PG_URL.)\n'}
  Spread over Germany the band of a 10 km box is thin and the old query filtered the longitude inside the (lat, lon)
  index, so the spatial index costs a little more there; where many items share the band far away in longitude, the
  old query's cost follows the band and the index's follows the box.`,
  );
}
