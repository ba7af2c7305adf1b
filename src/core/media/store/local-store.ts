import { copyFile, mkdir, open, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { assertMediaKey, assertMediaPrefix, type ByteRange, type FileToStore, type MediaStore, type StoredEntry, type StoredInfo } from './media-store.js';

/**
 * The default driver: files under DATA_DIR/media/<key>, as the app has always kept them. The staging folder sits
 * inside the same folder, so putting a file is an atomic rename on one file system.
 */

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** fsync on a libuv thread (never on the event loop). Works for files and, on Linux, for folders. */
async function syncToDisk(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function removeFile(path: string): Promise<void> {
  try {
    await unlink(path);
  } catch (err) {
    if (!isMissing(err)) throw err;
  }
}

/** Moves a file, copying it where the staging folder is on another file system (EXDEV). */
async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await copyFile(from, to);
    await syncToDisk(to);
  }
}

export class LocalMediaStore implements MediaStore {
  readonly driver = 'local';

  constructor(private readonly root: string) {}

  #path(key: string): string {
    return join(this.root, assertMediaKey(key));
  }

  async check(): Promise<void> {
    try {
      await mkdir(this.root, { recursive: true });
    } catch (err) {
      throw new Error(`Der Medienordner ${this.root} kann nicht angelegt werden: ${(err as Error).message}`, { cause: err });
    }
  }

  /**
   * The files and their folders are synced to disk before the caller commits its rows, so a row never points at a
   * file a power cut could lose (the database runs with synchronous=FULL).
   */
  async putFiles(files: readonly FileToStore[]): Promise<void> {
    const moved: string[] = [];
    try {
      const targets = files.map((f) => this.#path(f.key));
      await Promise.all(files.map((f) => syncToDisk(f.path)));
      for (const [i, file] of files.entries()) {
        const to = targets[i] as string;
        await mkdir(dirname(to), { recursive: true });
        await moveFile(file.path, to);
        moved.push(to);
      }
      await Promise.all([...new Set(targets.map((t) => dirname(t)))].map(syncToDisk));
    } catch (err) {
      await Promise.all(moved.map((p) => removeFile(p).catch(() => undefined)));
      throw err;
    }
  }

  async stat(key: string): Promise<StoredInfo | undefined> {
    try {
      const info = await stat(this.#path(key));
      if (!info.isFile()) return undefined;
      // Names never repeat and files never change, so size and time make a strong validator.
      return { size: info.size, etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`, modifiedAt: info.mtime };
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable | undefined> {
    try {
      const handle = await open(this.#path(key), 'r');
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async readBuffer(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.#path(key));
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  }

  async remove(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => removeFile(this.#path(key))));
  }

  async removePrefix(prefix: string): Promise<void> {
    await rm(join(this.root, assertMediaPrefix(prefix)), { recursive: true, force: true });
  }

  async *list(prefix: string): AsyncIterable<StoredEntry> {
    yield* this.#walk(assertMediaPrefix(prefix));
  }

  /** Depth first in name order, so keys come sorted like an object store lists them. */
  async *#walk(prefix: string): AsyncIterable<StoredEntry> {
    const entries = await readdir(join(this.root, prefix), { withFileTypes: true }).catch((err: unknown) => {
      if (isMissing(err)) return [];
      throw err;
    });
    const named = entries.map((e) => ({ e, key: prefix + e.name + (e.isDirectory() ? '/' : '') })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    for (const { e, key } of named) {
      if (e.isDirectory()) yield* this.#walk(key);
      else if (e.isFile()) {
        const info = await stat(join(this.root, key)).catch(() => undefined);
        if (info) yield { key, size: info.size, modifiedAt: info.mtime };
      }
    }
  }
}
