// The tile address and Leaflet's stylesheet: no imports, so Leaflet's chunks, the server pages' spot map and the
// early preload (map-preload.ts) all share them without pulling anything else in.

/** OSM tile policy (upstreams.md §8): exact URL, max zoom 19, visible attribution. A shell may point elsewhere. */
const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

export function tileUrl(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="map-tile-url"]')?.content || DEFAULT_TILE_URL;
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
