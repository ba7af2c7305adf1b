import type { Kysely } from 'kysely';

/** More care routines (issue 25): deworming, teeth, ears, and one's own, whose name is stored in `label`. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('care_routines').addColumn('label', 'varchar(100)').execute();
}
