import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_PG_URL, type TestDatabase } from '../../../../test/helpers/test-db.js';
import { migrateToLatest } from '#platform/db/migrate.js';
import { PreparingPool } from '#platform/db/pg-prepared.js';
import type { Database } from '#core/db/schema.js';
import { listThreads } from './forum.repo.js';

/**
 * Issue 34: a forum category's list costs the same whether the category holds 5 threads or thousands. On PostgreSQL
 * the app sends it as a named prepared statement (platform/db/pg-prepared.ts). With the category and the page size as
 * parameters, the generic plan assumed a tenth of an average category and lost against the custom plans (cheap for a
 * small category), so PostgreSQL planned the list anew on every request once categories held a few hundred threads
 * (bench/mix.mjs: 0.14 ms of planning per request). The connection's pg_prepared_statements tells which plans it
 * used. Runs with TEST_DATABASE_URL only.
 */
describe.skipIf(!TEST_PG_URL)('forum category list on PostgreSQL', () => {
  let testDb: TestDatabase;
  let db: Kysely<Database>;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    // One connection, so pg_prepared_statements (per session) sees every statement the list sent.
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new PreparingPool(new pg.Pool({ connectionString: testDb.databaseUrl, max: 1 })) }) });
    await migrateToLatest(db);
    const now = new Date().toISOString();
    const user = await db
      .insertInto('users')
      .values({ email: 'forum-plans@example.org', name: 'Frida', password_hash: 'x', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    // 4,000 threads in the first category, as 20,000 users' forum might hold, and 3 in the second; an opening post each.
    for (const [position, threads] of [
      [1, 4000],
      [2, 3],
    ] as const)
      await sql`insert into forum_threads (category_id, user_id, title, created_at, last_post_at)
        select (select id from forum_categories where position = ${position}), ${user.id}, 'Thema ' || g, ${now}, ${now}
        from generate_series(1, ${threads}) g`.execute(db);
    await sql`insert into forum_posts (thread_id, user_id, body, is_opening, created_at) select id, user_id, 'Frage', 1, ${now} from forum_threads`.execute(db);
    await sql`analyze`.execute(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await testDb?.drop();
  });

  it('keeps a generic plan for a big and a small category instead of planning every request anew', async () => {
    const [big, small] = await db.selectFrom('forum_categories').select('id').orderBy('position').limit(2).execute();
    // PostgreSQL tries five custom plans per statement before it compares them with the generic one.
    for (let i = 0; i < 10; i++) {
      expect(await listThreads(db, big!.id, false, 21)).toHaveLength(21);
      expect(await listThreads(db, small!.id, false, 21)).toHaveLength(3);
    }
    const { rows } = await sql<{ generic: number; custom: number }>`
      select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
      where statement like ${'%from "forum_threads"%'} and statement like ${'%order by "forum_threads"."last_post_at" desc%'}`.execute(db);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.generic).toBeGreaterThan(0);
      expect(row.custom).toBeLessThanOrEqual(5);
    }
  });

  it('refuses a page size or category id that is not an integer (they go into the SQL as literals)', () => {
    expect(() => listThreads(db, 1, false, 1.5)).toThrow(/positive integer/);
    expect(() => listThreads(db, 1, false, 0)).toThrow(/positive integer/);
    expect(() => listThreads(db, 1.5, false, 20)).toThrow(/integer/);
  });
});
