import type { Request } from 'express';
import { dateInZone } from '../clock.js';
import { badRequest } from '../http/route/errors.js';
import type { PhotoFacts } from './exif.js';

/**
 * The position and time the app read from a photo in the browser before it shrank it (decisions, "Photos from the
 * phone"): form fields `lat`, `lon`, `taken_at` beside the files, one value per file in the files' order (an empty
 * value for a file that has none). A shrunk photo carries no EXIF of its own any more; where the file still has
 * EXIF, the EXIF wins (mergeFacts).
 */
export const PHOTO_FIELDS = ['lat', 'lon', 'taken_at'] as const;

const listOf = (value: unknown): string[] => (value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)]);

function number(text: string, limit: number, field: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  if (!Number.isFinite(value) || Math.abs(value) > limit) {
    throw badRequest('Die Position des Fotos ist ungültig.', { [field]: `Eine Zahl zwischen −${limit} und ${limit}.` });
  }
  return Math.round(value * 1e6) / 1e6;
}

function instant(text: string, now: Date): Date | null {
  if (text.trim() === '') return null;
  const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text) ? new Date(text) : null;
  // A clock a day ahead is wrong, as for EXIF (exif.ts).
  if (!at || Number.isNaN(at.getTime()) || at.getTime() > now.getTime() + 24 * 3600_000) {
    throw badRequest('Die Aufnahmezeit des Fotos ist ungültig.', { taken_at: 'Ein Zeitpunkt wie 2026-05-01T10:15:00+02:00.' });
  }
  return at;
}

/** The fields' facts, one per file (all null where the app sent none). 400 for a value that is not one. */
export function photoFieldFacts(req: Request, fileCount: number, timeZone: string, now: Date): PhotoFacts[] {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const lists = { lat: listOf(body.lat), lon: listOf(body.lon), taken_at: listOf(body.taken_at) };
  for (const [field, values] of Object.entries(lists)) {
    if (values.length > 0 && values.length !== fileCount) {
      throw badRequest('Zu jedem Foto gehört genau ein Wert.', { [field]: `${fileCount} Werte erwartet, ${values.length} bekommen.` });
    }
  }
  return Array.from({ length: fileCount }, (_, i) => {
    const lat = number(lists.lat[i] ?? '', 90, 'lat');
    const lon = number(lists.lon[i] ?? '', 180, 'lon');
    if ((lat === null) !== (lon === null)) throw badRequest('Zur Position gehören Breite und Länge.', { [lat === null ? 'lat' : 'lon']: 'Fehlt.' });
    const text = lists.taken_at[i] ?? '';
    const at = instant(text, now);
    // The day as the camera saw it: the text's own date where it names its offset, as for EXIF.
    const takenDay = at ? (text.endsWith('Z') ? dateInZone(at, timeZone) : text.slice(0, 10)) : null;
    return { lat, lon, takenAt: at?.toISOString() ?? null, takenDay };
  });
}

/** The file's own EXIF wins; a field fills only what the file does not say (position and time each on their own). */
export function mergeFacts(exif: PhotoFacts, fields: PhotoFacts | undefined): PhotoFacts {
  if (!fields) return exif;
  const position = exif.lat !== null && exif.lon !== null ? exif : fields;
  const time = exif.takenAt !== null ? exif : fields;
  return { lat: position.lat, lon: position.lon, takenAt: time.takenAt, takenDay: time.takenDay };
}
