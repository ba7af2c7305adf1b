import { zonedInstant } from '../clock.js';

/** What a photo's metadata tells us: where and when it was taken. Every part may be missing. */
export interface PhotoFacts {
  lat: number | null;
  lon: number | null;
  /** Capture instant, ISO 8601 UTC. */
  takenAt: string | null;
  /** Capture day as the camera saw it (its local wall clock), YYYY-MM-DD. */
  takenDay: string | null;
}

const NO_FACTS: PhotoFacts = { lat: null, lon: null, takenAt: null, takenDay: null };
const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');

const PICK = [
  'DateTimeOriginal',
  'OffsetTimeOriginal',
  'CreateDate',
  'OffsetTimeDigitized',
  'GPSLatitude',
  'GPSLatitudeRef',
  'GPSLongitude',
  'GPSLongitudeRef',
];

interface RawExif {
  DateTimeOriginal?: unknown;
  OffsetTimeOriginal?: unknown;
  CreateDate?: unknown;
  OffsetTimeDigitized?: unknown;
  latitude?: unknown;
  longitude?: unknown;
}

/**
 * EXIF stores the camera's wall-clock time, usually without a zone. With an OffsetTime tag that offset is used;
 * without one we assume the app's zone (our users photograph their dogs in Germany, Austria, Switzerland).
 */
function parseExifTime(value: unknown, offset: unknown, timeZone: string, now: Date): { takenAt: string; takenDay: string } | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (y < 1900 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  if (new Date(wall).getUTCDate() !== d) return null; // 31 February and friends
  let instant: number;
  const off = typeof offset === 'string' ? /^([+-])(\d{2}):(\d{2})$/.exec(offset.trim()) : null;
  if (off) {
    const sign = off[1] === '-' ? -1 : 1;
    instant = wall - sign * (Number(off[2]) * 60 + Number(off[3])) * 60_000;
  } else {
    instant = zonedInstant({ year: y, month: mo, day: d, hour: h, minute: mi, second: s }, timeZone).getTime();
  }
  // A camera clock far in the future is wrong; trust nothing from it.
  if (instant > now.getTime() + 24 * 3600_000) return null;
  return { takenAt: new Date(instant).toISOString(), takenDay: `${m[1]}-${m[2]}-${m[3]}` };
}

function coordinate(value: unknown, limit: number): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) > limit) return null;
  return Math.round(value * 1e6) / 1e6;
}

/**
 * Position and capture time from a raw EXIF block (as sharp's metadata returns it, for every format).
 * A photo without EXIF, or with broken EXIF, simply has no facts: that never fails an upload.
 */
export async function readPhotoFacts(exif: Buffer | undefined, timeZone: string, now: Date): Promise<PhotoFacts> {
  if (!exif || exif.length < 8) return NO_FACTS;
  const tiff = exif.subarray(0, 6).equals(EXIF_HEADER) ? exif.subarray(6) : exif;
  let raw: RawExif | undefined;
  try {
    // exifr loads with the first photo, not at start (start memory: bench/auth.mjs).
    const { default: exifr } = await import('exifr');
    raw = (await exifr.parse(tiff, { pick: PICK, gps: true, reviveValues: false, translateValues: false })) as RawExif | undefined;
  } catch {
    return NO_FACTS;
  }
  if (!raw) return NO_FACTS;
  let lat = coordinate(raw.latitude, 90);
  let lon = coordinate(raw.longitude, 180);
  // 0/0 is what broken GPS modules write; nobody walks their dog in the Gulf of Guinea.
  if (lat === null || lon === null || (lat === 0 && lon === 0)) lat = lon = null;
  const time =
    parseExifTime(raw.DateTimeOriginal, raw.OffsetTimeOriginal, timeZone, now) ?? parseExifTime(raw.CreateDate, raw.OffsetTimeDigitized, timeZone, now);
  return { lat, lon, takenAt: time?.takenAt ?? null, takenDay: time?.takenDay ?? null };
}
