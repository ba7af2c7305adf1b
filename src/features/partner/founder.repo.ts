import type { Db } from '../../core/db/index.js';

/** The spec's cap: at most 100 founder places, numbered 1–100, never handed out twice. */
export const FOUNDER_PLACES = 100;

/**
 * Takes the next founder number in one conditional UPDATE … RETURNING, or undefined when all places are gone.
 * Call it inside the transaction that also marks the user, after that user's row is locked: every founder path
 * locks user → (partner code →) counter in this order, so two paths never deadlock. The user row belongs to
 * accounts: its founder writes (lockFounderState, claimFounderPending, setFounder, setFounderPending) live in
 * accounts' users.repo.ts and this area calls them through accounts/index.ts.
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
