import type { Kysely } from 'kysely';
import { withId } from '#platform/db/migration-helpers.js';

/**
 * Safety alerts by mail (issue 37): the user's choice (null: automatic, on while there is a home area and no push
 * subscription; 'on'; 'off'), the mail headers an alert needs (List-Unsubscribe, RFC 8058), one row per user and
 * warning (the unique key makes it one mail on any number of instances), and which warnings were fanned out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notification_settings').addColumn('safety_mail', 'varchar(4)').execute();
  await db.schema.alterTable('mail_outbox').addColumn('headers_json', 'text').execute();
  await withId(db, db.schema.createTable('safety_mails'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('distance_km', 'real', (c) => c.notNull())
    .addColumn('state', 'varchar(10)', (c) => c.notNull().defaultTo('queued'))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(40)')
    .addUniqueConstraint('safety_mails_once', ['user_id', 'kind', 'item_id'])
    .execute();
  await db.schema.createIndex('safety_mails_state').on('safety_mails').columns(['state', 'id']).execute();
  await db.schema.createIndex('safety_mails_user_sent').on('safety_mails').columns(['user_id', 'sent_at']).execute();
  await db.schema
    .createTable('safety_mail_fanouts')
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('done_at', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('safety_mail_fanouts_pk', ['kind', 'item_id'])
    .execute();
}
