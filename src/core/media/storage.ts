import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Logger } from '../logger.js';

/**
 * Files on disk under DATA_DIR/media, served as /media/<same path>. Names are 128 random bits (base64url,
 * 22 characters), so nobody finds a file by guessing; the permission check in serve.ts guards the rest.
 */

export const MEDIA_NAME_PATTERN = '[A-Za-z0-9_-]{22}';

/** Every URL we hand out: /media/u/<userId>/<folder…>/<name>[_preview].<ext>. Anything else is never a file of ours. */
const MEDIA_URL = new RegExp(`^/media/(u/\\d+/(?:avatar|nearby|dogs/\\d+/(?:photo|diary))/${MEDIA_NAME_PATTERN}(?:_preview)?\\.(?:jpg|webp))$`);

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

/**
 * Uploads and freshly encoded images wait here (inside the media folder, so moving them into place is an atomic
 * rename on the same file system). Never served: no media URL maps into it.
 */
export function stagingDir(mediaDir: string): string {
  return join(mediaDir, '.incoming');
}

export interface FileMove {
  from: string;
  to: string;
}

/** fsync on a libuv thread (never on the event loop). Works for files and, on Linux, for folders. */
async function syncToDisk(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Moves staged files to their final places, all or none: when any move fails, the files already moved and the
 * ones still staged are removed before the error is rethrown.
 *
 * The files and their folder are synced to disk (on libuv threads) before the caller commits its rows, so a row
 * never points at a file a power cut could lose (the database runs with synchronous=FULL). On ext4's ordered mode
 * this also spares SQLite's own fsync, which runs on the event loop, from flushing the fresh photo data.
 */
export async function commitFiles(moves: FileMove[]): Promise<void> {
  const moved: string[] = [];
  try {
    await Promise.all(moves.map((m) => syncToDisk(m.from)));
    for (const { from, to } of moves) {
      await mkdir(dirname(to), { recursive: true });
      await rename(from, to);
      moved.push(to);
    }
    await Promise.all([...new Set(moves.map((m) => dirname(m.to)))].map(syncToDisk));
  } catch (err) {
    await discardFiles([...moved, ...moves.map((m) => m.from)]);
    throw err;
  }
}

/** Removes one file; a file that is gone already is fine. (`unlink`, not `rm`: one syscall, no directory walk.) */
export async function removeFile(path: string): Promise<void> {
  try {
    await unlink(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** Removes files by path (staged outputs of a failed request). Never throws. */
export async function discardFiles(paths: readonly string[]): Promise<void> {
  await Promise.all(paths.map((p) => removeFile(p).catch(() => undefined)));
}

/** Removes the files behind media URLs after their rows are gone. Never throws: the database is already right. */
export async function removeMediaFiles(mediaDir: string, urls: readonly string[], log: Logger): Promise<void> {
  await Promise.all(
    urls.map(async (url) => {
      const path = mediaFilePath(mediaDir, url);
      if (!path) return;
      try {
        await removeFile(path);
      } catch (err) {
        log.warn({ err, url }, 'media file could not be removed');
      }
    }),
  );
}
