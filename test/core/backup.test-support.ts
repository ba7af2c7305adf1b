import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Clock } from '#core/clock.js';
import { loadConfig } from '#core/config.js';
import type { AppContext } from '#core/context.js';
import { createContext } from '#platform/create-context.js';
import { openDb, type DbHandle } from '#core/db/index.js';
import { migrateToLatest } from '#platform/db/migrate.js';
import { createLogger } from '#core/logger.js';
import { memoryTransport } from '../helpers/memory-mail.js';
import { testMediaEnv } from '../helpers/media.js';
import { testEnv } from '../helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

/**
 * A test installation whose database connection can be closed and opened again, as an operator stops the app,
 * restores and starts it (test/helpers/test-app.ts keeps one connection for the app's life).
 */
export interface Installation {
  ctx: AppContext;
  dataDir: string;
  /** The environment the installation's configuration came from (for a CLI run on the same data). */
  env: Record<string, string>;
  /** Closes the app's connection (the app "stops"). */
  stop(): Promise<void>;
  /** Opens a new connection on the same data (the app "starts" again), migrated. */
  start(): Promise<void>;
  /** The database and media gone, as after a lost disk (the app stopped first). */
  wipe(): Promise<void>;
  dispose(): Promise<void>;
}

export async function createInstallation(options: { clock?: Clock; env?: Record<string, string> } = {}): Promise<Installation> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-backup-'));
  const testDb: TestDatabase = await createTestDatabase();
  const env = testEnv(dataDir, { ...(testDb.databaseUrl ? { DATABASE_URL: testDb.databaseUrl } : {}), ...(await testMediaEnv()), ...options.env });
  const config = loadConfig(env);
  let handle: DbHandle | undefined;
  const installation: Installation = {
    ctx: undefined as unknown as AppContext,
    dataDir,
    env,
    async start() {
      handle = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      await migrateToLatest(handle.db);
      installation.ctx = createContext({ config, dbHandle: handle, log: createLogger('silent'), clock: options.clock, mailTransport: memoryTransport() });
    },
    async stop() {
      await installation.ctx.background.settled();
      await handle?.close();
      handle = undefined;
    },
    async wipe() {
      rmSync(join(dataDir, 'pfotenbuch.sqlite'), { force: true });
      rmSync(join(dataDir, 'pfotenbuch.sqlite-wal'), { force: true });
      rmSync(join(dataDir, 'pfotenbuch.sqlite-shm'), { force: true });
      rmSync(join(dataDir, 'media'), { recursive: true, force: true });
      if (config.databaseUrl) {
        const client = new pg.Client({ connectionString: config.databaseUrl });
        await client.connect();
        await client.query('drop schema public cascade');
        await client.query('create schema public');
        await client.end();
      }
    },
    async dispose() {
      if (handle) await installation.stop();
      await testDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  await installation.start();
  return installation;
}

/** Every table's row count and a hash of its rows (sorted, so the order the engine returns them in does not matter). */
export async function contentOf(db: Kysely<any>, engine: 'sqlite' | 'postgres'): Promise<Record<string, { rows: number; hash: string }>> {
  const names =
    engine === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)).rows.map((r) => r.name)
      : (
          await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(db)
        ).rows.map((r) => r.name);
  const content: Record<string, { rows: number; hash: string }> = {};
  for (const name of names.sort()) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db)).rows;
    const lines = rows.map((r) => JSON.stringify(r, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('base64') : v))).sort();
    content[name] = { rows: rows.length, hash: createHash('sha256').update(lines.join('\n')).digest('hex') };
  }
  return content;
}
