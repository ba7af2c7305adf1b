import type { Db } from '../../core/db/index.js';
import { whereInBox, type BoundingBox } from '../../core/geo/index.js';

/** Active users whose saved position lies in the box (the exact radius is core/geo's `nearest`), except one. */
export async function usersInBox(db: Db, box: BoundingBox, exceptUserId: number) {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'lat', 'lon'])
    .where((eb) => whereInBox(eb, box, 'lat', 'lon'))
    .where('status', '=', 'active')
    .where('id', '<>', exceptUserId)
    .limit(20_000)
    .execute();
  return rows.filter((u): u is { id: number; lat: number; lon: number } => u.lat !== null && u.lon !== null);
}

export async function insertConfirmation(db: Db, warningId: number, userId: number, now: string): Promise<boolean> {
  const r = await db
    .insertInto('poison_confirmations')
    .values({ warning_id: warningId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['warning_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function countConfirmations(db: Db, warningId: number): Promise<number> {
  const r = await db
    .selectFrom('poison_confirmations')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('warning_id', '=', warningId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function setWarningState(
  db: Db,
  id: number,
  values: { status?: string; confirmed_count?: number; last_activity_at?: string; updated_at: string },
): Promise<void> {
  await db.updateTable('poison_warnings').set(values).where('id', '=', id).execute();
}

/** Unconfirmed and confirmed warnings whose last report or confirmation is older than `before` become archived. */
export async function archiveWarnings(db: Db, before: string, now: string): Promise<number> {
  const r = await db
    .updateTable('poison_warnings')
    .set({ status: 'archived', updated_at: now })
    .where('status', 'in', ['unconfirmed', 'confirmed'])
    .where('last_activity_at', '<', before)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** After an account is gone: its inactive reports go; active ones stay anonymised (user_id already null). */
export async function deleteInactiveAnonymous(db: Db): Promise<void> {
  await db.deleteFrom('poison_warnings').where('user_id', 'is', null).where('status', 'in', ['archived', 'false_alarm']).execute();
  await db.deleteFrom('lost_dogs').where('user_id', 'is', null).where('status', '=', 'found').execute();
}
