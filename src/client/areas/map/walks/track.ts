/** The walk recorder's track: positions while the screen is open, thinned so standing still adds nothing. */
export type TrackPoint = [lat: number, lon: number];

const EARTH_M = 6_371_000;
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance in metres (as the server computes it). */
export function metresBetween([lat1, lon1]: TrackPoint, [lat2, lon2]: TrackPoint): number {
  const a = Math.sin(rad(lat2 - lat1) / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2;
  return 2 * EARTH_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** A fix less accurate than this is noise on a walk. */
const MAX_ACCURACY_M = 50;
/** Closer than this to the last point: standing or GPS jitter. */
const MIN_STEP_M = 8;

/** The track with the new fix appended when it is accurate and far enough from the last point. */
export function addFix(track: TrackPoint[], lat: number, lon: number, accuracy: number): TrackPoint[] {
  if (accuracy > MAX_ACCURACY_M) return track;
  const point: TrackPoint = [Math.round(lat * 1e6) / 1e6, Math.round(lon * 1e6) / 1e6];
  const last = track[track.length - 1];
  if (last && metresBetween(last, point) < MIN_STEP_M) return track;
  return [...track, point];
}

export function trackLength(track: TrackPoint[]): number {
  let m = 0;
  for (let i = 1; i < track.length; i++) m += metresBetween(track[i - 1]!, track[i]!);
  return m;
}
