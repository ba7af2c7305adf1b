import { join } from 'node:path';
import { migrations as knownMigrations } from '../../../migrations/index.js';
import { inspectPostgresDump } from '../db/pg-dump-contents.js';
import { inspectSqlite, type DatabaseSnapshot } from '../db/snapshot.js';
import type { Manifest } from './manifest.js';
import { BackupError } from './snapshot-folder.js';

/**
 * The database copy read against its manifest before a restore changes anything: the checksums say the files are
 * the ones written, this says the manifest describes them — every table's row count and the schema version (the
 * last migration), read from the copy itself, and that this build knows that schema. A manifest edited by hand, or
 * one put beside another snapshot's copy, is refused instead of restoring something else than it says.
 */

const UNCHANGED = 'Es wurde nichts verändert.';

/** What the copy holds: SQLite opened read-only (a `VACUUM INTO` file, so no journal beside it), PostgreSQL's dump read by pg_restore. */
function inspectCopy(dir: string, manifest: Manifest): Promise<DatabaseSnapshot> | DatabaseSnapshot {
  const file = join(dir, manifest.database.file);
  return manifest.database.file === 'database.sqlite' ? inspectSqlite(file) : inspectPostgresDump(file);
}

/** The migrations in one order on both engines (PostgreSQL sorted them by its collation). */
const ordered = (names: readonly string[]) => [...names].sort();

export async function checkCopyAgainstManifest(dir: string, manifest: Manifest): Promise<void> {
  let copy: DatabaseSnapshot;
  try {
    copy = await inspectCopy(dir, manifest);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      throw new BackupError(`pg_restore fehlt auf diesem Rechner (Debian: apt-get install postgresql-client). ${UNCHANGED}`);
    // The checksum matched, so the file is as written: the reader names what it could not read (a too old pg_restore).
    const reason = (err as Error).message.split('\n').at(-1);
    throw new BackupError(`Die Datenbankkopie ${manifest.database.file} lässt sich nicht lesen (${reason}). ${UNCHANGED}`);
  }
  const inCopy = ordered(copy.migrations);
  const listed = ordered(manifest.migrations);
  const copyVersion = inCopy.at(-1);
  if (!copyVersion) throw new BackupError(`Die Datenbankkopie der Sicherung hat kein Schema (keine Migrationen). ${UNCHANGED}`);
  const unknown = inCopy.filter((name) => !Object.hasOwn(knownMigrations, name));
  if (unknown.length)
    throw new BackupError(
      `Die Datenbankkopie stammt von einer neueren Version der App (Schema ${unknown.at(-1)}). Aktualisiere die App zuerst, dann stell sie wieder her. ${UNCHANGED}`,
    );
  if (inCopy.length !== listed.length || inCopy.some((name, i) => name !== listed[i]))
    throw new BackupError(
      `Die Sicherung passt nicht zu ihrem manifest.json: die Datenbankkopie hat Schema ${copyVersion} (${inCopy.length} Migrationen), ` +
        `manifest.json nennt ${listed.at(-1) ?? 'keins'} (${listed.length}). ${UNCHANGED}`,
    );
  const differ = [...new Set([...Object.keys(copy.tables), ...Object.keys(manifest.tables)])]
    .sort()
    .filter((table) => copy.tables[table] !== manifest.tables[table])
    .map((table) => `${table}: ${rowsText(copy.tables[table])} in der Kopie, ${rowsText(manifest.tables[table])} laut manifest.json`);
  if (differ.length)
    throw new BackupError(
      `Die Sicherung passt nicht zu ihrem manifest.json: ${differ.slice(0, 5).join('; ')}${differ.length > 5 ? ` (und ${differ.length - 5} weitere Tabellen)` : ''}. ${UNCHANGED}`,
    );
}

const rowsText = (n: number | undefined) => (n === undefined ? 'fehlt' : `${n} ${n === 1 ? 'Zeile' : 'Zeilen'}`);
