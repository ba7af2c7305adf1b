import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDb } from '#core/db/index.js';
import { migrateToLatest } from '#platform/db/migrate.js';
import { PROJECT_ROOT } from '#core/paths.js';
import { testEnv } from '../helpers/test-app.js';
import { createTestDatabase, TEST_PG_URL } from '../helpers/test-db.js';
import { tally } from './race-helpers.js';
import type { LeaseTask } from './job-lease-worker.js';

const WORKER = join(PROJECT_ROOT, 'test', 'concurrency', 'job-lease-worker.ts');
const INSTANCES = 3;
const SLOTS = ['2026-11-21T06:30', '2026-11-22T06:30', '2026-11-23T06:30', '2026-11-24T06:30'];

function instance(task: LeaseTask) {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER, JSON.stringify(task)], { cwd: PROJECT_ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  const waiting = new Map<string, (ran: boolean) => void>();
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    for (const m of out.matchAll(/^ran (\S+) (yes|no)$/gm)) {
      waiting.get(m[1]!)?.(m[2] === 'yes');
      waiting.delete(m[1]!);
    }
  });
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => out.includes('ready\n') && resolve());
    child.once('exit', (code) => reject(new Error(`instance exited early (${String(code)}): ${err}`)));
  });
  const exited = new Promise<void>((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`instance failed (${String(code)}): ${err}`)))),
  );
  /** Fires the slot in this instance; resolves with whether this instance ran it. */
  const fire = (slot: string) =>
    new Promise<boolean>((resolve) => {
      waiting.set(slot, resolve);
      child.stdin.write(`go ${slot}\n`);
    });
  return { child, ready, exited, fire };
}

describe(`job leases: ${INSTANCES} app instances on ${TEST_PG_URL ? 'PostgreSQL' : 'one SQLite file'}`, () => {
  it('run each slot of a job exactly once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-lease-'));
    const testDb = await createTestDatabase();
    const handle = openDb({ databaseUrl: testDb.databaseUrl, dataDir });
    try {
      await migrateToLatest(handle.db);
      const env = testEnv(dataDir, testDb.databaseUrl ? { DATABASE_URL: testDb.databaseUrl } : {});
      const instances = Array.from({ length: INSTANCES }, () => instance({ env }));
      await Promise.all(instances.map((i) => i.ready));
      // Every instance fires the same slot at the same moment, as their crons would; then the next slot.
      const ran: string[] = [];
      for (const slot of SLOTS) {
        const results = await Promise.all(instances.map((i) => i.fire(slot)));
        ran.push(...results.filter(Boolean).map(() => slot));
      }
      for (const i of instances) i.child.stdin.write('end\n');
      await Promise.all(instances.map((i) => i.exited));
      expect([...tally(ran)].sort()).toEqual(SLOTS.map((s) => [s, 1]));
      const lease = await handle.db.selectFrom('job_leases').selectAll().where('name', '=', 'test.lease-race').executeTakeFirstOrThrow();
      expect(lease).toMatchObject({ owner: null, last_status: 'ok', last_count: 1, last_slot: SLOTS[SLOTS.length - 1] });
    } finally {
      await handle.close();
      await testDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
