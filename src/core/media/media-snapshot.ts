import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, link, mkdir, rename, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Config } from '../config.js';
import { LocalMediaStore } from './store/local-store.js';
import type { MediaStore } from './store/media-store.js';

/**
 * The media half of a backup (platform/backup). With the local driver the snapshot holds the files themselves: hard
 * links where the snapshot folder is on the same file system (stored files are never changed in place — a new
 * version is a new name, a removal an unlink — so a link keeps the file as it was at no cost in space), copies
 * elsewhere. With an object store the snapshot only lists the objects: the bucket holds them (its versioning keeps
 * removed ones, docs/operations.md).
 */

export interface SnapshotFile {
  key: string;
  size: number;
  sha256: string;
}

export interface StoredObject {
  key: string;
  size: number;
}

/** A file's SHA-256, read as a stream (a photo of 20 MB never sits in memory whole). */
export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A hard link, or a copy where the two folders are on different file systems. */
async function linkOrCopy(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  try {
    await link(from, to);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EXDEV' && code !== 'EPERM') throw err;
    await copyFile(from, to);
  }
}

/**
 * Every stored file of the local media folder into `targetDir` (as `<key>`), with its size and checksum. A file that
 * is the very same one as in the previous snapshot (same inode: a link made last night) keeps last night's checksum
 * instead of being read again, so a nightly snapshot reads only the new photos.
 */
export async function snapshotLocalMedia(
  config: Pick<Config, 'mediaDir'>,
  targetDir: string,
  previous?: { dir: string; files: Map<string, string> },
): Promise<SnapshotFile[]> {
  const files: SnapshotFile[] = [];
  for await (const entry of new LocalMediaStore(config.mediaDir).list('u/')) {
    const from = join(config.mediaDir, entry.key);
    const to = join(targetDir, entry.key);
    try {
      await linkOrCopy(from, to);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue; // removed since it was listed: not in the snapshot
      throw err;
    }
    const known = previous?.files.get(entry.key);
    const sha256 = previous && known && (await sameFile(to, join(previous.dir, entry.key))) ? known : await sha256OfFile(to);
    files.push({ key: entry.key, size: (await stat(to)).size, sha256 });
  }
  return files;
}

async function sameFile(a: string, b: string): Promise<boolean> {
  try {
    const [x, y] = await Promise.all([stat(a), stat(b)]);
    return x.ino === y.ino && x.dev === y.dev && x.size === y.size;
  } catch {
    return false;
  }
}

/** The objects an object store holds (their sizes), for a snapshot's manifest. */
export async function listStoredObjects(store: MediaStore): Promise<StoredObject[]> {
  const objects: StoredObject[] = [];
  for await (const entry of store.list('u/')) objects.push({ key: entry.key, size: entry.size });
  return objects;
}

/**
 * Puts a snapshot's media folder in place of the local one. The current folder is moved to `asideDir` first (a
 * rename: the way back if the restore was the mistake), then the snapshot's files are linked or copied in.
 */
export async function restoreLocalMedia(
  config: Pick<Config, 'mediaDir'>,
  snapshotMediaDir: string,
  files: readonly SnapshotFile[],
  asideDir: string,
): Promise<void> {
  await mkdir(asideDir, { recursive: true });
  try {
    await rename(config.mediaDir, join(asideDir, 'media'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(config.mediaDir, { recursive: true });
  for (const file of files) await linkOrCopy(join(snapshotMediaDir, file.key), join(config.mediaDir, file.key));
}
