import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite } from '#core/db/index.js';

describe('openSqlite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pfotenbuch-sqlite-open-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('sizes the page cache from SQLITE_CACHE_MB (in KiB, as a negative cache_size), and otherwise keeps the driver’s', () => {
    const sized = openSqlite(join(dir, 'sized.sqlite'), 8);
    const plain = openSqlite(join(dir, 'plain.sqlite'));
    try {
      expect(sized.pragma('cache_size', { simple: true })).toBe(-8 * 1024);
      expect(plain.pragma('cache_size', { simple: true })).toBe(-16_000); // better-sqlite3's build default
      expect(sized.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      sized.close();
      plain.close();
    }
  });
});
