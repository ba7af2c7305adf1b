import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '#core/paths.js';
import { loadConfig } from '#core/config.js';
import { openDb, type DbHandle } from '#core/db/index.js';
import { migrateToLatest } from '#platform/db/migrate.js';
import { createTestDatabase, TEST_PG_URL, type TestDatabase } from '../helpers/test-db.js';
import { testEnv } from '../helpers/test-app.js';
import { FakeNominatimServer } from '../fakes/nominatim-server.js';
import { range } from './race-helpers.js';
import type { ReplayAnswer, ReplayTask } from './idempotency-race-worker.js';
import type { RaceOutcome, RaceTask } from './race-worker.js';
import { startWorkerPool, type WorkerPool } from './worker-pool.js';

const PROCESSES = 4;
const REPLAYS_PER_PROCESS = 5;
const WORKER = join(PROJECT_ROOT, 'test', 'concurrency', 'race-worker.ts');
const engine = TEST_PG_URL ? 'PostgreSQL' : 'one SQLite file';

interface Shared {
  dataDir: string;
  testDb: TestDatabase;
  handle: DbHandle;
  env: Record<string, string>;
}
let shared: Shared | undefined;

/** A migrated database (file or PostgreSQL) the test and every worker process open. */
async function sharedDatabase(extraEnv: Record<string, string> = {}): Promise<Shared> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-mp-'));
  const testDb = await createTestDatabase();
  const handle = openDb({ databaseUrl: testDb.databaseUrl, dataDir });
  await migrateToLatest(handle.db);
  const env = testEnv(dataDir, { ...(testDb.databaseUrl ? { DATABASE_URL: testDb.databaseUrl } : {}), ...extraEnv });
  // The data folder's dev secrets are made here, once: four workers loading the config at the same moment would
  // race to write secrets.json (writeFileSync is not atomic) and one could read it half-written.
  loadConfig(env);
  shared = { dataDir, testDb, handle, env };
  return shared;
}

afterEach(async () => {
  if (!shared) return;
  const { handle, testDb, dataDir } = shared;
  shared = undefined;
  await handle.close();
  if (testDb.databaseUrl && TEST_PG_URL) await waitForNoBackends(new URL(testDb.databaseUrl).pathname.slice(1));
  await testDb.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** pg-pool's end() does not wait for its sockets; dropping the database "with (force)" too early kills them. */
async function waitForNoBackends(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  try {
    for (let i = 0; i < 250; i++) {
      const res = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if (!res.rows[0]?.n) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    await admin.end();
  }
}

// Four processes for the whole file, each given one task per race (spawning four per test cost ~7 s of CPU each time).
let pool: WorkerPool<RaceTask | ReplayTask> | undefined;
beforeAll(async () => {
  pool = await startWorkerPool<RaceTask | ReplayTask>(WORKER, PROCESSES);
});
afterAll(async () => {
  await pool?.close();
});

/** Gives each worker its task, lets them all start at the same moment, and returns every outcome. */
function race(tasks: RaceTask[]): Promise<RaceOutcome[]>;
function race(tasks: ReplayTask[]): Promise<ReplayAnswer[]>;
function race(tasks: (RaceTask | ReplayTask)[]): Promise<unknown[]> {
  if (!pool) throw new Error('worker pool not started');
  return pool.race(tasks);
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

describe(`races across ${PROCESSES} OS processes on ${engine}`, () => {
  it('300 registrations with one partner code (max_uses 50): exactly 50 founders, numbers 1–50, uses = 50', async () => {
    const { handle, env } = await sharedDatabase();
    await handle.db
      .insertInto('partner_codes')
      .values({ code: 'VIER', label: 'Vier Prozesse', max_uses: 50, grants_founder: 1, created_at: new Date().toISOString() })
      .execute();
    const per = 300 / PROCESSES;
    const outcomes = await race(range(0, PROCESSES - 1).map((p) => ({ kind: 'register' as const, env, code: 'vier', from: p * per + 1, to: (p + 1) * per })));
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    const numbers = outcomes.map((o) => o.founder_number).filter((n): n is number => typeof n === 'number');
    expect(sorted(numbers)).toEqual(range(1, 50));
    const code = await handle.db.selectFrom('partner_codes').select('uses').where('code', '=', 'VIER').executeTakeFirstOrThrow();
    expect(code.uses).toBe(50);
    const founders = await handle.db.selectFrom('users').select('founder_number').where('is_founder', '=', 1).execute();
    expect(sorted(founders.map((f) => f.founder_number ?? 0))).toEqual(range(1, 50));
    expect(await handle.db.selectFrom('users').select('id').execute()).toHaveLength(300);
  });

  it('150 admin grants on 150 users: numbers 1–100 exactly once, 50 refused with 409', async () => {
    const { handle, env } = await sharedDatabase();
    const now = new Date().toISOString();
    const ids: number[] = [];
    for (let i = 0; i < 150; i++) {
      const row = await handle.db
        .insertInto('users')
        .values({ email: `g-${randomUUID()}@example.de`, name: `Gründer ${i}`, password_hash: 'x', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const outcomes = await race(range(0, PROCESSES - 1).map((p) => ({ kind: 'grant' as const, env, userIds: ids.filter((_, i) => i % PROCESSES === p) })));
    const granted = outcomes.filter((o) => o.ok);
    const refused = outcomes.filter((o) => !o.ok);
    expect(refused).toHaveLength(50);
    expect(refused.every((o) => o.status === 409 && o.code === 'founder_places_taken')).toBe(true);
    expect(sorted(granted.map((o) => o.founder_number ?? 0))).toEqual(range(1, 100));
    const rows = await handle.db.selectFrom('users').select('founder_number').where('is_founder', '=', 1).execute();
    expect(sorted(rows.map((r) => r.founder_number ?? 0))).toEqual(range(1, 100));
    expect((await handle.db.selectFrom('founder_counter').select('last').executeTakeFirstOrThrow()).last).toBe(100);
  });

  it('200 invoices: RG numbers 1–200 without gaps', async () => {
    const { handle, env } = await sharedDatabase({ INVOICE_ISSUER_ADDRESS: 'Hundeweg 1|80331 München' });
    const now = new Date().toISOString();
    const [admin, customer] = await handle.db
      .insertInto('users')
      .values([
        { email: 'admin@example.de', name: 'Admina', rolle: 'admin', password_hash: 'x', created_at: now, updated_at: now },
        { email: 'kunde@example.de', name: 'Kunde', rolle: 'user', password_hash: 'x', created_at: now, updated_at: now },
      ])
      .returning('id')
      .execute();
    if (!admin || !customer) throw new Error('setup failed');
    const outcomes = await race(
      range(1, PROCESSES).map(() => ({ kind: 'invoice' as const, env, adminId: admin.id, userId: customer.id, count: 200 / PROCESSES })),
    );
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    expect(sorted(outcomes.map((o) => Number(String(o.number).slice(3))))).toEqual(range(1, 200));
    const seqs = await handle.db.selectFrom('invoices').select('seq').orderBy('seq').execute();
    expect(seqs.map((s) => s.seq)).toEqual(range(1, 200));
  });

  it('a poison warning with 200 people nearby and the mail job on every instance at once: exactly one mail each', async () => {
    const { handle, env } = await sharedDatabase();
    const now = new Date().toISOString();
    const people = range(1, 200).map((i) => ({
      email: `near-${i}@example.de`,
      name: `Nachbar ${i}`,
      password_hash: 'x',
      lat: 48.137 + (i % 20) * 0.001,
      lon: 11.575 + Math.floor(i / 20) * 0.001,
      created_at: now,
      updated_at: now,
    }));
    await handle.db.insertInto('users').values(people).execute();
    await handle.db
      .insertInto('poison_warnings')
      .values({
        lat: 48.137,
        lon: 11.575,
        kind: 'poison',
        description: 'Köder',
        status: 'unconfirmed',
        confirmed_count: 0,
        last_activity_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const outcomes = await race(range(1, PROCESSES).map(() => ({ kind: 'safety-mail' as const, env })));
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    expect(outcomes.reduce((sum, o) => sum + (o.sent ?? 0), 0)).toBe(200);
    const mails = await handle.db.selectFrom('mail_outbox').select('to_address').execute();
    expect(sorted(mails.map((m) => Number(m.to_address.replace(/\D/g, ''))))).toEqual(range(1, 200));
  });

  // Offline writes (issue 30): the app's queue may replay a write from two tabs, or a server with several instances
  // may get the same replay twice. Each process serves the app and sends the same Idempotency-Key at once.
  it(`${PROCESSES * REPLAYS_PER_PROCESS} replays of one diary entry at once: one row, every answer the same entry`, async () => {
    const { handle, env } = await sharedDatabase();
    const now = new Date().toISOString();
    const user = await handle.db
      .insertInto('users')
      .values({ email: 'offline@example.de', name: 'Offline', password_hash: 'x', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const dog = await handle.db
      .insertInto('dogs')
      .values({ user_id: user.id, name: 'Bello', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const task: ReplayTask = {
      kind: 'replay',
      env,
      userId: user.id,
      path: `/api/dogs/${dog.id}/diary`,
      body: { date: now.slice(0, 10), text: 'Im Wald ohne Netz' },
      key: '6f1c2a7e-0b7d-4b8e-9a51-3c2d1e0f9a88',
      count: REPLAYS_PER_PROCESS,
    };
    const answers = await race(range(1, PROCESSES).map(() => task));

    expect(answers.filter((a) => a.status !== 201)).toEqual([]);
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    const rows = await handle.db.selectFrom('diary_entries').select('id').where('dog_id', '=', dog.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('three place-name lookups at once: Nominatim sees one request a second for all processes, the third skips', async () => {
    const nominatim = new FakeNominatimServer();
    await nominatim.start();
    try {
      const { env } = await sharedDatabase({ NOMINATIM_URL: nominatim.url, NOMINATIM_TIMEOUT_MS: '2000' });
      // Three different positions (no cache answer), one per process, asked at the same moment.
      const outcomes = await race(range(1, 3).map((i) => ({ kind: 'geocode' as const, env, lat: 48.1 + i * 0.01, lon: 11.5 + i * 0.01 })));
      expect(outcomes.filter((o) => !o.ok)).toEqual([]);
      // The next turn a second after an answer and at most 1.5 s of waiting: two get one, the third gives up.
      expect(outcomes.map((o) => o.place ?? null).sort()).toEqual(['Marienplatz, München', 'Marienplatz, München', null]);
      const arrivals = nominatim.requests.map((r) => r.at).sort((a, b) => a - b);
      expect(arrivals).toHaveLength(2);
      expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(1_000);
    } finally {
      await nominatim.stop();
    }
  });
});
