import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Logger } from '../logger.js';

/**
 * Files on disk under DATA_DIR/media, served as /media/<same path>. Names are 128 random bits (base64url,
 * 22 characters), so nobody finds a file by guessing; the permission check in serve.ts guards the rest.
 */

export const MEDIA_NAME_PATTERN = '[A-Za-z0-9_-]{22}';

/** Every URL we hand out: /media/u/<userId>/<folder…>/<name>[_preview].<ext>. Anything else is never a file of ours. */
const MEDIA_URL = new RegExp(`^/media/(u/\\d+/(?:avatar|dogs/\\d+/(?:photo|diary))/${MEDIA_NAME_PATTERN}(?:_preview)?\\.(?:jpg|webp))$`);

export function newMediaName(): string {
  return randomBytes(16).toString('base64url');
}

/** The file behind a media URL, or undefined for anything that is not one of our URLs (no path tricks possible). */
export function mediaFilePath(mediaDir: string, url: string): string | undefined {
  const match = MEDIA_URL.exec(url);
  return match?.[1] ? join(mediaDir, match[1]) : undefined;
}

/** `<name>.jpg` → `<name>_preview.webp` (decisions: the preview sits beside the file). */
export function previewUrlOf(url: string): string {
  return url.replace(/\.[a-z]+$/, '_preview.webp');
}

export interface FileToWrite {
  path: string;
  data: Buffer;
}

/**
 * Writes all files or none: each goes to a temporary name first and is renamed into place; when any write fails,
 * every file of the batch is removed again before the error is rethrown.
 */
export async function writeFilesAllOrNothing(files: FileToWrite[]): Promise<void> {
  const written: string[] = [];
  try {
    for (const file of files) {
      await mkdir(dirname(file.path), { recursive: true });
      const tmp = `${file.path}.tmp-${randomBytes(4).toString('hex')}`;
      written.push(tmp);
      await writeFile(tmp, file.data, { flag: 'wx' });
      await rename(tmp, file.path);
      written.push(file.path);
    }
  } catch (err) {
    await Promise.all(written.map((p) => rm(p, { force: true })));
    throw err;
  }
}

/** Removes the files behind media URLs after their rows are gone. Never throws: the database is already right. */
export async function removeMediaFiles(mediaDir: string, urls: readonly string[], log: Logger): Promise<void> {
  await Promise.all(
    urls.map(async (url) => {
      const path = mediaFilePath(mediaDir, url);
      if (!path) return;
      try {
        await rm(path, { force: true });
      } catch (err) {
        log.warn({ err, url }, 'media file could not be removed');
      }
    }),
  );
}
