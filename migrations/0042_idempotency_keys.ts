import type { Kysely } from 'kysely';

/**
 * Offline writes (issue 30, decisions: Offline writes): the create routes a queued write replays accept an
 * `Idempotency-Key`. One row per user, route and key, written before the handler runs (the claim: the primary key
 * lets only one of two racing replays through) and completed with the answer's status and body; `request_hash` tells
 * a repeat from another request under the same key. Kept 7 days (core/http/guards/idempotency.jobs.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('route', 'varchar(200)', (c) => c.notNull())
    .addColumn('key', 'varchar(200)', (c) => c.notNull())
    .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
    // Null while the first request is still running.
    .addColumn('status', 'integer')
    .addColumn('response', 'text')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'route', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();
}
