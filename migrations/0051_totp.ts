import type { Kysely } from 'kysely';
import { withId } from '#platform/db/migration-helpers.js';

/**
 * TOTP (RFC 6238) per user: the secret (encrypted with a key derived from JWT_SECRET), set up unconfirmed and
 * switched on with a first code; `last_step` is the newest time step used, so a code works once. Ten recovery codes,
 * stored as SHA-256 hashes, each used once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_totp')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'varchar(200)', (c) => c.notNull())
    .addColumn('confirmed_at', 'varchar(30)')
    .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('recovery_codes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').columns(['user_id', 'code_hash']).execute();
}
