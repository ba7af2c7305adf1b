/** Overpass answers per layer and tile (features/map-layers). */
export interface OsmTileCacheTable {
  layer: string;
  /** The tile's south-west corner in 0.25° steps, e.g. "52.50,13.25". */
  tile: string;
  /** The tile's GeoJSON features as JSON. */
  features_json: string;
  feature_count: number;
  fetched_at: string;
}

export interface MapTables {
  osm_tile_cache: OsmTileCacheTable;
}
