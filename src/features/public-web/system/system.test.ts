import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDb } from '#core/db/index.js';
import { databaseAnswers } from './system.repo.js';

// GET /api/health's 200 is covered in test/core/http.test.ts; its 503 rests on this probe.
describe('readiness probe', () => {
  it('answers true while the database is open and false once it is gone', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-probe-'));
    try {
      const handle = openDb({ dataDir });
      expect(await databaseAnswers(handle.db)).toBe(true);
      await handle.close();
      expect(await databaseAnswers(handle.db)).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
