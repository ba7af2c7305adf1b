import { join } from 'node:path';
import type { Config } from '../config.js';
import { LocalMediaStore } from './store/local-store.js';
import type { MediaStore } from './store/media-store.js';
import { contentTypeOf } from './store/media-store.js';

/**
 * Copies every stored file from the local folder into another store (`npm run cli -- media:copy-to-s3`), for the
 * move from one machine to several. Idempotent and resumable: a file the target already holds with the same size is
 * skipped, so a run that was stopped simply starts again; every copied file is checked by its size in the target.
 * The app may keep running meanwhile: files added during the copy are caught by a second run.
 */

export interface CopyProgress {
  seen: number;
  copied: number;
  skipped: number;
  bytes: number;
}

export interface CopyResult extends CopyProgress {
  /** Keys whose copy did not arrive whole (after one retry). */
  failed: string[];
}

/** Files copied at once: enough to fill a link to the store, few enough for a small machine. */
const PARALLEL = 4;

export async function copyMedia(
  from: { store: MediaStore; root: string },
  to: MediaStore,
  onProgress: (p: CopyProgress) => void = () => undefined,
): Promise<CopyResult> {
  const result: CopyResult = { seen: 0, copied: 0, skipped: 0, bytes: 0, failed: [] };
  const running = new Set<Promise<void>>();

  if (to.driver === 'local') throw new Error('copyMedia copies into an object store; the local driver would move the files');
  const copyOne = async (key: string, size: number) => {
    try {
      await copyIfNeeded(key, size);
    } catch {
      result.failed.push(key); // the store was down or refused: the next run tries again
    }
    onProgress(result);
  };
  const copyIfNeeded = async (key: string, size: number) => {
    const there = await to.stat(key);
    if (there?.size === size) {
      result.skipped++;
    } else {
      let arrived: number | undefined;
      for (let attempt = 0; attempt < 2 && arrived !== size; attempt++) {
        await to.putFiles([{ key, path: join(from.root, key), contentType: contentTypeOf(key) }]);
        arrived = (await to.stat(key))?.size;
      }
      if (arrived === size) {
        result.copied++;
        result.bytes += size;
      } else result.failed.push(key);
    }
  };

  for await (const file of from.store.list('u/')) {
    result.seen++;
    const job = copyOne(file.key, file.size).finally(() => running.delete(job));
    running.add(job);
    if (running.size >= PARALLEL) await Promise.race(running);
  }
  await Promise.all(running);
  return result;
}

/** The local media folder (DATA_DIR/media) into `to`: what `media:copy-to-s3` runs. */
export function copyLocalMedia(config: Pick<Config, 'mediaDir'>, to: MediaStore, onProgress?: (p: CopyProgress) => void): Promise<CopyResult> {
  return copyMedia({ store: new LocalMediaStore(config.mediaDir), root: config.mediaDir }, to, onProgress);
}
