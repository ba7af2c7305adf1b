import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import { type Kysely, Migrator } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../../src/app.js';
import type { Clock } from '#core/clock.js';
import { loadConfig, type Config } from '#core/config.js';
import type { AppContext } from '#core/context.js';
import { createContext } from '#platform/create-context.js';
import { openDb } from '#core/db/index.js';
import { migrations } from '../../migrations/index.js';
import { migrateToLatest } from '#platform/db/migrate.js';
import { createLogger, type Logger } from '#core/logger.js';
import type { MailTransport } from '#platform/mail/transport.js';
import { watchResponses } from '../contract/response-hook.js';
import { testMediaEnv } from './media.js';
import { memoryTransport } from './memory-mail.js';
import { createTestDatabase } from './test-db.js';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export interface TestAppOptions {
  /** Extra environment for loadConfig (e.g. RATE_LIMITS_ENABLED: 'true'). */
  env?: Record<string, string>;
  clock?: Clock;
  mailTransport?: MailTransport;
  /**
   * For a migration's test: the database is first migrated up to `migration` only, `seed` writes rows in that older
   * schema (untyped), and then the remaining migrations run as at a real start.
   */
  upgradeFrom?: { migration: string; seed: (db: Kysely<any>) => Promise<void> };
  /** Hears every SQL statement the app runs, with its parameters (test/helpers/query-count.ts, query-plans.ts). */
  onQuery?: (sql: string, parameters: readonly unknown[]) => void;
}

async function migrateUpTo(db: Kysely<any>, migration: string): Promise<void> {
  if (!(migration in migrations)) throw new Error(`upgradeFrom: unknown migration ${migration}`);
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(migration);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

export interface TestApp {
  ctx: AppContext;
  app: Express;
  dataDir: string;
  mail: ReturnType<typeof memoryTransport>;
  close(): Promise<void>;
}

export function testEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Cheap hashes keep the suite fast; production enforces the real cost in loadConfig.
    ARGON2_MEMORY_KIB: '256',
    ARGON2_TIME_COST: '1',
    RATE_LIMITS_ENABLED: 'false',
    JOBS_ENABLED: 'false',
    PUBLIC_URL: 'http://127.0.0.1',
    // Off unless a test starts the fake: tests never reach the public Nominatim.
    NOMINATIM_URL: '',
    OVERPASS_URLS: '',
    // Port 9 (discard) refuses at once: a test that forgot its fake fails fast instead of editing OpenStreetMap.
    OSM_API_URL: 'http://127.0.0.1:9',
    // The dashboard's food-alert card asks the feed: refused at once unless a test starts the fake.
    FOOD_ALERTS_URL: 'http://127.0.0.1:9',
    // The dashboard's walk-weather card asks Bright Sky's /alerts for a home area: refused at once unless a test starts the fake.
    WEATHER_ALERTS_URL: 'http://127.0.0.1:9',
    ...extra,
  };
}

/**
 * A clock that runs with real time from 11:00 Berlin on a fixed day: for tests whose pushes must not fall into
 * the default quiet hours (22:00–07:00) when the suite happens to run at night.
 */
export function daytimeClock(start = '2026-11-21T10:00:00Z'): Clock {
  const offset = Date.parse(start) - Date.now();
  return { now: () => new Date(Date.now() + offset) };
}

/** A migrated database (SQLite in a temp folder, or a fresh PostgreSQL database) and an app around it. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-test-'));
  const testDb = await createTestDatabase();
  const env = testEnv(dataDir, { ...(testDb.databaseUrl ? { DATABASE_URL: testDb.databaseUrl } : {}), ...(await testMediaEnv()), ...options.env });
  const config = loadConfig(env);
  const dbHandle = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, sqliteCacheMb: config.sqliteCacheMb, onQuery: options.onQuery });
  if (options.upgradeFrom) {
    await migrateUpTo(dbHandle.db, options.upgradeFrom.migration);
    await options.upgradeFrom.seed(dbHandle.db as Kysely<any>);
  }
  await migrateToLatest(dbHandle.db);
  const mail = memoryTransport();
  const log = createLogger(config.logLevel);
  const ctx = createContext({ config, dbHandle, log, clock: options.clock, mailTransport: options.mailTransport ?? mail });
  await ctx.blocklist.load();
  await ctx.metrics?.ready;
  const app = createWatchedApp(ctx);
  return {
    ctx,
    app,
    dataDir,
    mail,
    async close() {
      await ctx.background.settled();
      await dbHandle.close();
      await testDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * createApp for tests: in the API suite every /api/ answer is checked against the OpenAPI document
 * (test/contract/response-hook.ts). For a second app on a test app's context (another instance, a restart).
 */
export function createWatchedApp(ctx: AppContext): Express {
  const app = createApp(ctx);
  watchResponses(app, ctx);
  return app;
}

/**
 * A second app on a test app's database and data folder: another instance of the app (its own pool or SQLite
 * connection), or the same one after a restart. Pass the test app's `ctx.config`, changed where the test needs it;
 * the log is silent unless one is given.
 */
export function secondInstance(config: Config, options: { clock?: Clock; log?: Logger } = {}) {
  const dbHandle = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const log = options.log ?? createLogger('silent');
  const ctx = createContext({ config, dbHandle, log, clock: options.clock, mailTransport: memoryTransport() });
  return { app: createWatchedApp(ctx), ctx, close: () => dbHandle.close() };
}

/**
 * One test app per test file: `const t = useTestApp();` then `t.app`, `t.ctx` inside tests.
 * Each test makes its own rows with the factories, so tests in a file do not depend on each other.
 * Options that need something started first (a fake server's URL) can come from a function, called before the app.
 */
export function useTestApp(options: TestAppOptions | (() => Promise<TestAppOptions>) = {}): TestApp {
  const holder = {} as { current?: TestApp };
  beforeAll(async () => {
    holder.current = await createTestApp(typeof options === 'function' ? await options() : options);
  });
  afterAll(async () => {
    await holder.current?.close();
  });
  return new Proxy({} as TestApp, {
    get(_target, prop: keyof TestApp) {
      if (!holder.current) throw new Error('useTestApp: app not ready (use it inside a test)');
      return holder.current[prop];
    },
  });
}
