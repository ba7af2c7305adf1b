// What a map screen needs before it can draw, started early: Leaflet's stylesheet, the map chunk and the first
// view's tiles. No Leaflet here, so the route table can import it without pulling Leaflet into the main bundle.
import { location } from '../../core/router.js';
import { session, type SessionState } from '../../core/session.js';
import { FALLBACK_CENTRE, pointFromQuery } from './position.js';
import { loadMapCss, tileUrl } from './map-assets.js';
import { fillTileUrl } from '#shared/map-tiles.js';

/** The map screen's chunks with Leaflet's, written in by scripts/build-client.mjs (a mark where it did not run). */
declare const __MAP_CHUNKS__: string[] | string;
const MAP_CHUNKS: unknown = typeof __MAP_CHUNKS__ === 'undefined' ? [] : __MAP_CHUNKS__;

let chunksPreloaded = false;
/**
 * The map screen's chunks and the ones they import (Leaflet's among them) as modulepreload links, all at once:
 * the browser would find Leaflet's chunk only once the map chunk has arrived, a round trip later (issue 29).
 */
function preloadMapChunks(): void {
  if (chunksPreloaded || !Array.isArray(MAP_CHUNKS)) return;
  chunksPreloaded = true;
  for (const href of MAP_CHUNKS as string[]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.appendChild(link);
  }
}

/**
 * Starts loading the map chunk (Leaflet) and its stylesheet alongside the screen's own code: otherwise the tiles
 * wait for a chain of screen code → Leaflet → stylesheet, which made the map's largest paint 4 s on a slow phone.
 */
export function preloadNearbyMap(): void {
  preloadMapChunks();
  void loadMapCss();
  void import('./nearby-map.js').catch(() => undefined);
}

/** Web Mercator pixel of a position at a zoom, as Leaflet computes it (256 px tiles). */
function pixel(lat: number, lon: number, zoom: number): { x: number; y: number } {
  const scale = 256 * 2 ** zoom;
  const sin = Math.sin((Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 180);
  return { x: ((lon + 180) / 360) * scale, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale };
}

/**
 * The map screen's first tiles (/app/karte: zoom 14, a box 360 px high, the page's width at most), fetched as soon
 * as the position is known, while Leaflet still loads and starts: the tiles are the screen's largest paint, and
 * Leaflet asks for the same URLs (same CORS mode), so the browser hands them over instead of fetching again.
 */
export function preloadLayerTiles(zoom = 14, height = 360): void {
  const start = (state: SessionState) => {
    const saved = state.status === 'user' && state.user.lat !== null && state.user.lon !== null ? { lat: state.user.lat, lon: state.user.lon } : null;
    const centre = pointFromQuery(location.get().query) ?? saved ?? FALLBACK_CENTRE;
    const c = pixel(centre.lat, centre.lon, zoom);
    const width = document.documentElement.clientWidth;
    const template = tileUrl();
    const last = 2 ** zoom - 1;
    for (let x = Math.floor((c.x - width / 2) / 256); x <= Math.floor((c.x + width / 2) / 256); x++)
      for (let y = Math.floor((c.y - height / 2) / 256); y <= Math.floor((c.y + height / 2) / 256); y++) {
        if (x < 0 || y < 0 || x > last || y > last) continue;
        const img = new Image();
        img.crossOrigin = '';
        img.src = fillTileUrl(template, zoom, x, y);
      }
  };
  const now = session.get();
  if (now.status !== 'loading') return now.status === 'user' ? start(now) : undefined;
  const stop = session.subscribe((state) => {
    if (state.status === 'loading') return;
    stop();
    if (state.status === 'user') start(state);
  });
}
