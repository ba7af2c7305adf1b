import type { Db } from '#core/db/index.js';

/** The shared cache of OpenStreetMap points per layer and tile (osm_tile_cache), for every instance. */

export interface CachedTile {
  layer: string;
  tile: string;
  features_json: string;
  feature_count: number;
  fetched_at: string;
}

/** Stores a tile's points, replacing an older fetch of the same tile. */
export async function saveTile(db: Db, row: CachedTile): Promise<void> {
  await db
    .insertInto('osm_tile_cache')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['layer', 'tile']).doUpdateSet({ features_json: row.features_json, feature_count: row.feature_count, fetched_at: row.fetched_at }),
    )
    .execute();
}

export function cachedTiles(db: Db, layer: string, tileKeys: string[]): Promise<Pick<CachedTile, 'tile' | 'features_json' | 'fetched_at'>[]> {
  if (tileKeys.length === 0) return Promise.resolve([]);
  return db.selectFrom('osm_tile_cache').select(['tile', 'features_json', 'fetched_at']).where('layer', '=', layer).where('tile', 'in', tileKeys).execute();
}

/** Cached points per layer (the admin statistics' "OSM points cached by type"). */
export async function pointCountsByLayer(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('osm_tile_cache')
    .select((eb) => ['layer', eb.fn.sum<number>('feature_count').as('n')])
    .groupBy('layer')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.layer, Number(r.n)]));
}
