import type { DiaryEntry, DiaryMedia } from '../../../api/types.js';
import { ApiError } from '../../../core/api.js';
import { upload } from '../../../core/upload.js';

export type MediaItem = DiaryMedia;
export type Entry = DiaryEntry;

/** The server takes at most 10 files and 20 MB per request; bigger selections go in several requests. */
export const MAX_FILES_PER_REQUEST = 10;
export const MAX_BYTES_PER_REQUEST = 19 * 1024 * 1024;

export function batches(files: File[]): File[][] {
  const result: File[][] = [];
  let current: File[] = [];
  let bytes = 0;
  for (const file of files) {
    if (current.length && (current.length >= MAX_FILES_PER_REQUEST || bytes + file.size > MAX_BYTES_PER_REQUEST)) {
      result.push(current);
      current = [];
      bytes = 0;
    }
    current.push(file);
    bytes += file.size;
  }
  if (current.length) result.push(current);
  return result;
}

/**
 * Uploads the photos of an entry (`POST /api/diary/{id}/media`, field `files`), batch after batch, reporting
 * progress over all bytes. Returns what was stored; on a failure the error says which photos are still missing.
 */
export async function uploadPhotos(
  entryId: number,
  files: File[],
  onProgress: (fraction: number) => void,
): Promise<{ stored: MediaItem[]; failed: File[]; error: ApiError | null }> {
  const total = files.reduce((sum, f) => sum + f.size, 0) || 1;
  let done = 0;
  const stored: MediaItem[] = [];
  const groups = batches(files);
  for (let i = 0; i < groups.length; i++) {
    const group = groups[i] ?? [];
    const size = group.reduce((sum, f) => sum + f.size, 0);
    const form = new FormData();
    for (const file of group) form.append('files', file, file.name);
    try {
      const answer = await upload('/api/diary/{entryId}/media', {
        params: { path: { entryId } },
        form,
        onProgress: (fraction) => onProgress((done + fraction * size) / total),
      });
      stored.push(...answer.items);
      done += size;
    } catch (error) {
      return { stored, failed: groups.slice(i).flat(), error: error instanceof ApiError ? error : new ApiError(0, 'offline', String(error)) };
    }
  }
  onProgress(1);
  return { stored, failed: [], error: null };
}

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
