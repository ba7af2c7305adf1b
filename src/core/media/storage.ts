import { randomBytes } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '../context.js';
import type { Config } from '../config.js';
import { contentTypeOf } from './store/media-store.js';

/**
 * Media URLs and their files. A stored file's URL is /media/<key>, its key the path in the store (core/media/store).
 * Names are 128 random bits (base64url, 22 characters), so nobody finds a file by guessing; the permission check in
 * serve.ts guards the rest.
 */

export const MEDIA_NAME_PATTERN = '[A-Za-z0-9_-]{22}';

/** Every URL we hand out: /media/u/<userId>/<folder…>/<name>[_preview].<ext>. Anything else is never a file of ours. */
const MEDIA_URL = new RegExp(`^/media/(u/\\d+/(?:avatar|nearby|dogs/\\d+/(?:photo|diary|health))/${MEDIA_NAME_PATTERN}(?:_preview)?\\.(?:jpg|webp|pdf))$`);

export function newMediaName(): string {
  return randomBytes(16).toString('base64url');
}

/** The store key behind a media URL, or undefined for anything that is not one of our URLs (no path tricks possible). */
export function mediaKeyOf(url: string): string | undefined {
  return MEDIA_URL.exec(url)?.[1];
}

/** `<name>.jpg` → `<name>_preview.webp` (decisions: the preview sits beside the file). */
export function previewUrlOf(url: string): string {
  return url.replace(/\.[a-z]+$/, '_preview.webp');
}

/**
 * Uploads and freshly encoded images wait here, on local disk whatever the store (inside the media folder, so the
 * local driver puts them in place with an atomic rename). Never served: no media URL maps into it.
 */
export function stagingDir(config: Pick<Config, 'mediaDir'>): string {
  return join(config.mediaDir, '.incoming');
}

/** Removes one staged file; a file that is gone already is fine. (`unlink`, not `rm`: one syscall, no directory walk.) */
export async function removeFile(path: string): Promise<void> {
  try {
    await unlink(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** Removes staged files (a request's uploads and outputs). Never throws. */
export async function discardFiles(paths: readonly string[]): Promise<void> {
  await Promise.all(paths.map((p) => removeFile(p).catch(() => undefined)));
}

/** A staged file and the media URL it is to be served under. */
export interface FileForUrl {
  url: string;
  path: string;
}

/**
 * Puts finished files into the store under their URLs, all or none, before the caller commits the rows that name
 * them: a row never points at a missing file; a crash before the commit leaves at most files that no row names
 * (the nightly sweep's work). The store down → the German 503, and nothing was written.
 */
export async function storeFiles(ctx: Pick<AppContext, 'media'>, files: readonly FileForUrl[]): Promise<void> {
  await ctx.media.putFiles(
    files.map(({ url, path }) => {
      const key = mediaKeyOf(url);
      if (!key) throw new Error(`not a media URL: ${url}`);
      return { key, path, contentType: contentTypeOf(key) };
    }),
  );
}

/** Removes the files behind media URLs after their rows are gone. Never throws: the database is already right. */
export async function removeStoredMedia(ctx: Pick<AppContext, 'media' | 'log'>, urls: readonly (string | null | undefined)[]): Promise<void> {
  const keys = urls.map((url) => (url ? mediaKeyOf(url) : undefined)).filter((k): k is string => k !== undefined);
  if (keys.length === 0) return;
  try {
    await ctx.media.remove(keys);
  } catch (err) {
    ctx.log.warn({ err, count: keys.length }, 'media files could not be removed; the orphan sweep will try again');
  }
}
