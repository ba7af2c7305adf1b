import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * One atomic upsert per counted request: a new window starts at the first hit after the old one ended, otherwise
 * the hit is added. Both engines evaluate every SET expression on the old row, so `hits` and `reset_at` agree.
 */
export async function incrementCounter(db: Kysely<Database>, key: string, nowMs: number, windowMs: number): Promise<{ hits: number; resetAt: number }> {
  const newReset = nowMs + windowMs;
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ key, hits: 1, reset_at: newReset })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when rate_limit_counters.reset_at <= cast(${nowMs} as bigint) then 1 else rate_limit_counters.hits + 1 end`,
        reset_at: sql<number>`case when rate_limit_counters.reset_at <= cast(${nowMs} as bigint) then cast(${newReset} as bigint) else rate_limit_counters.reset_at end`,
      }),
    )
    .returning(['hits', 'reset_at'])
    .executeTakeFirstOrThrow();
  return { hits: Number(row.hits), resetAt: Number(row.reset_at) };
}

export async function readCounter(db: Kysely<Database>, key: string, nowMs: number): Promise<{ hits: number; resetAt: number } | undefined> {
  const row = await db.selectFrom('rate_limit_counters').select(['hits', 'reset_at']).where('key', '=', key).where('reset_at', '>', nowMs).executeTakeFirst();
  return row ? { hits: Number(row.hits), resetAt: Number(row.reset_at) } : undefined;
}

export async function decrementCounter(db: Kysely<Database>, key: string, nowMs: number): Promise<void> {
  await db
    .updateTable('rate_limit_counters')
    .set({ hits: sql<number>`hits - 1` })
    .where('key', '=', key)
    .where('hits', '>', 0)
    .where('reset_at', '>', nowMs)
    .execute();
}

export async function deleteCounter(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('key', '=', key).execute();
}

export async function deleteCountersWithPrefix(db: Kysely<Database>, prefix: string): Promise<void> {
  // The prefix is a family name from the code's own table (letters only), never user input.
  await db.deleteFrom('rate_limit_counters').where('key', 'like', `${prefix}:%`).execute();
}

/** Windows that ended: nothing reads them again. */
export async function purgeExpiredCounters(db: Kysely<Database>, nowMs: number): Promise<number> {
  const result = await db.deleteFrom('rate_limit_counters').where('reset_at', '<=', nowMs).executeTakeFirst();
  return Number(result.numDeletedRows);
}
