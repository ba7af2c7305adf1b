import type { Kysely } from 'kysely';
import { DOUBLE, withId } from '#platform/db/migration-helpers.js';

/**
 * Dog-welcome contributions (issue 15): a user's claim that a venue on OpenStreetMap welcomes dogs, uploaded as
 * `dog=yes` and confirmed when the edit survives 7 days; and the Pro grants they earn (one per block of 100).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('map_contributions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('osm_type', 'varchar(8)', (c) => c.notNull())
    .addColumn('osm_id', 'bigint', (c) => c.notNull())
    // What the venue was when tapped (restaurant, cafe, …) and its name, so the list reads without OSM.
    .addColumn('venue_kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('venue_name', 'varchar(255)')
    .addColumn('lat', DOUBLE)
    .addColumn('lon', DOUBLE)
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('pending'))
    // Why a contribution was rejected (already_tagged, reverted, deleted, refused), or null.
    .addColumn('reason', 'varchar(20)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(300)')
    .addColumn('changeset_id', 'bigint')
    .addColumn('version_after', 'integer')
    // Set while one upload runs (the tap's or the job's), so the two never upload the same venue twice.
    .addColumn('uploading_since', 'varchar(40)')
    .addColumn('uploaded_at', 'varchar(40)')
    .addColumn('checked_at', 'varchar(40)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  // Once per user and venue: the unique key makes the tap idempotent even when two arrive at once.
  await db.schema.createIndex('map_contributions_venue_uq').on('map_contributions').columns(['user_id', 'osm_type', 'osm_id']).unique().execute();
  await db.schema.createIndex('map_contributions_user_idx').on('map_contributions').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('map_contributions_status_idx').on('map_contributions').columns(['status', 'uploaded_at']).execute();

  await withId(db, db.schema.createTable('map_contribution_grants'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 1 for the first 100 confirmed, 2 for 200, …: unique per user, so a grant is made once per block.
    .addColumn('block', 'integer', (c) => c.notNull())
    .addColumn('granted_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('pro_until', 'varchar(40)', (c) => c.notNull())
    // The tier the grant lifted the user from (free), or null when the user already had Pro or more.
    .addColumn('lifted_from', 'varchar(20)')
    .addColumn('ended_at', 'varchar(40)')
    .execute();
  await db.schema.createIndex('map_contribution_grants_uq').on('map_contribution_grants').columns(['user_id', 'block']).unique().execute();
}
