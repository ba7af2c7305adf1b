import { mkdirSync, readdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Which processes serve a data folder: each serving process (the single one, or every cluster worker) leaves
 * `DATA_DIR/run/<pid>` while it runs, so a restore can refuse to pull the data out from under a running app. A
 * process that died without removing its file is recognised by its pid no longer being alive.
 */

const runDir = (dataDir: string) => join(dataDir, 'run');

/** Marks this process as serving `dataDir` until it exits. */
export function markServing(dataDir: string, pid = process.pid): void {
  mkdirSync(runDir(dataDir), { recursive: true });
  const file = join(runDir(dataDir), String(pid));
  writeFileSync(file, `${new Date().toISOString()}\n`);
  process.once('exit', () => {
    try {
      unlinkSync(file);
    } catch {
      // gone already: nothing to clean up
    }
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // alive, only not ours to signal
  }
}

/** The pids of live processes that serve `dataDir` (not counting this one). */
export function servingPids(dataDir: string): number[] {
  let names: string[];
  try {
    names = readdirSync(runDir(dataDir));
  } catch {
    return [];
  }
  return names
    .map(Number)
    .filter((pid) => Number.isInteger(pid) && pid > 0 && pid !== process.pid)
    .filter(isAlive);
}
