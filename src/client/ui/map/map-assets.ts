// The tile source and Leaflet's stylesheet: no imports but plain shared code, so Leaflet's chunks, the server pages' spot map and the
// early preload (map-preload.ts) all share them without pulling anything else in.

import { DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_MAX_ZOOM, DEFAULT_TILE_URL } from '#shared/map-tiles.js';

/** What the page's <meta name="map-tile-…"> says (the server writes MAP_TILE_URL & co. there), else OSM's defaults. */
const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="map-tile-${name}"]`)?.content;

export function tileUrl(): string {
  return meta('url') || DEFAULT_TILE_URL;
}

/** The tile layer's options: attribution (HTML, the operator's) and the provider's highest zoom. */
export function tileOptions(): { attribution: string; maxZoom: number } {
  const maxZoom = Number(meta('max-zoom'));
  return { attribution: meta('attribution') || DEFAULT_TILE_ATTRIBUTION, maxZoom: Number.isInteger(maxZoom) && maxZoom > 0 ? maxZoom : DEFAULT_TILE_MAX_ZOOM };
}

let cssReady: Promise<void> | null = null;
/** map.css (Leaflet's styles) is its own file, linked on first use so other screens never load it. */
export function loadMapCss(): Promise<void> {
  cssReady ??= new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = `/build/map.css?v=${encodeURIComponent(__APP_BUILD__)}`;
    link.onload = () => resolve();
    // Without the stylesheet the map is ugly but usable; do not block on it.
    link.onerror = () => resolve();
    document.head.appendChild(link);
  });
  return cssReady;
}
