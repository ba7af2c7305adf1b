/**
 * One OS process of the Idempotency-Key race (spawned by idempotency-race.test.ts, 4 at a time):
 *   node --import tsx test/concurrency/idempotency-race-worker.ts '<json task>'
 * Opens the shared database like a server instance, serves the app on a port of its own, prints "ready", waits for
 * "go" on stdin so all processes start together, sends its replays at once and prints one JSON line of answers.
 */
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/core/config.js';
import { createContext } from '../../src/core/create-context.js';
import { openDb } from '../../src/core/db/index.js';
import { createLogger } from '../../src/core/logger.js';
import { findUserById } from '../../src/features/accounts/accounts/index.js';
import { memoryTransport } from '../helpers/memory-mail.js';
import { sessionCookie } from '../helpers/factories.js';

export interface ReplayTask {
  env: Record<string, string>;
  userId: number;
  path: string;
  body: unknown;
  key: string;
  count: number;
}

export interface ReplayAnswer {
  status: number;
  id?: number;
  code?: string;
  replayed: boolean;
}

async function main(): Promise<void> {
  const task = JSON.parse(process.argv[2] ?? '{}') as ReplayTask;
  const config = loadConfig(task.env);
  const dbHandle = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const ctx = createContext({ config, dbHandle, log: createLogger('silent'), mailTransport: memoryTransport() });
  await ctx.blocklist.load();
  const user = await findUserById(ctx.db, task.userId);
  if (!user) throw new Error(`idempotency-race-worker: no user ${task.userId}`);
  const server = createApp(ctx).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const cookie = sessionCookie(ctx, user);

  process.stdout.write('ready\n');
  const lines = createInterface({ input: process.stdin });
  await new Promise<void>((resolve) => lines.once('line', () => resolve()));
  lines.close();

  const answers = await Promise.all(
    Array.from({ length: task.count }, async (): Promise<ReplayAnswer> => {
      const res = await fetch(base + task.path, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', 'Idempotency-Key': task.key },
        body: JSON.stringify(task.body),
      });
      const body = (await res.json()) as { id?: number; error?: { code: string } };
      return { status: res.status, id: body.id, code: body.error?.code, replayed: res.headers.get('idempotent-replayed') === 'true' };
    }),
  );
  process.stdout.write(JSON.stringify(answers) + '\n');
  await new Promise((resolve) => server.close(resolve));
  await ctx.background.settled();
  await dbHandle.close();
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
