/**
 * Great-circle distance on a sphere (spec, Other behaviours 2: every distance search uses it). The mean earth
 * radius (IUGG) keeps Berlin–Hamburg at 255 km; the spheroid's error (< 0.5 %) is below what a "nearby" list shows.
 */
export const EARTH_RADIUS_KM = 6371.0088;

export interface LatLon {
  lat: number;
  lon: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Haversine distance in km; numerically stable for short and antipodal distances alike. */
export function distanceKm(a: LatLon, b: LatLon): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The figure an answer shows: kilometres to one decimal (decisions, Community on the map). */
export const roundKm = (km: number): number => Math.round(km * 10) / 10;
