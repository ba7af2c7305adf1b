import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '#core/paths.js';

/**
 * Guard against a runtime pairing that aborts the server: better-sqlite3 <= 12 on Node >= 24.19 kills the process
 * when the garbage collector finalizes a statement outside a JS frame (see docs/operations.md, "Runtime").
 * Confirmed to fail (exit 134, SIGABRT) with better-sqlite3 12.11.1 on Node 24.21; passes with 13.x.
 */
describe('runtime: statements finalized by the garbage collector', () => {
  it('a worker process prepares 6,000 statements, leaves them to the collector and exits cleanly', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pfotenbuch-gc-'));
    try {
      const result = spawnSync(process.execPath, ['--expose-gc', join(PROJECT_ROOT, 'test', 'runtime', 'gc-finalizer-worker.mjs'), join(dir, 'gc.db')], {
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(result.stderr).not.toMatch(/Assertion failed/);
      expect({ status: result.status, signal: result.signal }).toEqual({ status: 0, signal: null });
      expect(result.stdout.trim()).toBe('3000');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
