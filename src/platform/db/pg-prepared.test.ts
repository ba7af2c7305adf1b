import { Kysely, PostgresDialect, sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_PG_URL, type TestDatabase } from '../../../test/helpers/test-db.js';
import { openDb } from '#core/db/index.js';
import { PreparingPool, statementName } from './pg-prepared.js';

/**
 * Named prepared statements on PostgreSQL (pg-prepared.ts): a repeated statement is parsed once per connection,
 * a connection keeps a bounded number of them, and a schema change — through the pool or from elsewhere — does not
 * break a statement the connection holds. Runs with TEST_DATABASE_URL only (there is no PostgreSQL otherwise).
 */
/** The tables the tests make for themselves (each test recreates what it needs; `km` changes type in one). */
interface TestTables {
  items: { id: number; label: string | null };
  pets: { id: number; name: string | null };
  walks: { id: number; km: number | string | null };
}
type TestDb = Kysely<TestTables>;

describe.skipIf(!TEST_PG_URL)('named prepared statements (PostgreSQL)', () => {
  let testDb: TestDatabase;
  const open: { destroy(): Promise<void> }[] = [];

  /** Kysely over one connection (so pg_prepared_statements, which is per session, sees every statement). */
  function oneConnection(size?: number): { db: TestDb; prepared: PreparingPool } {
    const prepared = new PreparingPool(new pg.Pool({ connectionString: testDb.databaseUrl, max: 1 }), size);
    const db = new Kysely<TestTables>({ dialect: new PostgresDialect({ pool: prepared }) });
    open.push(db);
    return { db, prepared };
  }

  const ours = async (db: TestDb) =>
    (await sql<{ name: string }>`select name from pg_prepared_statements where name like ${'pf_%'} order by name`.execute(db)).rows.map((r) => r.name);

  /** Another session, outside the pool: its DDL is not seen by the wrapper (another instance's migration). */
  async function elsewhere(text: string): Promise<void> {
    const client = new pg.Client({ connectionString: testDb.databaseUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await elsewhere('create table items (id int primary key, label text)');
    await elsewhere("insert into items select g, 'item ' || g from generate_series(1, 50) g");
  });
  afterAll(async () => {
    for (const db of open) await db.destroy();
    await testDb.drop();
  });

  it('parses a repeated statement once per connection and runs it by name', async () => {
    const { db, prepared } = oneConnection();
    const query = (id: number) => db.selectFrom('items').select('label').where('id', '=', id);
    for (let id = 1; id <= 6; id++) expect((await query(id).executeTakeFirst())?.label).toBe(`item ${id}`);
    const name = statementName(query(1).compile().sql);
    // The lookup of pg_prepared_statements is named too (it has a parameter): two statements, each parsed once.
    expect(await ours(db)).toContain(name);
    expect(prepared.stats.prepared).toBe(2);
    const { rows } = await sql<{ runs: number }>`select (generic_plans + custom_plans)::int as runs from pg_prepared_statements where name = ${name}`.execute(
      db,
    );
    expect(rows[0]?.runs).toBe(6);
  });

  it('keeps at most `size` statements on a connection, deallocating the least recently used', async () => {
    const { db, prepared } = oneConnection(3);
    const shapes = ['label', 'id', 'label, id', 'id, label', 'label as l', 'id as i', 'label as x, id', 'id as y'];
    for (const shape of shapes) await sql`select ${sql.raw(shape)} from items where id = ${1}`.execute(db);
    const held = await ours(db);
    expect(held.length).toBeLessThanOrEqual(3);
    expect(prepared.stats.deallocated).toBeGreaterThanOrEqual(shapes.length - 3);
    // The most recent one is still held: no Parse when it runs again.
    const before = prepared.stats.prepared;
    await sql`select ${sql.raw('id as y')} from items where id = ${2}`.execute(db);
    expect(prepared.stats.prepared).toBe(before);
  });

  it('retries once when another session changed the result type (0A000)', async () => {
    await elsewhere('create table pets (id int primary key, name text)');
    await elsewhere("insert into pets values (1, 'Bello')");
    const { db, prepared } = oneConnection();
    const query = () => db.selectFrom('pets').selectAll().where('id', '=', 1).executeTakeFirst();
    expect(await query()).toEqual({ id: 1, name: 'Bello' });
    await elsewhere('alter table pets add column age int');
    expect(await query()).toEqual({ id: 1, name: 'Bello', age: null });
    expect(prepared.stats.retried).toBe(1);

    // Inside a transaction the error has aborted it already: it is passed on, and the next run works again.
    await elsewhere('alter table pets add column breed text');
    await expect(db.transaction().execute(async (trx) => trx.selectFrom('pets').selectAll().where('id', '=', 1).executeTakeFirst())).rejects.toMatchObject({
      code: '0A000',
    });
    expect(await query()).toEqual({ id: 1, name: 'Bello', age: null, breed: null });
  });

  it('prepares a statement again when the server lost it (26000, as after a pooler ran DISCARD ALL)', async () => {
    const { db, prepared } = oneConnection();
    const query = (id: number) => db.selectFrom('items').select('label').where('id', '=', id).executeTakeFirst();
    await query(1);
    // Behind the wrapper's back, on its one connection.
    const raw = await prepared.pool.connect();
    await raw.query('deallocate all');
    raw.release();
    expect(await query(2)).toEqual({ label: 'item 2' });
    expect(prepared.stats.retried).toBe(1);
    expect(await query(3)).toEqual({ label: 'item 3' });
    expect(prepared.stats.retried).toBe(1);
  });

  it('runs a statement again after a schema change through the pool, also inside the same transaction', async () => {
    await elsewhere('create table walks (id int primary key, km int)');
    await elsewhere('insert into walks values (1, 3)');
    const { db, prepared } = oneConnection();
    const query = (q: TestDb) => q.selectFrom('walks').selectAll().where('id', '=', 1).executeTakeFirst();
    await query(db);
    // A migration: read, change the table, read again, in one transaction.
    const row = await db.transaction().execute(async (trx) => {
      await query(trx);
      await trx.schema.alterTable('walks').addColumn('minutes', 'integer').execute();
      return query(trx);
    });
    expect(row).toEqual({ id: 1, km: 3, minutes: null });
    expect(await query(db)).toEqual({ id: 1, km: 3, minutes: null });
    expect(prepared.stats.retried).toBe(0);

    // A test recreating its schema on the same pool.
    await sql`drop table walks`.execute(db);
    await sql`create table walks (id int primary key, km text)`.execute(db);
    await sql`insert into walks values (${1}, ${'fünf'})`.execute(db);
    expect(await query(db)).toEqual({ id: 1, km: 'fünf' });
    expect(prepared.stats.retried).toBe(0);
  });

  it('keeps transactions working: a rolled-back write is gone, a committed one stays', async () => {
    const { db } = oneConnection();
    const insert = (q: TestDb, id: number) => q.insertInto('items').values({ id, label: 'neu' }).execute();
    await expect(
      db.transaction().execute(async (trx) => {
        await insert(trx, 1001);
        throw new Error('zurück');
      }),
    ).rejects.toThrow('zurück');
    await db.transaction().execute((trx) => insert(trx, 1002));
    const ids = await db.selectFrom('items').select('id').where('id', '>', 1000).execute();
    expect(ids.map((r) => r.id)).toEqual([1002]);
    // A failing statement (duplicate key) leaves its name usable.
    await expect(insert(db, 1002)).rejects.toMatchObject({ code: '23505' });
    await insert(db, 1003);
  });

  it('is on in openDb by default and off with preparedStatements: false', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-prepared-'));
    try {
      for (const [preparedStatements, named] of [
        [undefined, true],
        [false, false],
      ] as const) {
        const handle = openDb({ databaseUrl: testDb.databaseUrl, dataDir, preparedStatements });
        try {
          // One connection for the check: the statement and the lookup in the same session.
          const found = await handle.db.connection().execute(async (c) => {
            await sql`select label from items where id = ${1}`.execute(c);
            return (await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements where name like ${'pf_%'}`.execute(c)).rows[0]?.n;
          });
          expect((found ?? 0) > 0).toBe(named);
        } finally {
          await handle.close();
        }
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
