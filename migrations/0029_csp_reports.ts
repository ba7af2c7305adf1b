import type { Kysely } from 'kysely';

/**
 * Content-Security-Policy violations the browsers report (issue 35), counted per day and kind: a broken page or an
 * injection shows as many reports of one kind, so one row per (day, directive, blocked source, page) stays small
 * under a flood. `reported_at` marks the rows the 06:30 digest has counted, as in error_counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('csp_reports')
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('directive', 'varchar(60)', (c) => c.notNull())
    .addColumn('blocked', 'varchar(300)', (c) => c.notNull())
    .addColumn('page', 'varchar(300)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('first_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('last_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('reported_at', 'varchar(40)')
    .addPrimaryKeyConstraint('csp_reports_pk', ['day', 'directive', 'blocked', 'page'])
    .execute();
}
