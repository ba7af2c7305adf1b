import type { Kysely } from 'kysely';

/**
 * Overdue reminders (issue 48, decisions: What users tripped over): a vaccination or care routine past its due date
 * is reminded at the first run, 7 days later, then every 30 days, until done or dismissed. Each row keeps the step it
 * was last reminded of (`overdue_step`, for the due date `overdue_due`, on `overdue_reminded_on`), so a rerun or a
 * second instance never repeats one, and the due date whose reminders the owner dismissed (`reminder_dismissed_due`):
 * a new due date (ticked off, edited) arms the reminders again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['vaccinations', 'care_routines']) {
    await db.schema.alterTable(table).addColumn('overdue_due', 'varchar(10)').execute();
    await db.schema.alterTable(table).addColumn('overdue_step', 'integer').execute();
    await db.schema.alterTable(table).addColumn('overdue_reminded_on', 'varchar(10)').execute();
    await db.schema.alterTable(table).addColumn('reminder_dismissed_due', 'varchar(10)').execute();
  }
}
