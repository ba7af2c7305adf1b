import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '#core/context.js';
import { SQLITE_FILE } from '#core/db/index.js';
import { postgresToolsAvailable, snapshotPostgres, snapshotSqlite, type DatabaseSnapshot } from '../db/snapshot.js';
import { listStoredObjects, sha256OfFile, snapshotLocalMedia } from '#core/media/media-snapshot.js';
import { MANIFEST_FORMAT, snapshotNameOf, type Manifest } from './manifest.js';
import { BackupError, listSnapshots, removeStalePartials, syncToDisk, writeManifest } from './snapshot-folder.js';

export type BackupDeps = Pick<AppContext, 'config' | 'engine' | 'media' | 'clock'>;

/** A `.partial` folder this old is a crashed run's (a snapshot of the 2,000-user database takes seconds). */
const STALE_PARTIAL_MS = 6 * 60 * 60 * 1000;

/**
 * One snapshot into `root` (BACKUP_DIR unless the CLI's `--to` names another folder): the database copied
 * consistently while the app keeps serving, the media files (or, with an object store, their list), and the
 * manifest with row counts and a checksum of every file. Built in `.<name>.partial` and renamed when whole, so a run
 * that dies midway leaves nothing that looks like a snapshot. Never a half snapshot: every failure throws, and the
 * partial folder is removed.
 */
export async function makeSnapshot(deps: BackupDeps, root: string = deps.config.backup.dir): Promise<Manifest> {
  const { config } = deps;
  if (deps.engine === 'postgres' && !postgresToolsAvailable())
    throw new BackupError(
      'pg_dump und pg_restore fehlen auf diesem Rechner (Debian: apt-get install postgresql-client). Ohne sie sichert Pfotenbuch die Datenbank nicht; dann gilt die Sicherung deines PostgreSQL-Betreibers.',
    );
  const started = deps.clock.now();
  await mkdir(root, { recursive: true });
  await removeStalePartials(root, started, STALE_PARTIAL_MS);
  // Two snapshots in one second (a manual one beside the nightly one) get "-2", "-3": names still sort by time.
  let name = snapshotNameOf(started);
  for (let n = 2; (await exists(join(root, name))) || (await exists(join(root, `.${name}.partial`))); n++) name = `${snapshotNameOf(started)}-${n}`;
  const finalDir = join(root, name);
  const partial = join(root, `.${name}.partial`);
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  const timer = process.hrtime.bigint();
  try {
    const databaseFile = deps.engine === 'sqlite' ? 'database.sqlite' : 'database.pgdump';
    const databasePath = join(partial, databaseFile);
    const copy: DatabaseSnapshot =
      deps.engine === 'sqlite'
        ? await snapshotSqlite(join(config.dataDir, SQLITE_FILE), databasePath)
        : await snapshotPostgres(config.databaseUrl!, databasePath);
    await syncToDisk(databasePath);
    const database = { file: databaseFile, size: (await stat(databasePath)).size, sha256: await sha256OfFile(databasePath) } as const;

    let media: Manifest['media'];
    let mediaBytes = 0;
    if (deps.media.driver === 'local') {
      const files = await snapshotLocalMedia(config, join(partial, 'media'), await previousFiles(root));
      media = { driver: 'local', files };
      mediaBytes = files.reduce((sum, f) => sum + f.size, 0);
    } else {
      media = { driver: 's3', bucket: config.media.driver === 's3' ? config.media.s3.bucket : '', objects: await listStoredObjects(deps.media) };
    }

    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      version: 1,
      name,
      created_at: started.toISOString(),
      app_build: config.build,
      engine: deps.engine,
      migrations: copy.migrations,
      tables: copy.tables,
      database,
      media,
      size_bytes: database.size + mediaBytes,
      duration_ms: Number((process.hrtime.bigint() - timer) / 1_000_000n),
    };
    await writeManifest(partial, manifest);
    await rename(partial, finalDir);
    await syncToDisk(root);
    return manifest;
  } catch (err) {
    await rm(partial, { recursive: true, force: true });
    throw err;
  }
}

/** The newest snapshot's media checksums, so files linked from it need not be read again. */
async function previousFiles(root: string): Promise<{ dir: string; files: Map<string, string> } | undefined> {
  const [latest] = await listSnapshots(root);
  if (!latest || latest.media.driver !== 'local') return undefined;
  return { dir: join(root, latest.name, 'media'), files: new Map(latest.media.files.map((f) => [f.key, f.sha256])) };
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
