import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type LogEvent } from 'kysely';
import { createRequire } from 'node:module';
import type Pg from 'pg';
import type { Database } from './schema.js';
import { CommitReportingPostgresDialect } from '#platform/db/pg-dialect.js';
import { PreparingPool } from '#platform/db/pg-prepared.js';
import { compileEachTime } from './compiled-once.js';
import { ImmediateSqliteDialect, withStatementCache } from '#platform/db/sqlite-dialect.js';
import { WriteWatchPlugin } from '#platform/db/write-watch.js';

export type { Database };
export type Db = Kysely<Database>;
export type DbEngine = 'sqlite' | 'postgres';

/** The app's sessions on PostgreSQL carry this name, so a restore can tell that the app is still running. */
export const APP_SESSION_NAME = 'pfotenbuch';

/** The SQLite file inside the data folder. */
export const SQLITE_FILE = 'pfotenbuch.sqlite';

export interface OpenDbOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** SQLite file name inside dataDir. */
  fileName?: string;
  /**
   * Called with each statement's SQL and bound parameters after it ran (Kysely's `log`); only tests pass it
   * (test/helpers/query-count.ts, test/helpers/query-plans.ts).
   */
  onQuery?: (sql: string, parameters: readonly unknown[]) => void;
  /** PostgreSQL: send repeated statements as named prepared statements (pg-prepared.ts); on unless false. */
  preparedStatements?: boolean;
  /** SQLite: the page cache's size in MB (SQLITE_CACHE_MB; without it better-sqlite3's default, 16). */
  sqliteCacheMb?: number;
  /** SQLite: prepared statements kept per connection (SQLITE_STATEMENT_CACHE; 500 unless given, 0 = none). */
  sqliteStatementCache?: number;
  /** false: compiledOnce reads are built and compiled on every call (COMPILED_ONCE; on unless false). */
  compiledOnce?: boolean;
}

export interface DbHandle {
  db: Db;
  engine: DbEngine;
  /** Reports the tables each write touches (see write-watch.ts). */
  writes: WriteWatchPlugin;
  /** PostgreSQL: the pool's connection counts (for /metrics). */
  pool?: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };
  close(): Promise<void>;
}

/** Invoices must survive a power loss: older SQLite builds have known WAL corruption bugs fixed in 3.51.3. */
const MIN_SQLITE = [3, 51, 3];

function assertSqliteVersion(version: string): void {
  const parts = version.split('.').map(Number);
  for (let i = 0; i < MIN_SQLITE.length; i++) {
    const have = parts[i] ?? 0;
    const need = MIN_SQLITE[i] ?? 0;
    if (have > need) return;
    if (have < need) throw new Error(`SQLite ${version} ist zu alt; gebraucht wird ${MIN_SQLITE.join('.')} oder neuer.`);
  }
}

export function openSqlite(file: string, cacheMb?: number): SQLite.Database {
  const sqlite = new SQLite(file);
  // Negative: a size in KiB instead of a page count.
  if (cacheMb !== undefined) sqlite.pragma(`cache_size = ${-Math.round(cacheMb * 1024)}`);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 10000');
  const row = sqlite.prepare('select sqlite_version() as v').get() as { v: string };
  assertSqliteVersion(row.v);
  return sqlite;
}

export function openDb(options: OpenDbOptions): DbHandle {
  const { onQuery } = options;
  const log = onQuery ? (event: LogEvent) => onQuery(event.query.sql, event.query.parameters) : undefined;
  if (options.databaseUrl) {
    // pg is loaded only for PostgreSQL: a server on SQLite (the default) does not carry it.
    const pg = createRequire(import.meta.url)('pg') as typeof Pg;
    // int8 (count(*), sums) arrives as a string by default; our counts fit in a JS number.
    pg.types.setTypeParser(20, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, application_name: APP_SESSION_NAME });
    const writes = new WriteWatchPlugin();
    const dialectPool = options.preparedStatements === false ? pool : new PreparingPool(pool);
    const db = new Kysely<Database>({ dialect: new CommitReportingPostgresDialect({ pool: dialectPool }, () => writes.committed()), plugins: [writes], log });
    if (options.compiledOnce === false) compileEachTime(db);
    return { db, engine: 'postgres', writes, pool, close: () => db.destroy() };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const sqlite = openSqlite(join(options.dataDir, options.fileName ?? SQLITE_FILE), options.sqliteCacheMb);
  const writes = new WriteWatchPlugin();
  const dialect = new ImmediateSqliteDialect({ database: withStatementCache(sqlite, options.sqliteStatementCache) }, () => writes.committed());
  const db = new Kysely<Database>({ dialect, plugins: [writes], log });
  if (options.compiledOnce === false) compileEachTime(db);
  return { db, engine: 'sqlite', writes, close: () => db.destroy() };
}
