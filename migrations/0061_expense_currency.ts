import type { Kysely } from 'kysely';

/** Money follows the country (issue 53): every expense in EUR or CHF; the rows before this are euros. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('expenses')
    .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('EUR'))
    .execute();
}
