import { open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Manifest, MANIFEST_FILE } from './manifest.js';

/** The snapshots folder (BACKUP_DIR): one folder per snapshot, named by its time; half-made ones end in `.partial`. */

/** A German message for the operator: what is wrong and what to do. */
export class BackupError extends Error {
  override readonly name = 'BackupError';
}

/** fsync on a libuv thread. Works for files and, on Linux, for folders (a rename is durable once its folder is). */
export async function syncToDisk(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  const file = join(dir, MANIFEST_FILE);
  await writeFile(file, JSON.stringify(manifest, null, 1));
  await syncToDisk(file);
}

/** The manifest of a snapshot folder, checked; a missing or damaged one is a BackupError naming the folder. */
export async function readManifest(dir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(join(dir, MANIFEST_FILE), 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new BackupError(`In ${dir} liegt keine vollständige Sicherung: die manifest.json fehlt.`);
    throw err;
  }
  let parsed: ReturnType<typeof Manifest.safeParse>;
  try {
    parsed = Manifest.safeParse(JSON.parse(text));
  } catch {
    throw new BackupError(`Die manifest.json in ${dir} ist beschädigt (kein gültiges JSON).`);
  }
  if (!parsed.success) throw new BackupError(`Die manifest.json in ${dir} ist beschädigt oder stammt nicht von Pfotenbuch.`);
  return parsed.data;
}

/** Every complete snapshot in `root`, newest first. Folders without a valid manifest are not snapshots. */
export async function listSnapshots(root: string): Promise<Manifest[]> {
  let names: string[];
  try {
    names = await readdir(root);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const manifests: Manifest[] = [];
  for (const name of names
    .filter((n) => !n.startsWith('.'))
    .sort()
    .reverse()) {
    try {
      const manifest = await readManifest(join(root, name));
      if (manifest.name === name) manifests.push(manifest);
    } catch (err) {
      if (!(err instanceof BackupError)) throw err;
    }
  }
  return manifests;
}

/** Half-made snapshots left by a crash, older than `minAgeMs` (a younger one may still be written by another run). */
export async function removeStalePartials(root: string, now: Date, minAgeMs: number): Promise<number> {
  let removed = 0;
  for (const name of await readdir(root)) {
    if (!name.endsWith('.partial')) continue;
    const path = join(root, name);
    if (now.getTime() - (await stat(path)).mtimeMs < minAgeMs) continue;
    await rm(path, { recursive: true, force: true });
    removed++;
  }
  return removed;
}
