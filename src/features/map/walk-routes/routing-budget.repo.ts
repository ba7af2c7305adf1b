import { sql } from 'kysely';
import type { Db } from '#core/db/index.js';

/**
 * The day's count of routing requests (routing_usage), shared by every instance. Counting is one statement, so two
 * processes never both take the last request: an upsert whose update only fires while the count is below
 * `ceiling`, and a row comes back only when this request was counted. The same on SQLite and PostgreSQL.
 */
export async function countRoutingRequest(db: Db, day: string, ceiling: number): Promise<number | null> {
  if (ceiling < 1) return null;
  const row = await db
    .insertInto('routing_usage')
    .values({ day, requests: 1 })
    .onConflict((oc) =>
      oc
        .column('day')
        .doUpdateSet({ requests: sql<number>`routing_usage.requests + 1` })
        .where(sql<boolean>`routing_usage.requests < cast(${ceiling} as integer)`),
    )
    .returning('requests')
    .executeTakeFirst();
  return row ? Number(row.requests) : null;
}

/** Requests counted on the day (0 before the first). */
export async function routingRequestsOn(db: Db, day: string): Promise<number> {
  const row = await db.selectFrom('routing_usage').select('requests').where('day', '=', day).executeTakeFirst();
  return row ? Number(row.requests) : 0;
}
