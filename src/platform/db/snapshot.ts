import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';
import type Pg from 'pg';
import { childProcessEnv } from '#core/config.js';
import { APP_SESSION_NAME } from '#core/db/index.js';

/**
 * The engine half of a backup (platform/backup): a consistent copy of the database while the app keeps serving, with the
 * row count of every table and the migrations it has, as of the copy; and the way back.
 *
 * - SQLite: `VACUUM INTO` on a read-only connection of its own in a worker thread. It reads inside one read
 *   transaction, so the copy is the database as of its start (WAL: writers go on meanwhile), and the event loop
 *   never waits for it. The online backup API would restart whenever another process (a cluster worker) writes.
 * - PostgreSQL: `pg_dump -Fc` inside a REPEATABLE READ transaction whose snapshot it shares (`--snapshot`), so
 *   the row counts and the dump see the same data.
 */

export interface DatabaseSnapshot {
  /** Rows per table, as of the copy. */
  tables: Record<string, number>;
  /** The names in kysely_migration, oldest first: the schema version of the copy. */
  migrations: string[];
}

const require = createRequire(import.meta.url);

/** The worker's code: plain CommonJS, so it runs the same from the sources (tests) and from the bundle (dist/). */
const SQLITE_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const source = new Database(workerData.source, { readonly: true, fileMustExist: true });
source.pragma('busy_timeout = 10000');
source.prepare('VACUUM INTO ?').run(workerData.target);
source.close();
const copy = new Database(workerData.target, { readonly: true, fileMustExist: true });
const names = copy.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").pluck().all();
const tables = {};
for (const name of names) tables[name] = copy.prepare('select count(*) from "' + name.replace(/"/g, '""') + '"').pluck().get();
const migrations = names.includes('kysely_migration') ? copy.prepare('select name from kysely_migration order by name').pluck().all() : [];
copy.close();
parentPort.postMessage({ tables, migrations });
`;

/** A consistent copy of a live SQLite database into `target` (which must not exist yet). */
export function snapshotSqlite(source: string, target: string): Promise<DatabaseSnapshot> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(SQLITE_WORKER, { eval: true, workerData: { driver: require.resolve('better-sqlite3'), source, target } });
    let result: DatabaseSnapshot | undefined;
    worker.once('message', (message: DatabaseSnapshot) => (result = message));
    worker.once('error', reject);
    worker.once('exit', (code) => (result ? resolve(result) : reject(new Error(`SQLite snapshot worker exited with ${code}`))));
  });
}

/** Row counts and migrations of a SQLite file (a snapshot about to be restored, or the database after a restore). */
export function inspectSqlite(file: string): DatabaseSnapshot {
  const SQLite = require('better-sqlite3') as typeof BetterSqlite3;
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const names = db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").pluck().all() as string[];
    const tables: Record<string, number> = {};
    for (const name of names)
      tables[name] = db
        .prepare(`select count(*) from "${name.replace(/"/g, '""')}"`)
        .pluck()
        .get() as number;
    const migrations = names.includes('kysely_migration') ? (db.prepare('select name from kysely_migration order by name').pluck().all() as string[]) : [];
    return { tables, migrations };
  } finally {
    db.close();
  }
}

/** `PRAGMA integrity_check` of a SQLite file: 'ok' or the first problems SQLite names. */
export function integrityOfSqlite(file: string): string {
  const SQLite = require('better-sqlite3') as typeof BetterSqlite3;
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('pragma integrity_check').pluck().all() as string[]).join('; ');
  } finally {
    db.close();
  }
}

/** Whether pg_dump and pg_restore are on PATH (managed databases are backed up by their provider instead). */
export function postgresToolsAvailable(): boolean {
  return ['pg_dump', 'pg_restore'].every((tool) => spawnSync(tool, ['--version'], { stdio: 'ignore' }).status === 0);
}

function pgClient(url: string): Pg.Client {
  const pg = require('pg') as typeof Pg;
  return new pg.Client({ connectionString: url, application_name: 'pfotenbuch-backup' });
}

/**
 * Runs a PostgreSQL tool on the database `url` names. The password goes in PGPASSWORD, not on the command line,
 * where every local user could read it in the process list. Rejects with the tool's own last lines (they name the
 * problem; the password is not in them).
 */
function runTool(tool: string, args: string[], url: string): Promise<void> {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  return new Promise((resolve, reject) => {
    const env = childProcessEnv(password ? { PGPASSWORD: password } : {});
    const child = spawn(tool, [...args, `--dbname=${target.toString()}`], { stdio: ['ignore', 'ignore', 'pipe'], env });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2_000)));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${tool} exited with ${code}: ${stderr.trim()}`))));
  });
}

async function pgCounts(client: Pg.Client): Promise<DatabaseSnapshot> {
  const { rows } = await client.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name",
  );
  const tables: Record<string, number> = {};
  for (const { name } of rows) {
    const counted = await client.query<{ n: string }>(`select count(*) as n from "${name.replace(/"/g, '""')}"`);
    tables[name] = Number(counted.rows[0]?.n ?? 0);
  }
  const migrations = rows.some((r) => r.name === 'kysely_migration')
    ? (await client.query<{ name: string }>('select name from kysely_migration order by name')).rows.map((r) => r.name)
    : [];
  return { tables, migrations };
}

/** `pg_dump -Fc` of the database into `target`, with row counts from the very snapshot the dump reads. */
export async function snapshotPostgres(url: string, target: string): Promise<DatabaseSnapshot> {
  const client = pgClient(url);
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const exported = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const counts = await pgCounts(client);
    await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${exported.rows[0]!.id}`, `--file=${target}`], url);
    await client.query('commit');
    return counts;
  } finally {
    await client.end();
  }
}

/** Row counts and migrations of the live PostgreSQL database (after a restore). */
export async function inspectPostgres(url: string): Promise<DatabaseSnapshot> {
  const client = pgClient(url);
  await client.connect();
  try {
    return await pgCounts(client);
  } finally {
    await client.end();
  }
}

/** Sessions of the app on this database other than our own: a restore under a running app is refused. */
export async function otherAppSessions(url: string): Promise<number> {
  const client = pgClient(url);
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and application_name = $1',
      [APP_SESSION_NAME],
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** Replaces the database's contents with a dump: the schema emptied, then the dump restored in one transaction. */
export async function restorePostgres(url: string, dumpFile: string): Promise<void> {
  const client = pgClient(url);
  await client.connect();
  try {
    await client.query('drop schema public cascade');
    await client.query('create schema public');
  } finally {
    await client.end();
  }
  await runTool('pg_restore', ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', dumpFile], url);
}

/** A dump of the current database before a restore replaces it (the way back if the restore was the mistake). */
export async function dumpPostgres(url: string, target: string): Promise<void> {
  await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${target}`], url);
}
