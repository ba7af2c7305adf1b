// What every map chunk shares (diary places, nearby reports): tiles, attribution, Leaflet's stylesheet and the
// base map. Imported only from map chunks, so Leaflet stays out of the main bundle.
import L from 'leaflet';

import { tileOptions, tileUrl } from './map-assets.js';
import { watchTileErrors } from './tile-hint.js';

export { loadMapCss } from './map-assets.js';

/**
 * A map with German zoom buttons, the tile provider's attribution (MAP_TILE_ATTRIBUTION) and no scroll-wheel zoom (the page scrolls instead). Tiles
 * show as soon as they are there: Leaflet's fade-in kept a loaded tile invisible and redrew the map every frame for
 * its 200 ms, so on a slow phone the first view appeared about 0.4 s after its tiles had arrived (issue 29).
 */
export function baseMap(container: HTMLElement): L.Map {
  const map = L.map(container, { zoomControl: false, scrollWheelZoom: false, fadeAnimation: false });
  L.control.zoom({ zoomInTitle: 'Hineinzoomen', zoomOutTitle: 'Herauszoomen' }).addTo(map);
  map.attributionControl.setPrefix(false);
  watchTileErrors(map, L.tileLayer(tileUrl(), { ...tileOptions(), crossOrigin: true }).addTo(map));
  return map;
}
