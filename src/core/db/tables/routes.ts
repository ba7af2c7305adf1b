import type { Generated } from 'kysely';

/** A saved route (features/routes). */
export interface RoutesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  description: string | null;
  /** GeoJSON LineString as JSON ([lon, lat] positions). */
  geometry_json: string;
  distance_m: number;
  duration_s: number | null;
  public: Generated<number>;
  /** Where it starts (its first position): its point in distance searches (migration 0047). */
  lat: number | null;
  lon: number | null;
  created_at: string;
  updated_at: string;
}

/** A route plan that counted toward the user's weekly allowance. */
export interface RoutePlansTable {
  id: Generated<number>;
  user_id: number;
  planned_at: string;
}

/** A plan answer kept for the rest of the Berlin day (the same request again does not count). */
export interface RoutePlanCacheTable {
  cache_key: string;
  day: string;
  geometry_json: string;
  distance_m: number;
  duration_s: number;
}

/** Routing requests that went upstream on one Berlin day, counted by every instance (the app's daily budget). */
export interface RoutingUsageTable {
  /** YYYY-MM-DD in TZ_APP. */
  day: string;
  requests: number;
}

/** A walk (features/walks); its dogs are in walk_dogs. */
export interface WalksTable {
  id: Generated<number>;
  user_id: number;
  started_at: string;
  duration_min: number;
  distance_m: number | null;
  route_id: number | null;
  /** [[lat, lon], ...] as JSON, or null. */
  track_json: string | null;
  /** Where it started (its first track point, else its route's start), null when unknown: its point in distance searches. */
  lat: number | null;
  lon: number | null;
  created_at: string;
}

export interface WalkDogsTable {
  walk_id: number;
  dog_id: number;
}

export interface RoutesTables {
  routes: RoutesTable;
  route_plans: RoutePlansTable;
  route_plan_cache: RoutePlanCacheTable;
  routing_usage: RoutingUsageTable;
  walks: WalksTable;
  walk_dogs: WalkDogsTable;
}
