import { sql, type Kysely } from 'kysely';

/**
 * A dog-welcome tap while OpenStreetMap is unreachable is stored as pending with what the map showed (issue 32);
 * `venue_read_at` says when the venue was read from OpenStreetMap and found to be an offered kind. Null: not read
 * yet, the 03:40 job reads it and rejects the contribution when it is no welcome kind. Every earlier row was read
 * at its tap.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('map_contributions').addColumn('venue_read_at', 'varchar(40)').execute();
  await sql`update map_contributions set venue_read_at = created_at`.execute(db);
}
