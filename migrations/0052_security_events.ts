import type { Kysely } from 'kysely';
import { withId } from '#platform/db/migration-helpers.js';

/**
 * The security log (issue 50): sign-ins, passkeys added or removed, TOTP on or off, step-ups. The profile shows
 * them under "Anmeldungen und Sicherheit" with the device read from the user agent; newest first per user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('security_events'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(30)', (c) => c.notNull())
    .addColumn('method', 'varchar(20)')
    .addColumn('user_agent', 'varchar(300)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('security_events_user_idx').on('security_events').columns(['user_id', 'id']).execute();
}
