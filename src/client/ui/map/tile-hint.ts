// A friendly line over a map whose tiles do not load (the tile server down, blocked or offline): a grey map with
// no word made people think the app was broken. Imported only from map chunks (Leaflet stays out of the main bundle).
import type L from 'leaflet';

export const TILE_HINT = 'Kartenkacheln laden gerade nicht. Die Markierungen stimmen trotzdem; versuch es später noch mal.';

/**
 * Shows the hint over the map while its tiles fail, and hides it once one loads again (a network that comes back).
 * Leaflet fires `tileerror` per tile: the hint is one element, made on the first failure.
 */
export function watchTileErrors(map: L.Map, tiles: L.TileLayer): void {
  let hint: HTMLElement | null = null;
  tiles.on('tileerror', () => {
    if (!hint) {
      hint = document.createElement('p');
      hint.className = 'map-tile-hint';
      hint.setAttribute('role', 'status');
      hint.textContent = TILE_HINT;
      map.getContainer().appendChild(hint);
    }
    hint.hidden = false;
  });
  tiles.on('tileload', () => {
    if (hint) hint.hidden = true;
  });
}
