import type { Kysely } from 'kysely';

/**
 * Hardening (issue 16): rate-limit counters in the database, so a limit survives a restart and holds across
 * instances on one database. One row per family and client (`login:ip:203.0.113.7`): hits in the current fixed
 * window and the window's end in epoch milliseconds; expired rows are purged by a job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limit_counters_reset_idx').on('rate_limit_counters').column('reset_at').execute();

  await db.schema.alterTable('login_failures').addColumn('device', 'varchar(30)').execute();
}
