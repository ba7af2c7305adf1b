import type { Kysely } from 'kysely';

/**
 * The Impressum of a company (§ 5 DDG): the register court and number (Handelsregister, Vereinsregister …) and who
 * represents it (Geschäftsführung, Vorstand). All optional: a sole trader has none of them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('operator_settings').addColumn('register_court', 'varchar(200)').execute();
  await db.schema.alterTable('operator_settings').addColumn('register_number', 'varchar(100)').execute();
  await db.schema.alterTable('operator_settings').addColumn('representatives', 'varchar(500)').execute();
}
