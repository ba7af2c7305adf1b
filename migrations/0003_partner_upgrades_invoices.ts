import { type Kysely, sql } from 'kysely';
import { withId } from '#platform/db/migration-helpers.js';

/**
 * Partner codes and the founder counter, upgrade requests, invoices with their per-prefix counters.
 * Every counter is a row updated with one conditional UPDATE … RETURNING; the CHECK and UNIQUE constraints
 * below are the second guard should a code path ever get that wrong.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('partner_codes'))
    .addColumn('code', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('label', 'varchar(200)', (c) => c.notNull())
    .addColumn('max_uses', 'integer', (c) => c.notNull())
    .addColumn('grants_founder', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addCheckConstraint('partner_codes_uses_check', sql`uses >= 0 and uses <= max_uses`)
    .execute();

  // Who redeemed which code; the code string is kept so the history survives a deleted code.
  await withId(db, db.schema.createTable('partner_code_redemptions'))
    .addColumn('partner_code_id', 'integer', (c) => c.references('partner_codes.id').onDelete('set null'))
    .addColumn('code', 'varchar(40)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('founder_granted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('partner_code_redemptions_code_idx').on('partner_code_redemptions').column('partner_code_id').execute();

  // One row: the last founder number handed out. Numbers are never reused, so it is also the count of places taken.
  await db.schema
    .createTable('founder_counter')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull())
    .addCheckConstraint('founder_counter_range', sql`last >= 0 and last <= 100`)
    .execute();
  await db
    .insertInto('founder_counter' as never)
    .values({ id: 1, last: 0 } as never)
    .execute();

  await withId(db, db.schema.createTable('upgrade_requests'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tier', 'varchar(20)', (c) => c.notNull())
    .addColumn('message', 'varchar(2000)')
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('open'))
    .addColumn('granted_tier', 'varchar(20)')
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'varchar(40)')
    .addColumn('reason', 'varchar(2000)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('upgrade_requests_user_idx').on('upgrade_requests').column('user_id').execute();
  await db.schema.createIndex('upgrade_requests_status_idx').on('upgrade_requests').columns(['status', 'id']).execute();
  // At most one open request per user, even when two submissions race.
  await db.schema
    .createIndex('upgrade_requests_one_open_idx')
    .on('upgrade_requests')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute();

  await db.schema
    .createTable('invoice_counters')
    .addColumn('prefix', 'varchar(2)', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull())
    .execute();
  await db
    .insertInto('invoice_counters' as never)
    .values([
      { prefix: 'RG', last: 0 },
      { prefix: 'ST', last: 0 },
    ] as never)
    .execute();

  await withId(db, db.schema.createTable('invoices'))
    .addColumn('number', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('prefix', 'varchar(2)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    // The account may go; the invoice stays (10 years, see the retention job) with its billing snapshot.
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('cancels_invoice_id', 'integer', (c) => c.unique().references('invoices.id'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('issued'))
    .addColumn('issue_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('billing_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('billing_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('billing_address', 'varchar(500)')
    .addColumn('issuer_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('issuer_address', 'varchar(500)', (c) => c.notNull())
    .addColumn('issuer_vat_id', 'varchar(40)')
    .addColumn('vat_rate_percent', 'integer', (c) => c.notNull())
    .addColumn('net_cents', 'integer', (c) => c.notNull())
    .addColumn('vat_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('note', 'varchar(2000)')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('user_deleted_at', 'varchar(40)')
    .addColumn('cancelled_at', 'varchar(40)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addUniqueConstraint('invoices_prefix_seq_unique', ['prefix', 'seq'])
    .execute();
  await db.schema.createIndex('invoices_user_idx').on('invoices').column('user_id').execute();
  await db.schema.createIndex('invoices_retention_idx').on('invoices').column('user_deleted_at').execute();

  await withId(db, db.schema.createTable('invoice_items'))
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('description', 'varchar(200)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('line_total_cents', 'integer', (c) => c.notNull())
    .addUniqueConstraint('invoice_items_position_unique', ['invoice_id', 'position'])
    .execute();
}
