import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { bootstrap } from '../../bootstrap.js';
import { loadConfig } from '#core/config.js';
import { SQLITE_FILE } from '#core/db/index.js';
import { inspectPostgres, inspectSqlite } from '../db/snapshot.js';
import { createLogger } from '#core/logger.js';
import { createMediaStore } from '#core/media/store/index.js';
import { makeSnapshot } from './make-snapshot.js';
import { restoreSnapshot, type RestoreResult } from './restore-snapshot.js';
import { BackupError } from './snapshot-folder.js';
import { folderPlace, snapshotPlaceOf } from './snapshot-place.js';

/**
 * The operator's `npm run cli -- backup` and `restore`: German lines through `out` (src/cli.ts passes console.log,
 * the only place that may print), the reason on stderr, exit 0/1/2.
 */
export type Print = (line: string) => void;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1).replace('.', ',')} s`;

async function reportingBackupErrors(run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof BackupError)) throw err;
    console.error(err.message);
    return 1;
  }
}

/** `backup [--to DIR]`: one snapshot now, into BACKUP_DIR or DIR. */
export function backupCommand(args: string[], usage: string, out: Print): Promise<number> {
  const to = args[0] === '--to' ? args[1] : undefined;
  if ((args.length && !to) || args.length > 2) {
    console.error(usage);
    return Promise.resolve(2);
  }
  return reportingBackupErrors(async () => {
    const { ctx, close } = await bootstrap(undefined, { serving: false });
    try {
      const root = to ? resolve(to) : ctx.config.backup.dir;
      const manifest = await makeSnapshot(ctx, root);
      const place = to ? folderPlace(root) : snapshotPlaceOf(ctx);
      await place.keep(join(root, manifest.name), manifest);
      const media =
        manifest.media.driver === 'local' ? `${manifest.media.files.length} Dateien` : `${manifest.media.objects.length} Objekte im Bucket gelistet`;
      out(`Sicherung ${manifest.name} fertig: ${mb(manifest.size_bytes)}, ${media}, in ${seconds(manifest.duration_ms)}.`);
      out(`Liegt in: ${to ? join(root, manifest.name) : place.description}`);
      return 0;
    } finally {
      await close();
    }
  });
}

const isPath = (arg: string) => isAbsolute(arg) || arg.includes('/') || arg.startsWith('.');

/** `restore <snapshot>`: checks everything first, puts the current data aside, restores, migrates, prints the counts. */
export function restoreCommand(args: string[], usage: string, out: Print): Promise<number> {
  const [arg] = args;
  if (!arg || args.length !== 1) {
    console.error(usage);
    return Promise.resolve(2);
  }
  return reportingBackupErrors(async () => {
    const config = loadConfig();
    const media = createMediaStore(config, createLogger('silent'));
    const download = join(config.dataDir, 'restore-download');
    const dir = isPath(arg) ? resolve(arg) : await snapshotPlaceOf({ config, media }).fetch(arg, download);
    if (!existsSync(dir)) throw new BackupError(`Keine Sicherung unter ${dir} gefunden.`);
    const engine = config.databaseUrl ? 'postgres' : 'sqlite';
    const storedKeys = async () => {
      const keys = new Set<string>();
      for await (const entry of media.list('u/')) keys.add(entry.key);
      return keys;
    };
    out(`Prüfe die Sicherung ${dir} …`);
    let result: RestoreResult;
    try {
      result = await restoreSnapshot(dir, { config, engine, storedKeys: config.media.driver === 's3' ? storedKeys : undefined, now: new Date() });
    } finally {
      await rm(download, { recursive: true, force: true }); // a snapshot fetched from the bucket was only needed here
    }
    const { ctx, close } = await bootstrap(config, { serving: false }); // runs the migrations a newer app brings
    await close();
    const now = engine === 'sqlite' ? inspectSqlite(join(config.dataDir, SQLITE_FILE)) : await inspectPostgres(config.databaseUrl!);
    const { manifest } = result;
    out(`Wiederhergestellt: Sicherung ${manifest.name} vom ${manifest.created_at} (${ctx.engine}).`);
    for (const [table, saved] of Object.entries(manifest.tables)) {
      if (table === 'kysely_migration') continue;
      const rows = now.tables[table] ?? 0;
      out(`  ${table}: ${rows} Zeilen${rows === saved ? '' : ` (gesichert waren ${saved})`}`);
    }
    if (manifest.media.driver === 'local') out(`  Medien: ${manifest.media.files.length} Dateien`);
    else out(`  Medien im Bucket: ${manifest.media.objects.length - result.missingObjects} von ${manifest.media.objects.length} gelisteten Objekten vorhanden`);
    const added = now.migrations.length - manifest.migrations.length;
    if (added > 0) out(`  ${added} neuere Migrationen danach angewandt.`);
    out(`Die vorherigen Daten liegen in ${result.asideDir} (löschen, wenn alles stimmt).`);
    return 0;
  });
}
