import { copyFile, mkdir, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { migrations as knownMigrations } from '../../../migrations/index.js';
import type { Config } from '#core/config.js';
import { SQLITE_FILE, type DbEngine } from '#core/db/index.js';
import { dumpPostgres, otherAppSessions, restorePostgres } from '../db/snapshot.js';
import { restoreLocalMedia, sha256OfFile } from '#core/media/media-snapshot.js';
import { checkCopyAgainstManifest } from './copy-check.js';
import { snapshotNameOf, type Manifest } from './manifest.js';
import { servingPids } from './serving-marker.js';
import { BackupError, readManifest, syncToDisk } from './snapshot-folder.js';

/**
 * `npm run cli -- restore <snapshot>`: everything is checked before anything is touched — the manifest, every file
 * against its size and checksum, the database copy against the manifest (row counts, schema version: copy-check.ts),
 * the schema (a snapshot from a newer app is refused), and that no app serves this
 * data — then the current database and media are put aside in DATA_DIR/before-restore-<time>/ and the snapshot's
 * take their place. The CLI runs the migrations afterwards (a snapshot from an older app is brought up to date).
 */

export interface RestoreResult {
  manifest: Manifest;
  /** Where the data that was replaced now lies. */
  asideDir: string;
  /** With an object store: objects the manifest lists that the store no longer holds. */
  missingObjects: number;
}

export interface RestoreTarget {
  config: Pick<Config, 'dataDir' | 'mediaDir' | 'databaseUrl'>;
  engine: DbEngine;
  /** Object-store keys the store holds now (only asked with the s3 driver). */
  storedKeys?: () => Promise<Set<string>>;
  now: Date;
}

/** Checks a snapshot folder without changing anything; the manifest when it is whole, a BackupError when not. */
export async function verifySnapshot(dir: string, engine: DbEngine): Promise<Manifest> {
  const manifest = await readManifest(dir);
  if (manifest.engine !== engine)
    throw new BackupError(
      `Diese Sicherung stammt von ${engineName(manifest.engine)}, die App läuft auf ${engineName(engine)}. Stell sie auf derselben Datenbank wieder her.`,
    );
  const known = new Set(Object.keys(knownMigrations));
  const unknown = manifest.migrations.filter((m) => !known.has(m));
  if (unknown.length)
    throw new BackupError(
      `Diese Sicherung stammt von einer neueren Version der App (Schema ${unknown.at(-1)}). Aktualisiere die App zuerst, dann stell sie wieder her.`,
    );
  await checkFile(dir, manifest.database.file, manifest.database);
  await checkCopyAgainstManifest(dir, manifest);
  if (manifest.media.driver === 'local') for (const file of manifest.media.files) await checkFile(dir, `media/${file.key}`, file);
  return manifest;
}

const engineName = (e: DbEngine) => (e === 'sqlite' ? 'SQLite' : 'PostgreSQL');

async function checkFile(dir: string, relative: string, expected: { size: number; sha256: string }): Promise<void> {
  let size: number;
  try {
    size = (await stat(join(dir, relative))).size;
  } catch {
    throw new BackupError(`Die Sicherung ist unvollständig: ${relative} fehlt. Es wurde nichts verändert.`);
  }
  if (size !== expected.size || (await sha256OfFile(join(dir, relative))) !== expected.sha256)
    throw new BackupError(`Die Sicherung ist beschädigt: ${relative} ist nicht mehr so, wie sie gesichert wurde. Es wurde nichts verändert.`);
}

/** Refuses while an app process serves this data folder or, on PostgreSQL, any instance is connected. */
async function assertAppStopped(target: RestoreTarget): Promise<void> {
  const pids = servingPids(target.config.dataDir);
  if (pids.length)
    throw new BackupError(
      `Die App läuft noch (Prozess ${pids.join(', ')}). Halte sie an, dann stell die Sicherung wieder her. Es wurde nichts verändert. ` +
        `(Ist sie sicher aus, gehört die Prozessnummer einem anderen Programm: dann lösch ${join(target.config.dataDir, 'run')}/${pids[0]}.)`,
    );
  if (target.engine === 'postgres' && (await otherAppSessions(target.config.databaseUrl!)) > 0)
    throw new BackupError(
      'Eine Instanz der App ist noch mit der Datenbank verbunden. Halte alle Instanzen an, dann stell die Sicherung wieder her. Es wurde nichts verändert.',
    );
}

export async function restoreSnapshot(dir: string, target: RestoreTarget): Promise<RestoreResult> {
  const manifest = await verifySnapshot(dir, target.engine);
  await assertAppStopped(target);
  const { config } = target;
  const asideDir = join(config.dataDir, `before-restore-${snapshotNameOf(target.now)}`);
  await mkdir(asideDir, { recursive: true });

  if (target.engine === 'sqlite') {
    const live = join(config.dataDir, SQLITE_FILE);
    for (const suffix of ['', '-wal', '-shm']) await moveIfThere(live + suffix, join(asideDir, SQLITE_FILE + suffix));
    const incoming = `${live}.restoring`;
    await copyFile(join(dir, manifest.database.file), incoming);
    await syncToDisk(incoming);
    await rename(incoming, live);
  } else {
    await dumpPostgres(config.databaseUrl!, join(asideDir, 'database.pgdump'));
    await restorePostgres(config.databaseUrl!, join(dir, manifest.database.file));
  }

  let missingObjects = 0;
  if (manifest.media.driver === 'local') {
    await restoreLocalMedia(config, join(dir, 'media'), manifest.media.files, asideDir);
  } else if (target.storedKeys) {
    const held = await target.storedKeys();
    missingObjects = manifest.media.objects.filter((o) => !held.has(o.key)).length;
  }
  await syncToDisk(config.dataDir);
  return { manifest, asideDir, missingObjects };
}

async function moveIfThere(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}
