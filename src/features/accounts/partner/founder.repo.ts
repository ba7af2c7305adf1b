import type { Db } from '#core/db/index.js';

/** The spec's cap: at most 100 founder places, numbered 1–100, never handed out twice. */
export const FOUNDER_PLACES = 100;

/**
 * Takes the next founder number in one conditional UPDATE … RETURNING, or undefined when all places are gone.
 * Call it inside the transaction that also marks the user, after that user's row is locked: every founder path
 * locks user → (partner code →) counter in this order, so two paths never deadlock.
 */
export async function takeFounderNumber(trx: Db): Promise<number | undefined> {
  const row = await trx
    .updateTable('founder_counter')
    .set((eb) => ({ last: eb('last', '+', 1) }))
    .where('id', '=', 1)
    .where('last', '<', FOUNDER_PLACES)
    .returning('last')
    .executeTakeFirst();
  return row?.last;
}

export async function founderPlacesTaken(db: Db): Promise<number> {
  const row = await db.selectFrom('founder_counter').select('last').where('id', '=', 1).executeTakeFirstOrThrow();
  return row.last;
}

/*
 * The founder state on the user row: the founder bookkeeping lives here in one place, the counter above and the
 * user's founder columns below (accounts only shows them). Every founder path locks user → (partner code →) counter in this order, so two paths
 * never deadlock: the user-row lock is taken first by lockFounderState or claimFounderPending.
 */

export interface FounderState {
  id: number;
  is_founder: number;
  is_founder_pending: number;
  founder_number: number | null;
}

const FOUNDER_COLUMNS = ['id', 'is_founder', 'is_founder_pending', 'founder_number'] as const;

/** Marks the user founder with the number; the unique index on founder_number is the second guard. */
export async function setFounder(trx: Db, userId: number, founderNumber: number, now: string): Promise<boolean> {
  const row = await trx
    .updateTable('users')
    .set({ is_founder: 1, is_founder_pending: 0, founder_number: founderNumber, updated_at: now })
    .where('id', '=', userId)
    .where('is_founder', '=', 0)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Locks the user row (a no-op write) and returns its founder state, or undefined when there is no such user. */
export async function lockFounderState(trx: Db, userId: number, now: string): Promise<FounderState | undefined> {
  return trx.updateTable('users').set({ updated_at: now }).where('id', '=', userId).returning(FOUNDER_COLUMNS).executeTakeFirst();
}

/** Clears the pending flag if set (taking the row lock); true when this call was the one that cleared it. */
export async function claimFounderPending(trx: Db, userId: number, now: string): Promise<boolean> {
  const row = await trx
    .updateTable('users')
    .set({ is_founder_pending: 0, updated_at: now })
    .where('id', '=', userId)
    .where('is_founder_pending', '=', 1)
    .where('is_founder', '=', 0)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setFounderPending(trx: Db, userId: number, now: string): Promise<void> {
  await trx.updateTable('users').set({ is_founder_pending: 1, updated_at: now }).where('id', '=', userId).execute();
}
