/**
 * The Idempotency-Key race's share of a worker process (race-worker.ts runs it for a task of kind 'replay', 4 at a
 * time for multi-process.test.ts): serves the app like a server instance on the shared database, and once all
 * processes are ready sends its replays at once.
 */
import type { AddressInfo } from 'node:net';
import { createApp } from '../../src/app.js';
import { loadConfig } from '#core/config.js';
import { createContext } from '#platform/create-context.js';
import { openDb } from '#core/db/index.js';
import { createLogger } from '#core/logger.js';
import { findUserById } from '../../src/features/accounts/accounts/index.js';
import { memoryTransport } from '../helpers/memory-mail.js';
import { sessionCookie } from '../helpers/factories.js';

export interface ReplayTask {
  kind: 'replay';
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

/** Opens the shared database like a server instance and serves the app on a port of its own; run() sends the replays at once. */
export async function openReplay(task: ReplayTask): Promise<{ run(): Promise<ReplayAnswer[]>; close(): Promise<void> }> {
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
  const run = () =>
    Promise.all(
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
  async function close(): Promise<void> {
    await new Promise((resolve) => server.close(resolve));
    await ctx.background.settled();
    await dbHandle.close();
  }
  return { run, close };
}
