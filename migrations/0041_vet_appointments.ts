import type { Kysely } from 'kysely';

/**
 * Appointments ahead (issue 32, decisions: Safety alerts, appointments, blocks and reports): a vet visit is `planned`
 * (it may lie in the future) or `done`. `planned_date` is the day it was planned for; it stays when the visit is
 * marked done, so the record keeps its history ("geplant für …, war am …"). Every earlier row was a done visit.
 * The index serves the reminders (planned visits on a day) and "Nächster Termin" (a dog's next planned visit).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('vet_visits')
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('done'))
    .execute();
  await db.schema.alterTable('vet_visits').addColumn('planned_date', 'varchar(10)').execute();
  await db.schema.createIndex('vet_visits_status_date_idx').on('vet_visits').columns(['status', 'date', 'dog_id']).execute();
}
