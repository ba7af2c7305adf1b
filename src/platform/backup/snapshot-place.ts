import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { join } from 'node:path';
import type { AppContext } from '#core/context.js';
import type { MediaStore } from '#core/media/store/media-store.js';
import { Manifest, MANIFEST_FILE } from './manifest.js';
import { BackupError, listSnapshots } from './snapshot-folder.js';

/**
 * Where kept snapshots live. With the local media driver: the folder BACKUP_DIR (default DATA_DIR/backups). With an
 * object store: the bucket, under `backups/<name>/` — every instance sees the same list there, and a snapshot leaves
 * the machine that made it. A snapshot is always made in a local folder first; `keep` moves it to its place. In the
 * bucket the manifest goes up last, so a snapshot without one is not listed (an upload cut off midway).
 */
export interface SnapshotPlace {
  /** For the admin and the log: the folder, or "Bucket „…“". */
  readonly description: string;
  /** Complete snapshots, newest first. */
  list(): Promise<Manifest[]>;
  /** Takes the snapshot made in `dir` (a folder of `root`) into the place. */
  keep(dir: string, manifest: Manifest): Promise<void>;
  remove(name: string): Promise<void>;
  /** A local folder holding the snapshot `name`, for a restore (downloaded into `workDir` from a bucket). */
  fetch(name: string, workDir: string): Promise<string>;
}

export function folderPlace(root: string): SnapshotPlace {
  return {
    description: root,
    list: () => listSnapshots(root),
    keep: async () => undefined, // made right there
    remove: (name) => rm(join(root, name), { recursive: true, force: true }),
    fetch: async (name) => join(root, name),
  };
}

const keyOf = (name: string, file: string) => `backups/${name}/${file}`;
const SNAPSHOT_NAME = /^[0-9TZ-]{20,40}$/;

export function bucketPlace(store: MediaStore, bucket: string): SnapshotPlace {
  const readManifest = async (name: string): Promise<Manifest | undefined> => {
    const bytes = await store.readBuffer(keyOf(name, MANIFEST_FILE));
    if (!bytes) return undefined;
    try {
      const parsed = Manifest.safeParse(JSON.parse(bytes.toString('utf8')));
      return parsed.success && parsed.data.name === name ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    description: `Bucket „${bucket}“, backups/`,
    async list() {
      const names = new Set<string>();
      for await (const entry of store.list('backups/')) if (entry.key.endsWith(`/${MANIFEST_FILE}`)) names.add(entry.key.split('/')[1]!);
      const manifests: Manifest[] = [];
      for (const name of [...names].sort().reverse()) {
        const manifest = await readManifest(name);
        if (manifest) manifests.push(manifest);
      }
      return manifests;
    },
    async keep(dir, manifest) {
      const database = manifest.database.file;
      await store.putFiles([{ key: keyOf(manifest.name, database), path: join(dir, database), contentType: 'application/octet-stream' }]);
      await store.putFiles([{ key: keyOf(manifest.name, MANIFEST_FILE), path: join(dir, MANIFEST_FILE), contentType: 'application/json' }]);
      await rm(dir, { recursive: true, force: true }); // the local copy was only the workbench
    },
    remove: (name) => store.removePrefix(`backups/${name}/`),
    async fetch(name, workDir) {
      const manifest = SNAPSHOT_NAME.test(name) ? await readManifest(name) : undefined;
      if (!manifest) throw new BackupError(`Im ${this.description} gibt es keine vollständige Sicherung namens ${name}.`);
      const dir = join(workDir, name);
      await mkdir(dir, { recursive: true });
      for (const file of [manifest.database.file, MANIFEST_FILE]) {
        const stream = await store.read(keyOf(name, file)); // streamed: a database copy can be hundreds of MB
        if (!stream) throw new BackupError(`Die Sicherung ${name} ist unvollständig: ${file} fehlt im Bucket.`);
        await pipeline(stream, createWriteStream(join(dir, file)));
      }
      return dir;
    },
  };
}

/** The configured place: the bucket when media live in an object store, the folder BACKUP_DIR otherwise. */
export function snapshotPlaceOf(ctx: Pick<AppContext, 'config' | 'media'>): SnapshotPlace {
  const { config } = ctx;
  return config.media.driver === 's3' ? bucketPlace(ctx.media, config.media.s3.bucket) : folderPlace(config.backup.dir);
}
