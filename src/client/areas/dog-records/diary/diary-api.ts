import type { DiaryEntry, DiaryMedia } from '../../../api/types.js';

export type MediaItem = DiaryMedia;
export type Entry = DiaryEntry;

/** The server takes at most 20 MB per request; a bigger photo is refused at the picker. */
export const MAX_BYTES_PER_REQUEST = 19 * 1024 * 1024;

/** `"Wald, Ausflug ,"` → `["Wald", "Ausflug"]` (duplicates dropped). */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
}
