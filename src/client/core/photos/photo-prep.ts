import { PHOTO_LONG_EDGE } from '#shared/limits.js';

/**
 * A photo made ready for upload the way phone apps do it (decisions, "Photos from the phone"):
 * - its position and capture time are read from the EXIF first (exifr's lite build, loaded with the first photo),
 *   because the shrunk copy carries no metadata;
 * - it is shrunk to PHOTO_LONG_EDGE on the long edge, turned upright (createImageBitmap applies the EXIF
 *   orientation), and encoded as JPEG. A 12-megapixel phone photo of 3–6 MB becomes about 0.6–1 MB.
 * What the browser cannot decode (HEIC outside Safari) is sent as it is, and the server handles it as before.
 */
export interface PreparedPhoto {
  file: File;
  lat: number | null;
  lon: number | null;
  /** ISO 8601 with the zone. */
  takenAt: string | null;
}

/** Quality 0.82: where phone cameras save at 0.9–0.95; no visible loss at phone and laptop sizes. */
const QUALITY = 0.82;

interface ExifFacts {
  latitude?: number;
  longitude?: number;
  DateTimeOriginal?: Date;
  CreateDate?: Date;
}

async function readFacts(file: File): Promise<Pick<PreparedPhoto, 'lat' | 'lon' | 'takenAt'>> {
  try {
    const { default: exifr } = await import('exifr/dist/lite.esm.mjs');
    // Two small reads of the file's head: gps() gives the decimal position, parse() the capture time.
    const [gps, times] = await Promise.all([
      exifr.gps(file).catch(() => undefined),
      // (The lite build cannot take a tag list: it reads the EXIF block, a few hundred bytes.)
      exifr.parse(file, { exif: true, gps: false }).catch(() => undefined) as Promise<ExifFacts | undefined>,
    ]);
    const raw: ExifFacts = { ...times, latitude: gps?.latitude, longitude: gps?.longitude };
    const lat = typeof raw?.latitude === 'number' && Number.isFinite(raw.latitude) ? raw.latitude : null;
    const lon = typeof raw?.longitude === 'number' && Number.isFinite(raw.longitude) ? raw.longitude : null;
    // exifr reads the camera's wall clock as this device's local time, the zone the photo was most likely taken in.
    const taken = raw?.DateTimeOriginal ?? raw?.CreateDate;
    const takenAt = taken instanceof Date && !Number.isNaN(taken.getTime()) ? withOffset(taken) : null;
    return lat !== null && lon !== null ? { lat, lon, takenAt } : { lat: null, lon: null, takenAt };
  } catch {
    return { lat: null, lon: null, takenAt: null }; // no or broken EXIF: a photo without facts, never a failure
  }
}

/** `2026-05-01T10:15:00+02:00`: the local wall clock with its offset, so the server knows the day as it was seen. */
function withOffset(date: Date): string {
  const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');
  const offset = -date.getTimezoneOffset();
  const zone = `${offset >= 0 ? '+' : '-'}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}${zone}`;
}

async function shrink(file: File): Promise<File | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null; // a format this browser cannot decode: sent as it is
  }
  try {
    const long = Math.max(bitmap.width, bitmap.height);
    // Small enough already, and a JPEG: nothing to gain from encoding it again.
    if (long <= PHOTO_LONG_EDGE && file.type === 'image/jpeg') return null;
    const scale = Math.min(1, PHOTO_LONG_EDGE / long);
    const width = Math.round(bitmap.width * scale);
    const height = Math.round(bitmap.height * scale);
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: QUALITY });
    if (blob.type !== 'image/jpeg' || blob.size >= file.size) return null;
    return new File([blob], `${file.name.replace(/\.[^.]+$/, '') || 'foto'}.jpg`, { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    return null;
  } finally {
    bitmap.close();
  }
}

/** `original`: the setting "Originalgröße hochladen" (photo-settings.ts); the facts are read either way. */
export async function preparePhoto(file: File, original: boolean): Promise<PreparedPhoto> {
  if (!file.type.startsWith('image/')) return { file, lat: null, lon: null, takenAt: null };
  const facts = await readFacts(file);
  const shrunk = original || typeof OffscreenCanvas === 'undefined' ? null : await shrink(file);
  return { file: shrunk ?? file, ...facts };
}

/**
 * Prepares the photos a screen was given one after the other (one decoded 12 MP photo is 48 MB of memory), starting
 * as soon as they are picked, so the shrinking overlaps with typing the entry; each file is prepared once.
 */
export function photoPreparer(original: () => boolean): (file: File) => Promise<PreparedPhoto> {
  const prepared = new Map<File, Promise<PreparedPhoto>>();
  let queue: Promise<unknown> = Promise.resolve();
  return (file) => {
    let photo = prepared.get(file);
    if (!photo) {
      photo = queue.then(() => preparePhoto(file, original()));
      queue = photo.catch(() => undefined);
      prepared.set(file, photo);
    }
    return photo;
  };
}
