import { EARTH_RADIUS_KM, type LatLon } from '#core/geo/index.js';

/** The point `km` from `from` towards `bearing` degrees (0 north, 90 east): the exact spherical destination formula. */
export function destination(from: LatLon, km: number, bearing: number): LatLon {
  const d = km / EARTH_RADIUS_KM;
  const b = (bearing * Math.PI) / 180;
  const lat1 = (from.lat * Math.PI) / 180;
  const lon1 = (from.lon * Math.PI) / 180;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lon2 = lon1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  const lon = (((((lon2 * 180) / Math.PI + 540) % 360) + 360) % 360) - 180;
  return { lat: (lat2 * 180) / Math.PI, lon };
}
