/**
 * One OS process of a multi-process race (multi-process.test.ts starts 4 once per file, worker-pool.ts):
 *   node --import tsx test/concurrency/race-worker.ts   (tasks as JSON lines on stdin)
 * Per task it opens the task's shared database like the server does, prints "ready", waits for "go" so all
 * processes start together, runs its share of the race through the real service functions at once, prints the results.
 */
import { loadConfig } from '#core/config.js';
import { createContext } from '#platform/create-context.js';
import { openDb } from '#core/db/index.js';
import { AppError } from '#core/http/route/errors.js';
import { createLogger } from '#core/logger.js';
import { register } from '../../src/features/accounts/accounts/auth.service.js';
import { findUserById } from '../../src/features/accounts/accounts/index.js';
import { createInvoice } from '../../src/features/admin/invoices/invoices.service.js';
import { grantFounder } from '../../src/features/accounts/partner/index.js';
import { placeNameAt } from '../../src/features/dog-records/geocoding/index.js';
import { fanOutSafetyMails, sendQueuedSafetyMails } from '../../src/features/map/nearby/safety-mail.service.js';
import { memoryTransport } from '../helpers/memory-mail.js';
import { openReplay, type ReplayTask } from './idempotency-race-worker.js';
import { serveTasks } from './worker-pool.js';

export type RaceTask =
  | { kind: 'register'; env: Record<string, string>; code: string; from: number; to: number }
  | { kind: 'grant'; env: Record<string, string>; userIds: number[] }
  | { kind: 'invoice'; env: Record<string, string>; adminId: number; userId: number; count: number }
  | { kind: 'safety-mail'; env: Record<string, string> }
  | { kind: 'geocode'; env: Record<string, string>; lat: number; lon: number };

export interface RaceOutcome {
  ok: boolean;
  status?: number;
  code?: string;
  founder_number?: number | null;
  number?: string;
  sent?: number;
  place?: string | null;
}

async function outcome(work: () => Promise<Omit<RaceOutcome, 'ok'>>): Promise<RaceOutcome> {
  try {
    return { ok: true, ...(await work()) };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, status: err.status, code: err.code };
    return { ok: false, status: 500, code: err instanceof Error ? err.message : String(err) };
  }
}

/** Opens the task's database like the server does; run() does its share of the race through the real service functions at once. */
async function open(task: RaceTask) {
  const config = loadConfig(task.env);
  const dbHandle = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const ctx = createContext({ config, dbHandle, log: createLogger('silent'), mailTransport: memoryTransport() });
  async function run(): Promise<RaceOutcome[]> {
    let jobs: Promise<RaceOutcome>[] = [];
    if (task.kind === 'register') {
      for (let i = task.from; i <= task.to; i++) {
        jobs.push(
          outcome(async () => {
            const user = await register(ctx, { email: `mp-${i}@example.de`, password: 'sicheres-passwort', name: `Prozess ${i}`, partner_code: task.code });
            return { founder_number: user.founder_number };
          }),
        );
      }
    } else if (task.kind === 'grant') {
      jobs = task.userIds.map((id) => outcome(async () => ({ founder_number: (await grantFounder(ctx, id, 'now')).founder_number })));
    } else if (task.kind === 'safety-mail') {
      // Every instance runs the mail job's work at once, past the job lease on purpose: the unique row per user and
      // warning and the claim before sending must keep it to one mail each by themselves.
      jobs = [outcome(async () => ({ sent: (await fanOutSafetyMails(ctx), await sendQueuedSafetyMails(ctx)) }))];
    } else if (task.kind === 'geocode') {
      jobs = [outcome(async () => ({ place: await placeNameAt(ctx, task.lat, task.lon) }))];
    } else {
      const admin = await findUserById(ctx.db, task.adminId);
      if (!admin) throw new Error(`race-worker: no admin ${task.adminId}`);
      for (let i = 0; i < task.count; i++)
        jobs.push(
          outcome(async () => ({
            number: (await createInvoice(ctx, admin, { user_id: task.userId, items: [{ description: `Posten ${i}`, amount_cents: 990, quantity: 1 }] })).number,
          })),
        );
    }
    return Promise.all(jobs);
  }
  return { run, close: () => dbHandle.close() };
}

serveTasks((task: RaceTask | ReplayTask) => (task.kind === 'replay' ? openReplay(task) : open(task))).then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
