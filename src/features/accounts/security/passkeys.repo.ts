import type { Db } from '#core/db/index.js';

/** Passkeys and their challenges (tables from migration 0050). */

const PASSKEY_COLUMNS = ['id', 'user_id', 'credential_id', 'public_key', 'counter', 'transports', 'name', 'created_at', 'last_used_at'] as const;

export type PasskeyRow = Awaited<ReturnType<typeof findPasskeyByCredential>> & {};

/** Keeps a challenge for one use; expired ones go first, so the table holds only the last minutes' challenges. */
export async function insertChallenge(
  db: Db,
  row: { challenge: string; purpose: 'register' | 'login'; user_id: number | null; expires_at: string },
  now: string,
): Promise<void> {
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', now).execute();
  await db.insertInto('webauthn_challenges').values(row).execute();
}

/** Takes a challenge out (it works once): its row when it was handed out for `purpose` and has not expired. */
export async function takeChallenge(db: Db, challenge: string, purpose: 'register' | 'login', now: string): Promise<{ user_id: number | null } | undefined> {
  return db
    .deleteFrom('webauthn_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
}

export function findPasskeyByCredential(db: Db, credentialId: string) {
  return db.selectFrom('passkeys').select(PASSKEY_COLUMNS).where('credential_id', '=', credentialId).executeTakeFirst();
}

export function findPasskey(db: Db, id: number) {
  return db.selectFrom('passkeys').select(PASSKEY_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function listPasskeys(db: Db, userId: number) {
  return db.selectFrom('passkeys').select(PASSKEY_COLUMNS).where('user_id', '=', userId).orderBy('id').limit(100).execute();
}

export async function countPasskeys(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertPasskey(
  db: Db,
  row: { user_id: number; credential_id: string; public_key: string; counter: number; transports: string; name: string; created_at: string },
): Promise<number> {
  const inserted = await db.insertInto('passkeys').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function renamePasskey(db: Db, id: number, name: string): Promise<void> {
  await db.updateTable('passkeys').set({ name }).where('id', '=', id).execute();
}

export async function deletePasskey(db: Db, id: number): Promise<void> {
  await db.deleteFrom('passkeys').where('id', '=', id).execute();
}

/**
 * After a good assertion: the new counter and the time. Only while the stored counter is still the one checked, so
 * two logins racing with one assertion cannot both move it (the second updates nothing and is refused).
 */
export async function touchPasskey(db: Db, id: number, checkedCounter: number, counter: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ counter, last_used_at: now })
    .where('id', '=', id)
    .where('counter', '=', checkedCounter)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
