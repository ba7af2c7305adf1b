import type { AppContext } from '#core/context.js';
import { AppError } from '#core/http/route/errors.js';
import { LAYERS, tileQuery, type LayerName } from './layers.js';
import { runOverpass, type OverpassElement } from './overpass.client.js';
import { cachedTiles, pointCountsByLayer, saveTile } from './tile-cache.repo.js';
import { inBox, tilesOf, type Box } from './tiles.js';
import { welcomeKindOf, type WelcomeKind } from './venue-kinds.js';

/**
 * A layer in a box: per tile from the shared cache (a day fresh), a stale tile served at once while one refresh runs
 * in the background, a missing tile fetched now. No tile and no instance answering → 503 (decisions).
 */

const FRESH_MS = 24 * 60 * 60 * 1000;

export interface LayerFeature {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: {
    osm_type: string;
    osm_id: number;
    name: string | null;
    type: string;
    opening_hours?: string;
    dog: string | null;
    /** The venue kind that gets the dog-welcome button, or null (venue-kinds.ts). */
    welcome_kind?: WelcomeKind | null;
  };
}

const TYPE_KEYS = ['amenity', 'shop', 'craft', 'leisure', 'tourism'];

export function toFeature(e: OverpassElement): LayerFeature | null {
  const lat = e.lat ?? e.center?.lat;
  const lon = e.lon ?? e.center?.lon;
  if (lat === undefined || lon === undefined) return null;
  const tags = e.tags ?? {};
  const typeKey = TYPE_KEYS.find((k) => tags[k]);
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [lon, lat] },
    properties: {
      osm_type: e.type,
      osm_id: e.id,
      name: tags.name ?? null,
      type: typeKey ? (tags[typeKey] ?? typeKey) : 'other',
      ...(tags.opening_hours ? { opening_hours: tags.opening_hours } : {}),
      dog: tags.dog ?? null,
      welcome_kind: welcomeKindOf(tags),
    },
  };
}

async function fetchTile(ctx: AppContext, layer: LayerName, tile: { key: string; box: Box }): Promise<LayerFeature[] | null> {
  const elements = await runOverpass(ctx, tileQuery(layer, tile.box));
  if (!elements) return null;
  const features = elements.map(toFeature).filter((f): f is LayerFeature => f !== null);
  const row = { layer, tile: tile.key, features_json: JSON.stringify(features), feature_count: features.length, fetched_at: ctx.clock.now().toISOString() };
  await saveTile(ctx.db, row);
  return features;
}

/** One background refresh per stale tile at a time, per app instance. */
const refreshing = new WeakMap<object, Set<string>>();
function refreshInBackground(ctx: AppContext, layer: LayerName, tile: { key: string; box: Box }): void {
  let running = refreshing.get(ctx.config);
  if (!running) refreshing.set(ctx.config, (running = new Set()));
  const id = `${layer}:${tile.key}`;
  if (running.has(id)) return;
  running.add(id);
  void fetchTile(ctx, layer, tile)
    .catch((err: unknown) => ctx.log.warn({ err, layer, tile: tile.key }, 'stale map tile could not be refreshed'))
    .finally(() => running.delete(id));
}

export async function layerFeatures(ctx: AppContext, layer: LayerName, box: Box) {
  const tiles = tilesOf(box);
  const cached = await cachedTiles(
    ctx.db,
    layer,
    tiles.map((t) => t.key),
  );
  const byKey = new Map(cached.map((c) => [c.tile, c]));
  const now = ctx.clock.now().getTime();
  const features: LayerFeature[] = [];
  let stale = false;
  for (const tile of tiles) {
    const hit = byKey.get(tile.key);
    if (hit) {
      if (now - Date.parse(hit.fetched_at) > FRESH_MS) {
        stale = true;
        refreshInBackground(ctx, layer, tile);
      }
      features.push(...(JSON.parse(hit.features_json) as LayerFeature[]));
      continue;
    }
    const fetched = await fetchTile(ctx, layer, tile);
    if (!fetched) throw new AppError(503, 'map_data_unavailable', 'Kartendaten sind gerade nicht verfügbar.');
    features.push(...fetched);
  }
  return {
    type: 'FeatureCollection' as const,
    layer,
    label: LAYERS[layer].label,
    stale,
    // Tiles reach beyond the box; GeoJSON coordinates are [lon, lat].
    features: features.filter(
      ({
        geometry: {
          coordinates: [lon, lat],
        },
      }) => inBox(box, lat, lon),
    ),
  };
}

/** Cached points per layer (the admin statistics' "OSM points cached by type"). */
export function cachedCountsByLayer(ctx: AppContext): Promise<Record<string, number>> {
  return pointCountsByLayer(ctx.db);
}
