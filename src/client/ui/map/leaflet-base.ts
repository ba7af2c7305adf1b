// What every map chunk shares (diary places, nearby reports): tiles, attribution, Leaflet's stylesheet and the
// base map. Imported only from map chunks, so Leaflet stays out of the main bundle.
import L from 'leaflet';

export { loadMapCss } from './map-preload.js';

/** OSM tile policy (upstreams.md §8): exact URL, max zoom 19, visible attribution. A shell may point elsewhere. */
const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>-Mitwirkende';

function tileUrl(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="map-tile-url"]')?.content || DEFAULT_TILE_URL;
}

/** A map with German zoom buttons, the OSM attribution and no scroll-wheel zoom (the page scrolls instead). */
export function baseMap(container: HTMLElement): L.Map {
  const map = L.map(container, { zoomControl: false, scrollWheelZoom: false });
  L.control.zoom({ zoomInTitle: 'Hineinzoomen', zoomOutTitle: 'Herauszoomen' }).addTo(map);
  map.attributionControl.setPrefix(false);
  L.tileLayer(tileUrl(), { maxZoom: 19, crossOrigin: true, attribution: ATTRIBUTION }).addTo(map);
  return map;
}
