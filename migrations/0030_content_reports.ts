import { type Kysely, sql } from 'kysely';
import { continueIdsAfterCopy, inOneTransaction, withId } from '#platform/db/migration-helpers.js';

/**
 * One table for every report to the moderators: forum posts (0014's forum_reports) and map items (0017's
 * geo_item_reports) become rows of content_reports, told apart by `target_kind` (the reported row's table:
 * forum_posts, poison_warnings, lost_dogs, …) and `target_id` (its id there). There is no foreign key to the
 * reported row (it lives in one of several tables); the areas close a report when its row goes.
 *
 * Every row is copied with its history (reporter, reason, status, who resolved it with which action, both times).
 * Forum reports keep their ids; map-item reports follow them in their own order (old id + the highest forum report
 * id), so no two rows meet and each kind's queue keeps its order. Then the old tables go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await inOneTransaction(db, async (db) => {
    await withId(db, db.schema.createTable('content_reports'))
      .addColumn('target_kind', 'varchar(30)', (c) => c.notNull())
      .addColumn('target_id', 'integer', (c) => c.notNull())
      .addColumn('reporter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('reason', 'varchar(1000)', (c) => c.notNull())
      .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('open'))
      .addColumn('resolved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('action', 'varchar(10)')
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('resolved_at', 'varchar(40)')
      .execute();
    // The moderation queue (open, oldest first); one report per person and reported row; the reporter's rows when an account goes.
    await db.schema.createIndex('content_reports_status_idx').on('content_reports').columns(['status', 'id']).execute();
    await db.schema
      .createIndex('content_reports_target_reporter_uq')
      .on('content_reports')
      .columns(['target_kind', 'target_id', 'reporter_id'])
      .unique()
      .execute();
    await db.schema.createIndex('content_reports_reporter_idx').on('content_reports').columns(['reporter_id']).execute();

    await sql`
      insert into content_reports (id, target_kind, target_id, reporter_id, reason, status, resolved_by, action, created_at, resolved_at)
      select id, ${'forum_posts'}, post_id, reporter_id, reason, status, resolved_by, action, created_at, resolved_at
      from forum_reports`.execute(db);
    // geo_item_reports.kind is the kind's API path (poison-warnings, walk-slots, …); its table has underscores.
    await sql`
      insert into content_reports (id, target_kind, target_id, reporter_id, reason, status, resolved_by, action, created_at, resolved_at)
      select g.id + (select coalesce(max(f.id), 0) from forum_reports f), replace(g.kind, ${'-'}, ${'_'}), g.item_id, g.reporter_id, g.reason,
             g.status, g.resolved_by, g.action, g.created_at, g.resolved_at
      from geo_item_reports g`.execute(db);
    await continueIdsAfterCopy(db, 'content_reports');

    await db.schema.dropTable('forum_reports').execute();
    await db.schema.dropTable('geo_item_reports').execute();
  });
}
