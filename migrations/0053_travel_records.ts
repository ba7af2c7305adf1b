import { sql, type Kysely } from 'kysely';

/**
 * Trips abroad (issue 51, decisions: Trips abroad): the dog's pet passport number and the day its chip was
 * implanted; a vaccination's `diseases` (JSON list of codes, '[]' by default). Existing vaccinations whose text
 * names rabies ("Tollwut", "Rabies") get `["tollwut"]`, so the trip check finds them; others stay '[]' until
 * their owner picks the diseases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('dogs').addColumn('pet_passport_number', 'varchar(40)').execute();
  await db.schema.alterTable('dogs').addColumn('chip_implanted_on', 'varchar(10)').execute();
  await db.schema
    .alterTable('vaccinations')
    .addColumn('diseases', 'varchar(200)', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await sql`UPDATE vaccinations SET diseases = '["tollwut"]' WHERE lower(vaccine) LIKE '%tollwut%' OR lower(vaccine) LIKE '%rabies%'`.execute(db);
}
