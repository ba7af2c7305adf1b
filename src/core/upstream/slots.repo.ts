import { sql } from 'kysely';
import type { Db } from '../db/index.js';

/**
 * Claims the next request turn of a paced upstream in one statement, so two processes can never get the same turn:
 * the turn starts at `nowMs` when the last one is over, else where the last one ends; the row then points one
 * interval further. The `where` on the conflict update refuses a turn more than `maxWaitMs` away (no row comes
 * back, nothing changes). An upsert with a conditional update and RETURNING works the same on SQLite and
 * PostgreSQL, and both evaluate the SET on the old row. Returns the turn's start (epoch ms) or null.
 */
export async function claimSlot(db: Db, name: string, nowMs: number, intervalMs: number, maxWaitMs: number): Promise<number | null> {
  const row = await db
    .insertInto('upstream_slots')
    .values({ name, next_slot_at: nowMs + intervalMs })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({
          next_slot_at: sql<number>`case when upstream_slots.next_slot_at < cast(${nowMs} as bigint) then cast(${nowMs + intervalMs} as bigint) else upstream_slots.next_slot_at + cast(${intervalMs} as bigint) end`,
        })
        .where(sql<boolean>`upstream_slots.next_slot_at <= cast(${nowMs + maxWaitMs} as bigint)`),
    )
    .returning('next_slot_at')
    .executeTakeFirst();
  return row ? Number(row.next_slot_at) - intervalMs : null;
}
