import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_PG_URL, type TestDatabase } from '../../../../test/helpers/test-db.js';
import { migrateToLatest } from '../../../core/db/migrate.js';
import { PreparingPool } from '../../../core/db/pg-prepared.js';
import type { Database } from '../../../core/db/schema.js';
import { listThreads } from './forum.repo.js';

/**
 * Issue 34: a forum category's list costs the same whether the category holds 5 threads or thousands. On PostgreSQL
 * the app sends it as a named prepared statement (core/db/pg-prepared.ts); with the page size as a parameter the
 * generic plan assumed a tenth of the category and lost against the custom plan, so PostgreSQL planned the statement
 * anew on every request once a category had a few hundred threads (bench/mix.mjs: 0.14 ms of planning per request).
 * The connection's pg_prepared_statements tells which plans it used. Runs with TEST_DATABASE_URL only.
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
    // 4,000 threads in the first category with an opening post each, as 20,000 users' forum would hold.
    await sql`insert into forum_threads (category_id, user_id, title, created_at, last_post_at)
      select (select min(id) from forum_categories), ${user.id}, 'Thema ' || g, ${now}, ${now} from generate_series(1, 4000) g`.execute(db);
    await sql`insert into forum_posts (thread_id, user_id, body, is_opening, created_at) select id, user_id, 'Frage', 1, ${now} from forum_threads`.execute(db);
    await sql`analyze`.execute(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await testDb?.drop();
  });

  it('keeps one generic plan for a big category instead of planning every request anew', async () => {
    const category = await db.selectFrom('forum_categories').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    // PostgreSQL tries five custom plans before it compares them with the generic one.
    for (let i = 0; i < 10; i++) expect(await listThreads(db, category.id, false, 21)).toHaveLength(21);
    const { rows } = await sql<{ generic: number; custom: number }>`
      select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
      where statement like ${'%from "forum_threads"%'} and statement like ${'%order by "forum_threads"."last_post_at" desc%'}`.execute(db);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.generic).toBeGreaterThan(0);
    expect(rows[0]!.custom).toBeLessThanOrEqual(5);
  });

  it('refuses a page size that is not a positive integer (it goes into the SQL as a literal)', () => {
    expect(() => listThreads(db, 1, false, 1.5)).toThrow(/positive integer/);
    expect(() => listThreads(db, 1, false, 0)).toThrow(/positive integer/);
  });
});
