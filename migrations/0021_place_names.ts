import type { Kysely } from 'kysely';

/**
 * Place names of located diary entries from reverse geocoding (upstreams.md §9), and the shared cache of answers per
 * position rounded to 4 decimals (about 10 m): Nominatim's policy asks for caching, and every instance shares it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('diary_entries').addColumn('place_name', 'varchar(300)').execute();
  await db.schema
    .createTable('geocode_cache')
    .addColumn('key', 'varchar(40)', (c) => c.primaryKey())
    // null: the service knows no place there ("Unable to geocode"), remembered like a name.
    .addColumn('name', 'varchar(300)')
    .addColumn('fetched_at', 'varchar(40)', (c) => c.notNull())
    .execute();
}
