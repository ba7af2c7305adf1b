import type { Kysely } from 'kysely';

/**
 * Map layers from OpenStreetMap (issue 15; upstreams.md §1): the answers of Overpass per layer and tile, shared by
 * every instance. The cache is what keeps the app inside the public instances' usage policy (§1.7).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('osm_tile_cache')
    .addColumn('layer', 'varchar(20)', (c) => c.notNull())
    .addColumn('tile', 'varchar(30)', (c) => c.notNull())
    .addColumn('features_json', 'text', (c) => c.notNull())
    .addColumn('feature_count', 'integer', (c) => c.notNull())
    .addColumn('fetched_at', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('osm_tile_cache_pk', ['layer', 'tile'])
    .execute();
}
