import type { Kysely } from 'kysely';
import { withId } from '#platform/db/migration-helpers.js';

/**
 * Data exports (issue 26, decisions: Accounts: export): one row per requested ZIP. A job builds it (queued →
 * running → ready or failed); `file` is its path below the user's media folder, set only once the ZIP is complete;
 * a ready export expires after 7 days and its file is deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('data_exports'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('queued'))
    .addColumn('file', 'varchar(200)')
    .addColumn('size_bytes', 'integer')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('requested_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(40)')
    .addColumn('finished_at', 'varchar(40)')
    .addColumn('expires_at', 'varchar(40)')
    .execute();
  await db.schema.createIndex('data_exports_user').on('data_exports').columns(['user_id', 'requested_at']).execute();
  await db.schema.createIndex('data_exports_status').on('data_exports').columns(['status', 'id']).execute();
}
