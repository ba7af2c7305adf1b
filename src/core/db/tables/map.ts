import type { Generated } from 'kysely';

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

/** A user's point of interest (features/places). */
export interface PlacesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** Comma-separated types, e.g. "tierarzt,hundesalon". */
  types: string;
  description: string | null;
  lat: number;
  lon: number;
  /** 1: every user sees it; 0: only its owner. */
  public: number;
  created_at: string;
  updated_at: string;
}

export interface MapTables {
  osm_tile_cache: OsmTileCacheTable;
  places: PlacesTable;
}
