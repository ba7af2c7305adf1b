// The map chunk: Leaflet and the cluster plugin are loaded only when a map is shown.
import L from 'leaflet';
import 'leaflet.markercluster';
import { formatDate } from '../../../core/format.js';

export interface MapPlace {
  lat: number;
  lon: number;
  entries: number;
  first_date: string;
  last_date: string;
  latest_entry_id: number;
}

/** OSM tile policy (upstreams.md §8): exact URL, max zoom 19, visible attribution. A shell may point elsewhere. */
const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>-Mitwirkende';

function tileUrl(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="map-tile-url"]')?.content || DEFAULT_TILE_URL;
}

let cssReady: Promise<void> | null = null;
/** map.css (Leaflet's styles) is its own file, linked on first use so other screens never load it. */
function loadCss(): Promise<void> {
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

function placeLabel(place: MapPlace): string {
  const count = place.entries === 1 ? '1 Eintrag' : `${place.entries} Einträge`;
  const dates = place.first_date === place.last_date ? formatDate(place.last_date) : `${formatDate(place.first_date)} – ${formatDate(place.last_date)}`;
  return `${count}, ${dates}`;
}

/** Popup content built as DOM nodes (no HTML strings): the date range and a link to the newest entry. */
function popup(place: MapPlace, openLabel: string): HTMLElement {
  const box = document.createElement('div');
  const text = document.createElement('p');
  text.textContent = placeLabel(place);
  const link = document.createElement('a');
  link.href = `/app/tagebuch/eintrag/${place.latest_entry_id}`;
  link.textContent = openLabel;
  box.append(text, link);
  return box;
}

export interface PlacesMap {
  destroy(): void;
}

/** Draws the places as clustered markers and fits the view to them. */
export async function showPlaces(container: HTMLElement, places: MapPlace[], openLabel: string): Promise<PlacesMap> {
  await loadCss();
  const map = L.map(container, { zoomControl: false, scrollWheelZoom: false });
  L.control.zoom({ zoomInTitle: 'Hineinzoomen', zoomOutTitle: 'Herauszoomen' }).addTo(map);
  map.attributionControl.setPrefix(false);
  L.tileLayer(tileUrl(), { maxZoom: 19, crossOrigin: true, attribution: ATTRIBUTION }).addTo(map);

  const cluster = L.markerClusterGroup({
    showCoverageOnHover: false,
    maxClusterRadius: 50,
    // Our own round badge with the number of places, styled in app colours (no MarkerCluster.Default.css).
    iconCreateFunction: (group) => L.divIcon({ className: 'place-cluster', html: `<span>${group.getChildCount()}</span>`, iconSize: [42, 42] }),
  });
  for (const place of places) {
    const icon = L.divIcon({
      className: 'place-pin',
      html: `<span>${place.entries > 99 ? '99+' : String(place.entries)}</span>`,
      iconSize: [34, 34],
      iconAnchor: [17, 17],
      popupAnchor: [0, -17],
    });
    const marker = L.marker([place.lat, place.lon], { icon, keyboard: true, title: placeLabel(place), alt: placeLabel(place) });
    marker.bindPopup(() => popup(place, openLabel));
    cluster.addLayer(marker);
  }
  map.addLayer(cluster);
  const bounds = L.latLngBounds(places.map((p) => [p.lat, p.lon] as [number, number]));
  map.fitBounds(bounds, { padding: [32, 32], maxZoom: 15 });
  return { destroy: () => map.remove() };
}
