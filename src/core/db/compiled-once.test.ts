import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../../test/helpers/factories.js';
import { useTestApp } from '../../../test/helpers/test-app.js';
import { compiledOnce } from './compiled-once.js';
import { type Db, openDb } from './index.js';
import { migrateToLatest } from '#platform/db/migrate.js';

/** compiledOnce (compiled-once.ts): built and compiled on the first call only, the same rows as the plain query. */
const t = useTestApp();

const usersNamed = (db: Db, name: string, limit: number) =>
  db.selectFrom('users').select(['id', 'name']).where('name', '=', name).where('is_premium', '=', 0).orderBy('id').limit(limit);

describe('compiledOnce', () => {
  it('builds the query on the first call only and answers like the plain query for any values', async () => {
    const a = await buildUser(t.ctx, { name: 'Anna' });
    const b = await buildUser(t.ctx, { name: 'Bert' });
    const build = vi.fn(usersNamed);
    const query = compiledOnce(build);
    expect(await query(t.ctx.db, 'Anna', 5)).toEqual([{ id: a.id, name: 'Anna' }]);
    const builds = build.mock.calls.length;
    expect(await query(t.ctx.db, 'Bert', 5)).toEqual(await usersNamed(t.ctx.db, 'Bert', 5).execute());
    expect(await query(t.ctx.db, 'Bert', 0)).toEqual([]);
    expect(build.mock.calls.length).toBe(builds);
    // A transaction shares its database's compiled form.
    const inTransaction = await t.ctx.db.transaction().execute((trx) => query(trx, 'Bert', 5));
    expect(inTransaction).toEqual([{ id: b.id, name: 'Bert' }]);
    expect(build.mock.calls.length).toBe(builds);
  });

  it('refuses a builder whose shape depends on a value, and writes', async () => {
    const shaped = compiledOnce((db: Db, name: string | null) => {
      const q = db.selectFrom('users').select('id');
      return name ? q.where('name', '=', name) : q;
    });
    await expect(shaped(t.ctx.db, null)).rejects.toThrow('shape depends on its parameters');
    const write = compiledOnce((db: Db, id: number) => db.updateTable('users').set({ name: 'x' }).where('id', '=', id));
    await expect(write(t.ctx.db, 1)).rejects.toThrow('only for reads');
  });
});

describe('compiledOnce with COMPILED_ONCE=false', () => {
  it('builds and compiles on every call, with the same rows', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'compiled-each-time-'));
    const handle = openDb({ dataDir, compiledOnce: false });
    try {
      await migrateToLatest(handle.db);
      const build = vi.fn(usersNamed);
      const query = compiledOnce(build);
      expect(await query(handle.db, 'Nobody', 5)).toEqual([]);
      expect(await query(handle.db, 'Nobody', 5)).toEqual([]);
      expect(build).toHaveBeenCalledTimes(2);
    } finally {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
