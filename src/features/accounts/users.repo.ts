import type { Updateable } from 'kysely';
import { SESSION_USER_COLUMNS, type SessionUser } from '../../core/auth/session-user.js';
import type { Db } from '../../core/db/index.js';
import type { UsersTable } from '../../core/db/tables/accounts.js';

export async function findUserById(db: Db, id: number): Promise<SessionUser | undefined> {
  return db.selectFrom('users').select(SESSION_USER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function findCredentialsByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'password_hash', 'status', 'token_version'])
    .where('email', '=', email)
    .executeTakeFirst();
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

export async function deleteUserRow(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
