import { distanceKm, roundKm, type LatLon } from './distance.js';

export type WithDistance<T> = T & { distance_km: number };

/**
 * The exact step after the SQL box pre-filter: keeps the items within `radiusKm` by great-circle distance,
 * nearest first (ties by id, so pages are stable), each with `distance_km` rounded to 0.1.
 */
export function nearest<T extends LatLon & { id: number }>(items: readonly T[], center: LatLon, radiusKm: number, limit = Infinity): WithDistance<T>[] {
  const within: Array<{ item: T; km: number }> = [];
  for (const item of items) {
    const km = distanceKm(center, item);
    if (km <= radiusKm) within.push({ item, km });
  }
  within.sort((a, b) => a.km - b.km || a.item.id - b.item.id);
  return within.slice(0, limit).map(({ item, km }) => ({ ...item, distance_km: roundKm(km) }));
}
