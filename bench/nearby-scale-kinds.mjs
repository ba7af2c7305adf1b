// A page of the radar as the service grows (issue 52): CPU per page of 50 items within 10 km of a dense city, for
// every map kind, at 200 and at 20,000 users, and the count behind a warning's "reach". Imported by
// bench/nearby-scale.mjs (run `node bench/nearby-scale.mjs --part kinds` for this part alone).
// Items are concentrated around five cities as in a real service (70 % of the homes within a few km of a centre), and
// most poison warnings are archived or false alarms (a warning lives 14 days; a service that runs a year holds
// ~25 times as many archived ones as active), adoptions half adopted: the lists' status filters have something to skip.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { insertInChunks, percentile } from './lib.mjs';

const SIZES = [200, 20_000];
const RUNS = Number(process.env.BENCH_RUNS ?? 150);
/** Items each user entered per kind; poison warnings more, most of them no longer active. */
const PER_USER = { poison_warnings: 10, default: 4 };
const BERLIN = { lat: 52.52, lon: 13.405 };
const CITIES = [
  [52.52, 13.405],
  [48.137, 11.575],
  [53.551, 9.993],
  [50.937, 6.96],
  [50.11, 8.682],
];

function* homes(from, to) {
  let seed = 11;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  // Roughly normal (sum of three uniforms), σ ≈ 3 km.
  const near = () => (rnd() + rnd() + rnd() - 1.5) * 0.055;
  for (let i = 0; i < to; i++) {
    const city = CITIES[i % CITIES.length];
    const dense = rnd() < 0.7;
    const lat = dense ? city[0] + near() : 47.3 + rnd() * 7.7;
    const lon = dense ? city[1] + near() * 1.6 : 5.9 + rnd() * 9.1;
    const jitter = Array.from({ length: 24 }, rnd);
    if (i >= from) yield { lat, lon, jitter };
  }
}

const POISON_STATES = (r) => (r < 0.7 ? 'archived' : r < 0.75 ? 'false_alarm' : r < 0.88 ? 'unconfirmed' : 'confirmed');
/** The columns of one item of each kind, beyond the frame. */
const OWN = {
  poison_warnings: (now, r) => ({ kind: 'poison', description: 'Köder', status: POISON_STATES(r), last_activity_at: now }),
  lost_dogs: (now, r) => ({ name: 'Bello', description: 'weg', last_seen_at: now, status: r < 0.8 ? 'found' : 'lost' }),
  playdates: (now) => ({ title: 'Treffen', starts_at: now }),
  walk_slots: () => ({ weekday: 2, start_time: '08:00', end_time: '09:00' }),
  adoptions: (_now, r) => ({ title: 'Hund sucht', description: 'lieb', status: r < 0.5 ? 'adopted' : 'available' }),
  events: (now) => ({ title: 'Fest', starts_at: now }),
  sitting: () => ({ type: 'offer', description: 'Ich passe auf' }),
  services: () => ({ name: 'Dienst', category: 'tierarzt' }),
};

async function grow(db, from, to) {
  const now = new Date().toISOString();
  const users = [...homes(from, to)];
  for (let k = 0; k < users.length; k += 500) {
    const batch = users.slice(k, k + 500);
    const ids = await db
      .insertInto('users')
      .values(
        batch.map((u, j) => ({
          email: `kinds-${from + k + j}@bench.example`,
          name: 'Bench',
          password_hash: 'x',
          lat: u.lat,
          lon: u.lon,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    for (const [table, own] of Object.entries(OWN)) {
      const n = PER_USER[table] ?? PER_USER.default;
      const rows = batch.flatMap((u, j) =>
        Array.from({ length: n }, (_, s) => {
          const a = u.jitter[(2 * s) % 24];
          const b = u.jitter[(2 * s + 1) % 24];
          return {
            user_id: ids[j].id,
            lat: u.lat + (a - 0.5) * 0.02,
            lon: u.lon + (b - 0.5) * 0.03,
            created_at: now,
            updated_at: now,
            ...own(now, (a * 7919 + b) % 1),
          };
        }),
      );
      await insertInChunks(db, table, rows, 200);
    }
  }
}

/**
 * CPU ms (this process) and wall ms per call, median of RUNS after 20 for warm-up, the calls of all `ways`
 * interleaved: the garbage the seeding left is collected somewhere in the runs, and hits every kind alike instead
 * of the one measured first.
 */
async function measureAll(ways) {
  const out = {};
  for (const [name, run] of Object.entries(ways)) {
    for (let i = 0; i < 20; i++) await run();
    out[name] = { cpus: [], walls: [], items: 0 };
  }
  const all = Object.entries(ways);
  // Each round starts at another kind: whatever lands on the first call of a round (a timer, the collector) is shared.
  for (let i = 0; i < RUNS; i++)
    for (const [name, run] of [...all.slice(i % all.length), ...all.slice(0, i % all.length)]) {
      const c0 = process.cpuUsage();
      const t0 = process.hrtime.bigint();
      out[name].items = await run();
      out[name].walls.push(Number(process.hrtime.bigint() - t0) / 1e6);
      const c = process.cpuUsage(c0);
      out[name].cpus.push((c.user + c.system) / 1000);
    }
  const p50 = (xs) =>
    percentile(
      [...xs].sort((x, y) => x - y),
      50,
    );
  return Object.fromEntries(Object.entries(out).map(([name, o]) => [name, { cpu: p50(o.cpus), wall: p50(o.walls), items: o.items }]));
}

export async function runKinds(geo, engine, databaseUrl) {
  const { openDb, migrateToLatest, listNear, GEO_KINDS, warningReach, sql } = geo;
  const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-nearby-kinds-'));
  // The app's default SQLite page cache (SQLITE_CACHE_MB, 4 MB; BENCH_SQLITE_CACHE_MB to try another), not SQLite's 2 MB.
  const handle = openDb({ databaseUrl, dataDir, sqliteCacheMb: Number(process.env.BENCH_SQLITE_CACHE_MB ?? 4) });
  const out = {};
  try {
    await migrateToLatest(handle.db);
    const ctx = { db: handle.db };
    let had = 0;
    for (const size of SIZES) {
      const t0 = Date.now();
      await grow(handle.db, had, size);
      had = size;
      if (engine === 'pg') await sql`analyze`.execute(handle.db);
      console.log(`${engine}: ${size} users seeded in ${Date.now() - t0} ms`);
      const ways = Object.fromEntries(
        GEO_KINDS.map((kind) => [kind.path, async () => (await listNear(ctx, { id: 1 }, kind, { ...BERLIN, radius_km: 10, limit: 50 })).items.length]),
      );
      // The reach on its own: its read of the users' table would push the lists' pages out of the page cache.
      const reach = { reach: async () => (await warningReach(ctx, 'poison', { ...BERLIN, user_id: 1 })).about };
      for (const [name, m] of [...Object.entries(await measureAll(ways)), ...Object.entries(await measureAll(reach))]) {
        (out[name] ??= {})[size] = m;
        console.log(`  ${name}: CPU ${m.cpu.toFixed(3)} ms, wall ${m.wall.toFixed(3)} ms, ${m.items} ${name === 'reach' ? 'reached (about)' : 'items'}`);
      }
    }
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return out;
}

export function kindsTable(results, engine) {
  const [small, large] = SIZES;
  const key = engine === 'sqlite' ? 'cpu' : 'wall';
  const rows = Object.entries(results).map(([kind, by]) => {
    const a = by[small];
    const b = by[large];
    return `| ${kind === 'reach' ? 'reach of a poison warning (5 km)' : kind} | ${a.items} / ${b.items} | ${a[key].toFixed(3)} ms | ${b[key].toFixed(3)} ms | ${(b[key] / a[key]).toFixed(2)} × |`;
  });
  return [
    `| kind | items on the page (${small} / ${large.toLocaleString('en')} users) | ${key === 'cpu' ? 'CPU' : 'time'} at ${small} | at ${large.toLocaleString('en')} | ratio |`,
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
