/**
 * Counts the SQL statements the app runs, through Kysely's `log` (openDb's `onQuery`): every statement sent to the
 * database, reads, writes and a transaction's BEGIN/COMMIT alike, on SQLite and PostgreSQL.
 *
 * Usage:
 *   const queries = queryCounter();
 *   const t = useTestApp({ onQuery: queries.onQuery });
 *   const { count, sql } = await queries.during(t.ctx, () => agentAs(t, user).get('/api/friends').expect(200));
 *
 * The session lookup is cached per session for a second (core/auth/session-cache.ts), so whether a request pays
 * for it depends on timing. `during` empties that cache first (an empty transaction's commit does), and a fresh
 * `agentAs` carries a new session anyway, so every counted request includes the lookup and the counts do not
 * depend on how fast the test ran. Before counting it waits for the push queue and until the database has been
 * quiet for a moment, so that work a seeding request left behind is not counted.
 */
import type { AppContext } from '#core/context.js';

export interface Counted<T> {
  /** What the callback returned. */
  result: T;
  /** Statements run while it ran. */
  count: number;
  /** Their SQL, in the order they finished. */
  sql: string[];
}

export interface QueryCounter {
  /** Hand to useTestApp({ onQuery }) / createTestApp. */
  onQuery: (sql: string) => void;
  /** Runs `fn` (a request) and counts the statements it caused. */
  during<T>(ctx: AppContext, fn: () => PromiseLike<T>): Promise<Counted<T>>;
}

/** How long the database must be quiet before counting starts (work a seeding request left behind, e.g. pushes). */
const QUIET_MS = 40;

export function queryCounter(): QueryCounter {
  let heard: string[] | undefined;
  let lastAt = 0;
  const onQuery = (sql: string) => {
    lastAt = performance.now();
    heard?.push(sql);
  };

  async function quiet(ctx: AppContext): Promise<void> {
    await ctx.push.settled();
    for (let waited = 0; waited < 2_000; waited += 10) {
      if (performance.now() - lastAt >= QUIET_MS) return;
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  return {
    onQuery,
    async during(ctx, fn) {
      await quiet(ctx);
      // An empty transaction's commit empties the session cache (write-watch: every commit counts as a write).
      await ctx.db.transaction().execute(async () => undefined);
      heard = [];
      try {
        const result = await fn();
        const sql = heard;
        return { result, count: sql.length, sql: [...sql] };
      } finally {
        heard = undefined;
      }
    },
  };
}
