import type { Server } from 'node:http';
import type { Express } from 'express';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { AppContext } from '#core/context.js';
import { TEST_PG_URL } from '../helpers/test-db.js';

/**
 * One listening server for a race file: every request goes over a real socket, so requests interleave in the
 * event loop (SQLite) or run truly in parallel on the connection pool (PostgreSQL).
 */
export function useListeningServer(t: { app: Express }): { readonly server: Server } {
  const holder: { server?: Server } = {};
  beforeAll(async () => {
    holder.server = await new Promise<Server>((resolve) => {
      const s = t.app.listen(0, '127.0.0.1', () => resolve(s));
    });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => (holder.server ? holder.server.close(() => resolve()) : resolve()));
  });
  return {
    get server() {
      if (!holder.server) throw new Error('server not started');
      return holder.server;
    },
  };
}

/** Counts of each value; used to prove "each exactly once". */
export function tally<T>(values: T[]): Map<T, number> {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}

export const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * pg-pool's end() resolves before its sockets are closed, and the harness then drops the database "with (force)",
 * which can kill a connection that is still closing: an unhandled 57P01 error that fails the run. Race files leave
 * up to ten pooled connections behind, so before the harness tears down (after-hooks run in reverse order) this
 * closes the pool and waits until the server has no backend for the test database left.
 */
export function settlePoolBeforeTeardown(t: { ctx: AppContext }): void {
  afterAll(async () => {
    if (t.ctx.engine !== 'postgres' || !TEST_PG_URL || !t.ctx.config.databaseUrl) return;
    const name = new URL(t.ctx.config.databaseUrl).pathname.slice(1);
    await t.ctx.db.destroy();
    const admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
    try {
      for (let i = 0; i < 100; i++) {
        const res = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (!res.rows[0]?.n) return;
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      await admin.end();
    }
  });
}
