// PostgreSQL for the benchmarks: the test cluster of scripts/pg-test-server.sh started and stopped on a port, its
// postmaster's pid (for its CPU: treeCpuMs in bench/lib.mjs), a database emptied for a fresh seed, and a monitor
// connection that finds the backends serving the app (for their CPU apart from the cluster's background work).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import pg from 'pg';

/** The app's application_name (APP_SESSION_NAME in src/core/db/index.ts) and the benchmark's own. */
const APP_NAME = 'pfotenbuch';
const MONITOR_NAME = 'pfotenbuch-bench';

const pidFile = (port) => `/tmp/pfotenbuch-pg-${port}/db/postmaster.pid`;

/** Whether a cluster already runs on `port` (tests of someone else, say). */
export const pgServerUp = (port) => existsSync(pidFile(port));

/** Starts (or finds) the cluster on `port`: its admin database URL and the postmaster's pid. */
export function startPgServer(port) {
  const url = execFileSync('scripts/pg-test-server.sh', ['start', String(port)], { encoding: 'utf8' }).trim();
  const pid = Number(readFileSync(pidFile(port), 'utf8').split('\n')[0]);
  return { url, pid };
}

export function stopPgServer(port) {
  execFileSync('scripts/pg-test-server.sh', ['stop', String(port)]);
}

/**
 * Drops everything in the database (schema public) so migrations start from nothing. `sql` must be the kysely of
 * the caller's tsImport (each has its own copy, and the engine checks only hold within one).
 */
export async function emptySchema(db, sql) {
  await sql`drop schema public cascade`.execute(db);
  await sql`create schema public`.execute(db);
}

/** emptySchema on the database at `databaseUrl`, through a handle of its own. */
export async function emptyPgDatabase(openDb, sql, databaseUrl) {
  const handle = openDb({ databaseUrl, dataDir: tmpdir() });
  try {
    await emptySchema(handle.db, sql);
  } finally {
    await handle.close();
  }
}

/**
 * A connection of the benchmark's own to the cluster at `adminUrl` (application_name pfotenbuch-bench, so it is never
 * counted as the app's): databases per size, VACUUM (ANALYZE), the wait for autovacuum, and the app's backends.
 */
export async function pgMonitor(adminUrl) {
  const admin = new pg.Client({ connectionString: adminUrl, application_name: MONITOR_NAME });
  await admin.connect();
  const urlOf = (database) => {
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    return url.href;
  };
  return {
    urlOf,
    /** A new, empty database (dropped first if it is left from an earlier run); its URL. */
    async createDatabase(database) {
      await admin.query(`drop database if exists "${database}" with (force)`);
      await admin.query(`create database "${database}"`);
      return urlOf(database);
    },
    /** VACUUM (ANALYZE) of `database`: statistics and the visibility map as autovacuum would leave them, now. */
    async vacuumAnalyze(database) {
      const client = new pg.Client({ connectionString: urlOf(database), application_name: MONITOR_NAME });
      await client.connect();
      try {
        await client.query('vacuum (analyze)');
      } finally {
        await client.end();
      }
    },
    /**
     * Waits until no autovacuum worker runs (twice in a row, 0.5 s apart), at most `timeoutMs`: the ms waited and
     * whether one still ran at the deadline.
     */
    async autovacuumQuiet(timeoutMs = 120_000) {
      const started = Date.now();
      let quiet = 0;
      while (Date.now() - started < timeoutMs) {
        const { rows } = await admin.query("select count(*)::int as n from pg_stat_activity where backend_type = 'autovacuum worker'");
        quiet = rows[0].n === 0 ? quiet + 1 : 0;
        if (quiet >= 2) return { ms: Date.now() - started, stillRunning: false };
        await new Promise((r) => setTimeout(r, 500));
      }
      return { ms: Date.now() - started, stillRunning: true };
    },
    /** The pids of the backends serving the app's pool on `database` (application_name of src/core/db/index.ts). */
    async appBackends(database) {
      const { rows } = await admin.query('select pid from pg_stat_activity where application_name = $1 and datname = $2', [APP_NAME, database]);
      return rows.map((r) => r.pid);
    },
    async dropDatabase(database) {
      await admin.query(`drop database if exists "${database}" with (force)`);
    },
    close: () => admin.end(),
  };
}
