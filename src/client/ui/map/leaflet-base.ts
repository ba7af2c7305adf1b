// What every map chunk shares (diary places, nearby reports): tiles, attribution, Leaflet's stylesheet and the
// base map. Imported only from map chunks, so Leaflet stays out of the main bundle.
import L from 'leaflet';

import { tileUrl } from './map-assets.js';
import { watchTileErrors } from './tile-hint.js';

export { loadMapCss } from './map-assets.js';

const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>-Mitwirkende';

/**
 * A map with German zoom buttons, the OSM attribution and no scroll-wheel zoom (the page scrolls instead). Tiles
 * show as soon as they are there: Leaflet's fade-in kept a loaded tile invisible and redrew the map every frame for
 * its 200 ms, so on a slow phone the first view appeared about 0.4 s after its tiles had arrived (issue 29).
 */
export function baseMap(container: HTMLElement): L.Map {
  const map = L.map(container, { zoomControl: false, scrollWheelZoom: false, fadeAnimation: false });
  L.control.zoom({ zoomInTitle: 'Hineinzoomen', zoomOutTitle: 'Herauszoomen' }).addTo(map);
  map.attributionControl.setPrefix(false);
  watchTileErrors(map, L.tileLayer(tileUrl(), { maxZoom: 19, crossOrigin: true, attribution: ATTRIBUTION }).addTo(map));
  return map;
}
