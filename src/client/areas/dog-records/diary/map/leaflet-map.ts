// The map chunk: Leaflet and the cluster plugin are loaded only when a map is shown.
import L from 'leaflet';
import 'leaflet.markercluster';
import { formatDate } from '../../../../core/format.js';
import { baseMap, loadMapCss } from '../../../../ui/map/leaflet-base.js';

export interface MapPlace {
  lat: number;
  lon: number;
  entries: number;
  first_date: string;
  last_date: string;
  latest_entry_id: number;
  latest_title: string | null;
  latest_preview_url: string | null;
}

function placeLabel(place: MapPlace): string {
  const count = place.entries === 1 ? '1 Eintrag' : `${place.entries} Einträge`;
  const dates = place.first_date === place.last_date ? formatDate(place.last_date) : `${formatDate(place.first_date)} – ${formatDate(place.last_date)}`;
  return `${count}, ${dates}`;
}

/**
 * Popup content built as DOM nodes (no HTML strings, so a title is always text): the newest entry's thumbnail and
 * title as the link to it, and the place's count and dates.
 */
function popup(place: MapPlace, openLabel: string): HTMLElement {
  const box = document.createElement('div');
  box.className = 'place-popup';
  const link = document.createElement('a');
  link.href = `/app/tagebuch/eintrag/${place.latest_entry_id}`;
  if (place.latest_preview_url) {
    const img = document.createElement('img');
    img.src = place.latest_preview_url;
    img.alt = '';
    img.width = 72;
    img.height = 72;
    link.append(img);
  }
  const title = document.createElement('strong');
  title.textContent = place.latest_title || openLabel;
  link.append(title);
  const text = document.createElement('p');
  text.textContent = placeLabel(place);
  box.append(link, text);
  return box;
}

export interface PlacesMap {
  destroy(): void;
}

/** Draws the places as clustered markers and fits the view to them. */
export async function showPlaces(container: HTMLElement, places: MapPlace[], openLabel: string): Promise<PlacesMap> {
  await loadMapCss();
  const map = baseMap(container);

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
