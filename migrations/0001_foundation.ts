import type { Kysely } from 'kysely';
import { withId } from '#platform/db/migration-helpers.js';

/** Accounts, sessions, mail outbox, job leases and the IP blocklist. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('users'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('bio', 'text')
    .addColumn('city', 'varchar(200)')
    .addColumn('lat', 'double precision')
    .addColumn('lon', 'double precision')
    .addColumn('avatar_url', 'varchar(500)')
    .addColumn('profile_private', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notes_ki_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_social_media', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rolle', 'varchar(20)', (c) => c.notNull().defaultTo('user'))
    .addColumn('subscription_tier', 'varchar(20)', (c) => c.notNull().defaultTo('free'))
    .addColumn('is_premium', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_founder', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_founder_pending', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('founder_number', 'integer', (c) => c.unique())
    .addColumn('is_partner', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('active'))
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('email_verified_at', 'varchar(40)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_name_idx').on('users').column('name').execute();

  await db.schema
    .createTable('revoked_tokens')
    .addColumn('jti', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('revoked_tokens_expires_idx').on('revoked_tokens').column('expires_at').execute();

  await withId(db, db.schema.createTable('login_failures'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('failed_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_email_idx').on('login_failures').columns(['email', 'failed_at']).execute();

  await db.schema
    .createTable('email_verifications')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_verifications_user_idx').on('email_verifications').column('user_id').execute();

  await withId(db, db.schema.createTable('mail_outbox'))
    .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(40)')
    .execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();

  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('owner', 'varchar(100)')
    .addColumn('locked_until', 'varchar(40)', (c) => c.notNull())
    .addColumn('last_slot', 'varchar(40)')
    .addColumn('last_started_at', 'varchar(40)')
    .addColumn('last_finished_at', 'varchar(40)')
    .addColumn('last_status', 'varchar(20)')
    .addColumn('last_count', 'integer')
    .addColumn('last_duration_ms', 'integer')
    .addColumn('last_error', 'text')
    .execute();

  await db.schema
    .createTable('ip_blocks')
    .addColumn('ip', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('blocked_until', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
}
