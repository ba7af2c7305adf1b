import type { Updateable } from 'kysely';
import { SESSION_USER_COLUMNS, type SessionUser } from '#core/auth/session-user.js';
import type { Db } from '#core/db/index.js';
import type { UsersTable } from '#core/db/tables/accounts.js';

export async function findUserById(db: Db, id: number): Promise<SessionUser | undefined> {
  return db.selectFrom('users').select(SESSION_USER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function findCredentialsByEmail(db: Db, email: string) {
  return db.selectFrom('users').select(['id', 'password_hash', 'status', 'token_version']).where('email', '=', email).executeTakeFirst();
}

export async function findPasswordHash(db: Db, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst();
  return row?.password_hash;
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

export async function insertUser(db: Db, values: { email: string; password_hash: string; name: string; now: string }): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ email: values.email, password_hash: values.password_hash, name: values.name, created_at: values.now, updated_at: values.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(db: Db, id: number, values: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

/** Bumps the token version: every session issued before now stops working. */
export async function endAllSessions(db: Db, id: number, now: string): Promise<number> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .returning('token_version')
    .executeTakeFirstOrThrow();
  return row.token_version;
}

/** Name and address for a mail or an invoice's billing snapshot. */
export async function findUserContact(db: Db, id: number): Promise<{ name: string; email: string } | undefined> {
  return db.selectFrom('users').select(['name', 'email']).where('id', '=', id).executeTakeFirst();
}

/** The account with this (normalised) email, only when the address is confirmed: invitations are matched by it. */
export async function findVerifiedUserIdByEmail(db: Db, email: string): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).where('email_verified_at', 'is not', null).executeTakeFirst();
  return row?.id;
}

export async function markEmailVerified(db: Db, id: number, now: string): Promise<void> {
  await db.updateTable('users').set({ email_verified_at: now, updated_at: now }).where('id', '=', id).where('email_verified_at', 'is', null).execute();
}

/** active, suspended or banned (admin-users decides; ending the sessions is a separate step). */
export async function setUserStatus(db: Db, id: number, status: string, now: string): Promise<void> {
  await db.updateTable('users').set({ status, updated_at: now }).where('id', '=', id).execute();
}

export async function setUserPartner(db: Db, id: number, isPartner: 0 | 1, now: string): Promise<void> {
  await db.updateTable('users').set({ is_partner: isPartner, updated_at: now }).where('id', '=', id).execute();
}

/**
 * Locks the user row for the rest of the transaction (a write of nothing new) and answers what the plan limits read
 * (src/shared/plans.ts): a count of the user's dogs, a dog's people or an entry's photos followed by an insert is one
 * step for that user then, on both engines. Undefined when there is no such user.
 */
export async function lockPlanOf(trx: Db, id: number): Promise<{ is_premium: number; rolle: string } | undefined> {
  return trx
    .updateTable('users')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .returning(['is_premium', 'rolle'])
    .executeTakeFirst();
}

/** The plan an upgrade request grants (upgrades decides tier and premium). */
export async function setUserTier(db: Db, id: number, tier: string, isPremium: boolean, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ subscription_tier: tier, is_premium: isPremium ? 1 : 0, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** The operator CLI's set-role; false when no account has the (normalised) address. */
export async function setRoleByEmail(db: Db, email: string, role: string, now: string): Promise<boolean> {
  const result = await db.updateTable('users').set({ rolle: role, updated_at: now }).where('email', '=', email).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteUserRow(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Sets the avatar URL only if it still is `expected` (compare-and-swap for the photos area's uploads).
 * False when another upload got there first or the user is gone.
 */
export async function swapAvatarUrl(db: Db, userId: number, expected: string | null, next: string | null, now: string): Promise<boolean> {
  const q = db.updateTable('users').set({ avatar_url: next, updated_at: now }).where('id', '=', userId);
  const result = await (expected === null ? q.where('avatar_url', 'is', null) : q.where('avatar_url', '=', expected)).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
