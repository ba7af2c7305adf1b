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

/** A user's dog-welcome claim for an OpenStreetMap venue (features/map-contrib). */
export interface MapContributionsTable {
  id: Generated<number>;
  user_id: number;
  osm_type: 'node' | 'way';
  osm_id: number;
  /** restaurant, cafe, bar, hotel, shop, vet or groomer, as the venue was when tapped. */
  venue_kind: string;
  venue_name: string | null;
  lat: number | null;
  lon: number | null;
  status: Generated<'pending' | 'confirmed' | 'rejected'>;
  /** Why it was rejected: already_tagged, reverted, deleted or refused; null otherwise. */
  reason: string | null;
  /** Upload attempts so far (the tap's and the daily job's). */
  attempts: Generated<number>;
  last_error: string | null;
  changeset_id: number | null;
  version_after: number | null;
  /** Set while an upload runs (claimed atomically), cleared after. */
  uploading_since: string | null;
  /** When `dog=yes` reached OpenStreetMap; the 7 days of survival count from here. */
  uploaded_at: string | null;
  checked_at: string | null;
  /**
   * When the venue was read from OpenStreetMap and found to be an offered kind. Null while a tap made when
   * OpenStreetMap was unreachable waits for the 03:40 job to read it (venue_kind and venue_name are the map's till then).
   */
  venue_read_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One year of Pro per block of 100 confirmed contributions (features/map-contrib/pro-grant.ts). */
export interface MapContributionGrantsTable {
  id: Generated<number>;
  user_id: number;
  block: number;
  granted_at: string;
  pro_until: string;
  lifted_from: string | null;
  ended_at: string | null;
}

export interface MapTables {
  osm_tile_cache: OsmTileCacheTable;
  places: PlacesTable;
  map_contributions: MapContributionsTable;
  map_contribution_grants: MapContributionGrantsTable;
}
