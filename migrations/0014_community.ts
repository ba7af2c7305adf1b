import { type Kysely, sql } from 'kysely';
import { withId } from '#platform/db/migration-helpers.js';

/**
 * Community (issue 13): friendships, blocks, direct messages, the forum and its reports.
 * - friendships: one row per pair, whoever asked; (user_low, user_high) is unique, so a second request in either
 *   direction is a conflict. States pending → accepted; declining, withdrawing and unfriending delete the row.
 * - messages: pair_low/pair_high (the two users, smaller id first) with the id make polling one index range.
 * - forum: a thread keeps its posts (the opening post too, is_opening = 1). When an account goes, its posts go
 *   (cascade) and its threads lose their author (set null, "Gelöschtes Konto"); a thread left without posts is
 *   removed by the account-deletion step of the area.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('friendships'))
    .addColumn('requester_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('addressee_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_low', 'integer', (c) => c.notNull())
    .addColumn('user_high', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('accepted_at', 'varchar(40)')
    .execute();
  await db.schema.createIndex('friendships_pair_uq').on('friendships').columns(['user_low', 'user_high']).unique().execute();
  await db.schema.createIndex('friendships_addressee_idx').on('friendships').columns(['addressee_id', 'status']).execute();
  await db.schema.createIndex('friendships_requester_idx').on('friendships').columns(['requester_id', 'status']).execute();

  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
    .execute();
  await db.schema.createIndex('blocks_blocked_idx').on('blocks').columns(['blocked_id']).execute();

  await withId(db, db.schema.createTable('messages'))
    .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recipient_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('pair_low', 'integer', (c) => c.notNull())
    .addColumn('pair_high', 'integer', (c) => c.notNull())
    .addColumn('text', 'varchar(10000)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('read_at', 'varchar(40)')
    .execute();
  await db.schema.createIndex('messages_pair_idx').on('messages').columns(['pair_low', 'pair_high', 'id']).execute();
  await db.schema.createIndex('messages_pair_high_idx').on('messages').columns(['pair_high', 'pair_low', 'id']).execute();
  await db.schema.createIndex('messages_unread_idx').on('messages').columns(['recipient_id', 'read_at', 'sender_id']).execute();

  await withId(db, db.schema.createTable('forum_categories'))
    .addColumn('slug', 'varchar(60)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(300)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('forum_threads'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('forum_categories.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('last_post_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('forum_threads_category_idx').on('forum_threads').columns(['category_id', 'last_post_at', 'id']).execute();
  await db.schema.createIndex('forum_threads_user_idx').on('forum_threads').columns(['user_id']).execute();

  await withId(db, db.schema.createTable('forum_posts'))
    .addColumn('thread_id', 'integer', (c) => c.notNull().references('forum_threads.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('body', 'varchar(10000)', (c) => c.notNull())
    .addColumn('is_opening', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('edited_at', 'varchar(40)')
    .execute();
  await db.schema.createIndex('forum_posts_thread_idx').on('forum_posts').columns(['thread_id', 'id']).execute();
  await db.schema.createIndex('forum_posts_user_idx').on('forum_posts').columns(['user_id']).execute();

  await withId(db, db.schema.createTable('forum_reports'))
    .addColumn('post_id', 'integer', (c) => c.notNull().references('forum_posts.id').onDelete('cascade'))
    .addColumn('reporter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'varchar(1000)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('open'))
    .addColumn('resolved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'varchar(10)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('resolved_at', 'varchar(40)')
    .execute();
  await db.schema.createIndex('forum_reports_status_idx').on('forum_reports').columns(['status', 'id']).execute();
  await db.schema.createIndex('forum_reports_post_reporter_uq').on('forum_reports').columns(['post_id', 'reporter_id']).unique().execute();

  // The categories, German, in the order the forum shows them.
  const categories = [
    ['allgemeines', 'Allgemeines', 'Alles rund um den Hund, was sonst nirgends passt.'],
    ['vorstellung', 'Vorstellung', 'Stell dich und deinen Hund vor.'],
    ['erziehung-training', 'Erziehung & Training', 'Rückruf, Leinenführigkeit, Tricks und Alltagstraining.'],
    ['gesundheit-ernaehrung', 'Gesundheit & Ernährung', 'Futter, Pflege und Gesundheit – ersetzt keinen Tierarztbesuch.'],
    ['welpen', 'Welpen', 'Die ersten Wochen und Monate mit einem jungen Hund.'],
    ['rassen', 'Rassen', 'Fragen und Erfahrungen zu einzelnen Rassen.'],
    ['freizeit-sport', 'Freizeit & Hundesport', 'Ausflüge, Agility, Mantrailing und mehr.'],
    ['reisen', 'Reisen mit Hund', 'Urlaub, Unterkünfte und Einreisebestimmungen.'],
  ];
  for (const [i, [slug, name, description]] of categories.entries()) {
    await sql`insert into forum_categories (slug, name, description, position) values (${slug}, ${name}, ${description}, ${i + 1})`.execute(db);
  }
}
