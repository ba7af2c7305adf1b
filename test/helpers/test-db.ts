import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Tests run on SQLite by default; with TEST_DATABASE_URL=postgres://… (set by .ci/run for its second pass)
 * every test file gets its own throw-away PostgreSQL database on that server.
 */
export const TEST_PG_URL = process.env.TEST_DATABASE_URL;

export interface TestDatabase {
  databaseUrl?: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (!TEST_PG_URL) return { drop: async () => undefined };
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: TEST_PG_URL });
      await c.connect();
      // pool.end() resolves before its sockets are gone; dropping with force while they close makes the pool
      // report "connection terminated" as an unhandled error. Wait (briefly) until the server sees none.
      for (let i = 0; i < 50; i++) {
        const { rows } = await c.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if ((rows[0]?.n ?? 0) === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
