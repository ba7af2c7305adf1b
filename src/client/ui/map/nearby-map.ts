// The nearby map chunk: Leaflet loads only when a map is shown, the cluster plugin only for a clustered one
// (showNearby; the map screen's pins are not clustered and so do not load or run it: issue 29).
import L from 'leaflet';
import { baseMap, loadMapCss } from './leaflet-base.js';

export interface MapItem {
  id: number;
  kind: string;
  lat: number;
  lon: number;
  label: string;
  href: string;
  /** A short kind code shown in the pin (e.g. "!" for poison). */
  glyph: string;
  /** Called when the pin is tapped (the map screen opens the venue's details below the map). */
  onSelect?: () => void;
}

const baseMapAt = (container: HTMLElement, center: { lat: number; lon: number }, zoom: number) => baseMap(container).setView([center.lat, center.lon], zoom);

/** A pin's glyph as an element: Leaflet appends it as it is instead of running the HTML parser for every pin. */
function glyphSpan(glyph: string): HTMLSpanElement {
  const span = document.createElement('span');
  span.textContent = glyph;
  return span;
}

/** Popup as DOM nodes (no HTML strings from user text): a link when the item has a page, plain text otherwise. */
function popup(item: MapItem): HTMLElement {
  const node = document.createElement(item.href ? 'a' : 'span');
  if (node instanceof HTMLAnchorElement) node.href = item.href;
  node.textContent = item.label;
  return node;
}

export interface NearbyMap {
  show(items: MapItem[]): void;
  destroy(): void;
}

/** Clustered pins, one colour per kind (CSS class nearby-pin-<kind>), around the search centre. */
export async function showNearby(container: HTMLElement, center: { lat: number; lon: number }): Promise<NearbyMap> {
  await Promise.all([loadMapCss(), import('leaflet.markercluster')]);
  const map = baseMapAt(container, center, 12);
  L.circleMarker([center.lat, center.lon], { radius: 6, color: '#1a5fb4', fillOpacity: 0.8 }).addTo(map);
  let cluster: L.MarkerClusterGroup | null = null;
  return {
    show(items) {
      if (cluster) map.removeLayer(cluster);
      cluster = L.markerClusterGroup({
        showCoverageOnHover: false,
        maxClusterRadius: 45,
        iconCreateFunction: (group) => L.divIcon({ className: 'place-cluster', html: `<span>${group.getChildCount()}</span>`, iconSize: [40, 40] }),
      });
      for (const item of items) {
        const icon = L.divIcon({
          className: `nearby-pin nearby-pin-${item.kind}`,
          html: glyphSpan(item.glyph),
          iconSize: [30, 30],
          iconAnchor: [15, 15],
          popupAnchor: [0, -15],
        });
        const marker = L.marker([item.lat, item.lon], { icon, keyboard: true, title: item.label, alt: item.label });
        marker.bindPopup(() => popup(item));
        cluster.addLayer(marker);
      }
      map.addLayer(cluster);
    },
    destroy: () => map.remove(),
  };
}

/** Our own drop-shaped pin: Leaflet's default image icon would need its PNGs at a path the bundle does not keep. */
const pickPin = () => L.divIcon({ className: 'pick-pin', html: '<span></span>', iconSize: [28, 34], iconAnchor: [14, 34] });

export interface PickOptions {
  /** The pin is shown at `start` only when the position there was already chosen; otherwise on the first tap. */
  placed: boolean;
  /** A circle of this radius around the pin (the home area's alert radius). */
  radiusKm?: number;
  /** 6 shows the whole country (nothing known yet); the default shows streets. */
  zoom?: number;
}

/** Resolves once Leaflet's styles are there: await it, check that the screen still wants the map, then make it. */
export const mapStylesReady = (): Promise<void> => loadMapCss();

/**
 * A map to place a pin: a tap moves it; `onPick` gets the position (rounded to about 1 m). Synchronous (after
 * mapStylesReady), so a screen that redraws while the styles load never puts two maps into one container.
 */
export function pickPosition(
  container: HTMLElement,
  start: { lat: number; lon: number },
  onPick: (p: { lat: number; lon: number }) => void,
  options: PickOptions = { placed: true },
): { destroy(): void } {
  // Zoom 11 shows a 5 km circle whole in the small map (about 130 px across), whatever the container's size is yet.
  const map = baseMapAt(container, start, options.zoom ?? (options.radiusKm ? 11 : 15));
  const pin = L.marker([start.lat, start.lon], { icon: pickPin(), draggable: true, keyboard: true, title: 'Position', alt: 'Position' });
  const circle = options.radiusKm
    ? L.circle([start.lat, start.lon], { radius: options.radiusKm * 1000, color: '#c01c28', weight: 2, fillOpacity: 0.08 })
    : null;
  const show = () => {
    pin.addTo(map);
    circle?.setLatLng(pin.getLatLng()).addTo(map);
  };
  if (options.placed) show();
  const round = (v: number) => Math.round(v * 1e5) / 1e5;
  const set = (lat: number, lon: number) => {
    pin.setLatLng([lat, lon]);
    show();
    onPick({ lat: round(lat), lon: round(lon) });
  };
  map.on('click', (e: L.LeafletMouseEvent) => set(e.latlng.lat, e.latlng.lng));
  pin.on('dragend', () => set(pin.getLatLng().lat, pin.getLatLng().lng));
  return { destroy: () => map.remove() };
}

/** A small read-only map of where an item is: a pin, or an area circle when the place is only known roughly. */
export async function showSpot(container: HTMLElement, at: { lat: number; lon: number }, areaMeters?: number): Promise<{ destroy(): void }> {
  await loadMapCss();
  const map = baseMapAt(container, at, areaMeters ? 15 : 16);
  if (areaMeters) L.circle([at.lat, at.lon], { radius: areaMeters, color: '#c01c28', weight: 2, fillOpacity: 0.15 }).addTo(map);
  else
    L.marker([at.lat, at.lon], {
      icon: pickPin(),
      keyboard: false,
    }).addTo(map);
  return { destroy: () => map.remove() };
}

export type Bounds = { south: number; west: number; north: number; east: number };

/** Pins added per task on the map screen. */
const PIN_BATCH = 12;

export interface LayersMap {
  show(items: MapItem[]): void;
  /** The box the map shows now (for a search in the visible area). */
  bounds(): Bounds;
  destroy(): void;
}

/**
 * The map screen's map: pins without clustering (a layer in a small box is a few dozen points), and `onMove` with
 * the visible box after every pan or zoom, so the screen asks for what is shown.
 */
export async function showLayers(container: HTMLElement, center: { lat: number; lon: number }, onMove: (b: Bounds, zoom: number) => void): Promise<LayersMap> {
  await loadMapCss();
  const map = baseMapAt(container, center, 14);
  const group = L.layerGroup().addTo(map);
  // Bumped by every show() and by destroy(): pins still waiting for their task are dropped.
  let drawing = 0;
  const report = () => {
    const b = map.getBounds();
    onMove({ south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() }, map.getZoom());
  };
  map.on('moveend', report);
  report();
  return {
    bounds() {
      const b = map.getBounds();
      return { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() };
    },
    show(items) {
      group.clearLayers();
      const round = ++drawing;
      // PIN_BATCH pins per task: all of a few dozen at once was one block of 60-240 ms on a slow phone (issue 29).
      const add = (from: number) => {
        if (round !== drawing) return;
        for (const item of items.slice(from, from + PIN_BATCH)) {
          const icon = L.divIcon({
            className: `nearby-pin nearby-pin-${item.kind}`,
            html: glyphSpan(item.glyph),
            iconSize: [28, 28],
            iconAnchor: [14, 14],
            popupAnchor: [0, -14],
          });
          const marker = L.marker([item.lat, item.lon], { icon, keyboard: true, title: item.label, alt: item.label }).addTo(group);
          if (item.onSelect) marker.on('click', item.onSelect);
          else marker.bindPopup(() => popup(item));
        }
        if (from + PIN_BATCH < items.length) window.setTimeout(() => add(from + PIN_BATCH), 0);
      };
      add(0);
    },
    destroy: () => {
      drawing++;
      // remove() can fire a last moveend; the box of a removed map cannot be read.
      map.off('moveend', report);
      map.remove();
    },
  };
}

export interface RouteMap {
  /** Numbered pins for the tapped points. */
  setPoints(points: [number, number][]): void;
  /** The planned line ([lat, lon] pairs), fitted into view; an empty list removes it. */
  setLine(line: [number, number][]): void;
  destroy(): void;
}

/**
 * The route planner's map (areas/walks): a tap adds a point (`onTap` with [lat, lon], rounded to about 1 m), the
 * points show as numbered pins and the planned line on top. It lives in this chunk so Leaflet stays in one place.
 */
export async function planRouteMap(container: HTMLElement, center: { lat: number; lon: number }, onTap: (p: [number, number]) => void): Promise<RouteMap> {
  await loadMapCss();
  const map = baseMapAt(container, center, 15);
  const pins = L.layerGroup().addTo(map);
  let line: L.Polyline | null = null;
  const round = (v: number) => Math.round(v * 1e5) / 1e5;
  map.on('click', (e: L.LeafletMouseEvent) => onTap([round(e.latlng.lat), round(e.latlng.lng)]));
  return {
    setPoints(points) {
      pins.clearLayers();
      points.forEach(([lat, lon], i) => {
        const label = `Punkt ${i + 1}`;
        const icon = L.divIcon({ className: 'nearby-pin route-pin', html: glyphSpan(String(i + 1)), iconSize: [28, 28], iconAnchor: [14, 14] });
        L.marker([lat, lon], { icon, keyboard: false, title: label, alt: label }).addTo(pins);
      });
    },
    setLine(coords) {
      if (line) map.removeLayer(line);
      line = null;
      if (coords.length < 2) return;
      line = L.polyline(coords, { color: '#1a5fb4', weight: 5, opacity: 0.85 }).addTo(map);
      map.fitBounds(line.getBounds(), { padding: [24, 24] });
    },
    destroy: () => map.remove(),
  };
}
