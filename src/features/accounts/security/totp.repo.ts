import type { Db } from '#core/db/index.js';

/** TOTP secrets and recovery codes (tables from migration 0051). */

export function findTotp(db: Db, userId: number) {
  return db.selectFrom('user_totp').select(['user_id', 'secret', 'confirmed_at', 'last_step']).where('user_id', '=', userId).executeTakeFirst();
}

export async function hasConfirmedTotp(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('user_totp').select('user_id').where('user_id', '=', userId).where('confirmed_at', 'is not', null).executeTakeFirst();
  return row !== undefined;
}

/** A new unconfirmed secret replaces an unconfirmed one; false when TOTP is already on (nothing written). */
export async function startTotp(db: Db, userId: number, secret: string, now: string): Promise<boolean> {
  await db.deleteFrom('user_totp').where('user_id', '=', userId).where('confirmed_at', 'is', null).execute();
  const inserted = await db
    .insertInto('user_totp')
    .values({ user_id: userId, secret, created_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Moves the newest used step forward, only if `step` is newer: one statement, so a code sent twice at once is taken
 * by one request only. `confirm` switches TOTP on with the same step.
 */
export async function useStep(db: Db, userId: number, step: number, confirmAt?: string): Promise<boolean> {
  const result = await db
    .updateTable('user_totp')
    .set({ last_step: step, ...(confirmAt ? { confirmed_at: confirmAt } : {}) })
    .where('user_id', '=', userId)
    .where('last_step', '<', step)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteTotp(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_totp').where('user_id', '=', userId).execute();
}

export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[]): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}

/** Marks an unused code used: true when there was one (each code works once, also against a parallel request). */
export async function useRecoveryCode(db: Db, userId: number, hash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countRecoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
