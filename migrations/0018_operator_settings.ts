import type { Kysely } from 'kysely';

/**
 * The operator's settings (decisions: Operator, legal pages): one row, id 1, seeded from the environment on first
 * read and edited by admins. Invoices, the legal pages and the plan comparison read them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operator_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('operator_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('operator_address', 'varchar(500)', (c) => c.notNull())
    .addColumn('contact_email', 'varchar(320)', (c) => c.notNull())
    .addColumn('contact_phone', 'varchar(50)')
    .addColumn('vat_id', 'varchar(40)')
    .addColumn('small_business', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price_pro_cents_year', 'integer', (c) => c.notNull())
    .addColumn('price_breeder_cents_year', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}
