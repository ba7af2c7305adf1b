import { sql } from 'kysely';
import type { Db } from '../db/index.js';

/**
 * The turn of a paced upstream (upstream_slots): `next_slot_at` is when the next request may go, or, while one is
 * in flight, the end of its hold. Taking the turn is one statement, so two processes never both get it: an upsert
 * whose conditional update only fires when the turn is due (`next_slot_at <= now`) and then holds the row until
 * `holdUntilMs`; a row comes back only to the winner. It works the same on SQLite and PostgreSQL.
 */
export async function takeTurn(db: Db, name: string, nowMs: number, holdUntilMs: number): Promise<boolean> {
  const row = await db
    .insertInto('upstream_slots')
    .values({ name, next_slot_at: holdUntilMs })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ next_slot_at: holdUntilMs })
        .where(sql<boolean>`upstream_slots.next_slot_at <= cast(${nowMs} as bigint)`),
    )
    .returning('name')
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends a hold: the next request may go at `nextMs`. Only while the hold is still this one (it did not expire). */
export async function endTurn(db: Db, name: string, holdUntilMs: number, nextMs: number): Promise<void> {
  await db.updateTable('upstream_slots').set({ next_slot_at: nextMs }).where('name', '=', name).where('next_slot_at', '=', holdUntilMs).execute();
}

/** When the next request may go (or a hold ends); undefined before the first request. */
export async function nextTurnAt(db: Db, name: string): Promise<number | undefined> {
  const row = await db.selectFrom('upstream_slots').select('next_slot_at').where('name', '=', name).executeTakeFirst();
  return row ? Number(row.next_slot_at) : undefined;
}
