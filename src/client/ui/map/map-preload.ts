// What a map screen needs before it can draw, started early: Leaflet's stylesheet and the map chunk. No Leaflet
// here, so the route table can import it without pulling Leaflet into the main bundle.

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

/**
 * Starts loading the map chunk (Leaflet) and its stylesheet alongside the screen's own code: otherwise the tiles
 * wait for a chain of screen code → Leaflet → stylesheet, which made the map's largest paint 4 s on a slow phone.
 */
export function preloadNearbyMap(): void {
  void loadMapCss();
  void import('./nearby-map.js').catch(() => undefined);
}
