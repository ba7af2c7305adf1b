import type { Kysely } from 'kysely';

/**
 * Password reset links (issue 26, decisions: Accounts: recovery). Only the token's hash is kept. A newer request
 * voids the older links of the user (voided_at) but keeps the row for an hour, so the per-address allowance of
 * 5 requests an hour can be counted from the rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('voided_at', 'varchar(40)')
    .execute();
  await db.schema.createIndex('password_resets_user').on('password_resets').columns(['user_id', 'created_at']).execute();
}
