/**
 * One app instance of the job-lease race (spawned by job-lease.test.ts):
 *   node --import tsx test/concurrency/job-lease-worker.ts '<json task>'
 * Opens the shared database like the server does, builds its own Scheduler and prints "ready". Then, for every line
 * "go <slot>" the test sends (to all instances at once), it fires the job for that slot and answers
 * "ran <slot> yes|no". One slot at a time, as cron fires them: a slot an instance reached late must not be able to
 * overtake the previous one (a newer slot supersedes older ones by design).
 */
import { createInterface } from 'node:readline';
import { loadConfig } from '#core/config.js';
import type { Job } from '#core/context.js';
import { createContext } from '#platform/create-context.js';
import { openDb } from '#core/db/index.js';
import { createLogger } from '#core/logger.js';
import { Scheduler } from '#platform/scheduler/index.js';
import { memoryTransport } from '../helpers/memory-mail.js';

export interface LeaseTask {
  env: Record<string, string>;
}

async function main(): Promise<void> {
  const task = JSON.parse(process.argv[2] ?? '{}') as LeaseTask;
  const config = loadConfig(task.env);
  const dbHandle = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const ctx = createContext({ config, dbHandle, log: createLogger('silent'), mailTransport: memoryTransport() });
  const job: Job = {
    name: 'test.lease-race',
    schedule: '30 6 * * *',
    run: async () => {
      await new Promise((r) => setTimeout(r, 50));
      return 1;
    },
  };
  const scheduler = new Scheduler(ctx, [job]);
  process.stdout.write('ready\n');
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    if (line === 'end') break;
    const slot = line.replace(/^go /, '');
    const ran = (await scheduler.runNow(job, slot)) !== null;
    process.stdout.write(`ran ${slot} ${ran ? 'yes' : 'no'}\n`);
  }
  lines.close();
  await dbHandle.close();
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
