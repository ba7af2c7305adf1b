import type { Kysely } from 'kysely';

/**
 * A vet visit may carry its time of day (`HH:MM`, Berlin time; issue 48): the calendar feed then shows the
 * appointment at that time instead of as a whole day. Earlier rows have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('vet_visits').addColumn('time', 'varchar(5)').execute();
}
