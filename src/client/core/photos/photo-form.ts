import type { PreparedPhoto } from './photo-prep.js';

/**
 * The form fields the diary upload takes beside a photo (the server's photo-fields.ts): what the app read from the
 * photo before it shrank it. Only the diary takes them; the other uploads send the file alone.
 */
export function photoFields(photo: PreparedPhoto): Record<string, string> {
  const fields: Record<string, string> = {};
  if (photo.lat !== null && photo.lon !== null) {
    fields.lat = String(photo.lat);
    fields.lon = String(photo.lon);
  }
  if (photo.takenAt) fields.taken_at = photo.takenAt;
  return fields;
}

/** One diary photo's request body: the file in `files`, then its fields. */
export function diaryPhotoForm(file: Blob, name: string, fields: Record<string, string>): FormData {
  const form = new FormData();
  form.append('files', file, name);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}
