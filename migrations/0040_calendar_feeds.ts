import type { Kysely } from 'kysely';

/**
 * The calendar feed (issue 30, decisions: Calendar feed): one secret address per user. The address itself is kept
 * nowhere: the row holds the SHA-256 of its token (to find the feed) and a random seed from which the server
 * derives the token again with a key of its own (features/accounts/calendar-feed), so a copy of the database opens
 * no feed. Rotating replaces both; switching off deletes the row.
 *
 * The feed reads a user's playdates, events and walk slots on every fetch (calendar apps poll); the map kinds had
 * no index by author, so each fetch would have read the whole table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('seed', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('playdates_user_idx').on('playdates').columns(['user_id', 'starts_at']).execute();
  await db.schema.createIndex('playdate_participants_user_idx').on('playdate_participants').columns(['user_id']).execute();
  await db.schema.createIndex('events_user_idx').on('events').columns(['user_id', 'starts_at']).execute();
  await db.schema.createIndex('walk_slots_user_idx').on('walk_slots').columns(['user_id']).execute();
}
