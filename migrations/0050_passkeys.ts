import type { Kysely } from 'kysely';
import { withId } from '#platform/db/migration-helpers.js';

/**
 * Passkeys (issue 50, decisions: Passkeys and a second factor for staff): one row per WebAuthn credential, found by
 * its id at login (discoverable, so no e-mail is asked for). The public key is COSE bytes in base64url; the counter
 * catches a cloned authenticator. Challenges are kept until used once or for 5 minutes: a replayed assertion finds
 * its challenge gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('passkeys'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_id', 'varchar(1400)', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('passkeys_user_idx').on('passkeys').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('challenge', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webauthn_challenges_expiry_idx').on('webauthn_challenges').column('expires_at').execute();
}
