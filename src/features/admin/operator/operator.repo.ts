import type { Insertable, Updateable } from 'kysely';
import type { Db } from '#core/db/index.js';
import type { OperatorSettingsTable } from '#core/db/tables/operator.js';

const ROW_ID = 1;

export function findSettings(db: Db) {
  return db.selectFrom('operator_settings').selectAll().where('id', '=', ROW_ID).executeTakeFirst();
}

/** The first values (from the environment); a second instance starting at the same time inserts nothing. */
export async function seedSettings(db: Db, values: Omit<Insertable<OperatorSettingsTable>, 'id'>): Promise<void> {
  await db
    .insertInto('operator_settings')
    .values({ ...values, id: ROW_ID })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function updateSettings(db: Db, values: Updateable<OperatorSettingsTable>): Promise<void> {
  await db.updateTable('operator_settings').set(values).where('id', '=', ROW_ID).execute();
}
