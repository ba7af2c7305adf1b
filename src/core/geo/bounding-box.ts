import { EARTH_RADIUS_KM, type LatLon } from './distance.js';

/** Longitude ranges are inclusive; a box across the antimeridian has two, a box around a pole spans all. */
export interface BoundingBox {
  minLat: number;
  maxLat: number;
  lonRanges: Array<[min: number, max: number]>;
}

// A hair of slack so a point exactly on the circle is never lost to floating-point rounding in SQL or here;
// the exact distance check afterwards drops what the slack lets in.
const SLACK_DEG = 1e-9;
const deg = (r: number) => (r * 180) / Math.PI;

/**
 * The smallest latitude/longitude box that holds every point within `radiusKm` of `center` (J. Matuschek,
 * "Finding Points Within a Distance of a Latitude/Longitude Using Bounding Coordinates"): an indexed
 * pre-filter that works the same on SQLite and PostgreSQL. Never drops a point inside the radius (property test).
 */
export function boundingBox(center: LatLon, radiusKm: number): BoundingBox {
  const angular = radiusKm / EARTH_RADIUS_KM;
  const minLat = center.lat - deg(angular) - SLACK_DEG;
  const maxLat = center.lat + deg(angular) + SLACK_DEG;
  // The circle holds a pole: every longitude is in reach there.
  if (maxLat >= 90 || minLat <= -90) {
    return { minLat: Math.max(minLat, -90), maxLat: Math.min(maxLat, 90), lonRanges: [[-180, 180]] };
  }
  const dLon = deg(Math.asin(Math.min(1, Math.sin(angular) / Math.cos((center.lat * Math.PI) / 180)))) + SLACK_DEG;
  const minLon = center.lon - dLon;
  const maxLon = center.lon + dLon;
  if (dLon >= 180) return { minLat, maxLat, lonRanges: [[-180, 180]] };
  if (minLon < -180)
    return {
      minLat,
      maxLat,
      lonRanges: [
        [minLon + 360, 180],
        [-180, maxLon],
      ],
    };
  if (maxLon > 180)
    return {
      minLat,
      maxLat,
      lonRanges: [
        [minLon, 180],
        [-180, maxLon - 360],
      ],
    };
  return { minLat, maxLat, lonRanges: [[minLon, maxLon]] };
}

export function inBox(box: BoundingBox, p: LatLon): boolean {
  return p.lat >= box.minLat && p.lat <= box.maxLat && box.lonRanges.some(([min, max]) => p.lon >= min && p.lon <= max);
}
