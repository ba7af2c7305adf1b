import { sql, type Kysely } from 'kysely';
import { withId } from '#platform/db/migration-helpers.js';

/**
 * Web push and notification preferences (issue 10): push subscriptions (several devices per user), the push
 * delivery queue (one row per notification and device, sent after commit, retried with backoff, held through
 * quiet hours), the per-user notification settings, and the per-day error counts of the admin's error digest.
 * Everything a user owns goes with the user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('push_subscriptions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The same endpoint twice is one subscription (decisions: Push); a browser that changes hands moves with it.
    .addColumn('endpoint', 'varchar(500)', (c) => c.notNull().unique())
    .addColumn('p256dh', 'varchar(200)', (c) => c.notNull())
    .addColumn('auth', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user_idx').on('push_subscriptions').columns(['user_id', 'id']).execute();

  await withId(db, db.schema.createTable('push_deliveries'))
    .addColumn('subscription_id', 'integer', (c) => c.notNull().references('push_subscriptions.id').onDelete('cascade'))
    .addColumn('notification_id', 'integer', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
    // The encrypted body is made at send time; this is the JSON the service worker gets ({ title, body, url, tag }).
    .addColumn('payload', 'varchar(4000)', (c) => c.notNull())
    .addColumn('ttl_seconds', 'integer', (c) => c.notNull())
    .addColumn('urgency', 'varchar(10)', (c) => c.notNull())
    .addColumn('topic', 'varchar(32)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // Due time: now, the end of the quiet hours, the next retry, or (while a sender holds the row) its claim.
    .addColumn('next_attempt_at', 'varchar(40)', (c) => c.notNull())
    // After this the message is stale (TTL from the time it became due): dropped instead of retried.
    .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('last_error', 'varchar(300)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_deliveries_due_idx').on('push_deliveries').columns(['next_attempt_at', 'id']).execute();
  await db.schema.createIndex('push_deliveries_subscription_idx').on('push_deliveries').column('subscription_id').execute();
  await db.schema.createIndex('push_deliveries_notification_idx').on('push_deliveries').column('notification_id').execute();

  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // Kinds switched off, comma-separated; every kind not listed is on (the default for new kinds too).
    .addColumn('muted_kinds', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('quiet_hours', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('quiet_start', 'varchar(5)', (c) => c.notNull().defaultTo('22:00'))
    .addColumn('quiet_end', 'varchar(5)', (c) => c.notNull().defaultTo('07:00'))
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('error_counts')
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('message', 'varchar(300)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('last_at', 'varchar(40)', (c) => c.notNull())
    // Set once the 06:30 digest has reported the row: a rerun mails nothing twice.
    .addColumn('reported_at', 'varchar(40)')
    .addPrimaryKeyConstraint('error_counts_pk', ['day', 'message'])
    .execute();

  // Anniversary notifications were written with the type 'diary_anniversary' before the kinds of the settings.
  await sql`update notifications set type = 'anniversary' where type = 'diary_anniversary'`.execute(db);
}
