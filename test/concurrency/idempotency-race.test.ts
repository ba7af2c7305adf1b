import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/core/paths.js';
import { openDb, type DbHandle } from '../../src/core/db/index.js';
import { migrateToLatest } from '../../src/core/db/migrate.js';
import { createTestDatabase, TEST_PG_URL, type TestDatabase } from '../helpers/test-db.js';
import { testEnv } from '../helpers/test-app.js';
import type { ReplayAnswer, ReplayTask } from './idempotency-race-worker.js';

// Offline writes (issue 30): the app's queue may replay a write from two tabs, or a server with several instances
// may get the same replay twice. Four OS processes on one database send the same Idempotency-Key at once.
const PROCESSES = 4;
const PER_PROCESS = 5;
const WORKER = join(PROJECT_ROOT, 'test', 'concurrency', 'idempotency-race-worker.ts');
const engine = TEST_PG_URL ? 'PostgreSQL' : 'one SQLite file';

let shared: { dataDir: string; testDb: TestDatabase; handle: DbHandle } | undefined;

afterEach(async () => {
  if (!shared) return;
  const { handle, testDb, dataDir } = shared;
  shared = undefined;
  await handle.close();
  await testDb.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

function run(task: ReplayTask) {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER, JSON.stringify(task)], { cwd: PROJECT_ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => (out.includes('ready\n') ? resolve() : undefined));
    child.once('exit', (code) => reject(new Error(`worker exited early (${String(code)}): ${err}`)));
  });
  const done = new Promise<ReplayAnswer[]>((resolve, reject) => {
    child.once('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('['));
      if (code !== 0 || !line) reject(new Error(`worker failed (${String(code)}): ${err}`));
      else resolve(JSON.parse(line) as ReplayAnswer[]);
    });
  });
  return { child, ready, done };
}

describe(`Idempotency-Key across ${PROCESSES} OS processes on ${engine}`, () => {
  it(`${PROCESSES * PER_PROCESS} replays of one diary entry at once: one row, every answer the same entry`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-idem-'));
    const testDb = await createTestDatabase();
    const handle = openDb({ databaseUrl: testDb.databaseUrl, dataDir });
    shared = { dataDir, testDb, handle };
    await migrateToLatest(handle.db);
    const env = testEnv(dataDir, testDb.databaseUrl ? { DATABASE_URL: testDb.databaseUrl } : {});
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
      env,
      userId: user.id,
      path: `/api/dogs/${dog.id}/diary`,
      body: { date: now.slice(0, 10), text: 'Im Wald ohne Netz' },
      key: '6f1c2a7e-0b7d-4b8e-9a51-3c2d1e0f9a88',
      count: PER_PROCESS,
    };
    const workers = Array.from({ length: PROCESSES }, () => run(task));
    await Promise.all(workers.map((w) => w.ready));
    for (const w of workers) w.child.stdin.write('go\n');
    const answers = (await Promise.all(workers.map((w) => w.done))).flat();

    expect(answers.filter((a) => a.status !== 201)).toEqual([]);
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    const rows = await handle.db.selectFrom('diary_entries').select('id').where('dog_id', '=', dog.id).execute();
    expect(rows).toHaveLength(1);
  });
});
