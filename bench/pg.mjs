// PostgreSQL for the benchmarks: the test cluster of scripts/pg-test-server.sh started and stopped on a port, its
// postmaster's pid (for its CPU: treeCpuMs in bench/lib.mjs), and a database emptied for a fresh seed.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';

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
