import type { Kysely } from 'kysely';
import { withId } from '#platform/db/migration-helpers.js';

/**
 * The breeder area (issue 18): litters of a breeder's female dog, their puppies and the puppies' weights.
 * A litter goes with its breeder's account and with its mother dog; puppies and weights go with their litter.
 * One weight per puppy and day (unique): a second entry the same day replaces the first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('litters'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('mother_dog_id', 'integer', (c) => c.notNull().references('dogs.id').onDelete('cascade'))
    .addColumn('father_dog_id', 'integer', (c) => c.references('dogs.id').onDelete('set null'))
    .addColumn('father_name', 'varchar(200)')
    .addColumn('mating_date', 'varchar(10)')
    .addColumn('birth_date', 'varchar(10)')
    .addColumn('notes', 'varchar(5000)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('litters_user_idx').on('litters').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('litters_mother_idx').on('litters').columns(['mother_dog_id']).execute();
  await db.schema.createIndex('litters_father_idx').on('litters').columns(['father_dog_id']).execute();

  await withId(db, db.schema.createTable('puppies'))
    .addColumn('litter_id', 'integer', (c) => c.notNull().references('litters.id').onDelete('cascade'))
    .addColumn('name', 'varchar(80)')
    .addColumn('collar_color', 'varchar(40)', (c) => c.notNull())
    .addColumn('sex', 'varchar(10)', (c) => c.notNull())
    .addColumn('birth_weight_g', 'integer')
    .addColumn('chip_number', 'varchar(30)')
    .addColumn('buyer_name', 'varchar(200)')
    .addColumn('buyer_contact', 'varchar(200)')
    .addColumn('handover_date', 'varchar(10)')
    // Free text ("8. Woche: SHPPi + L4, Charge …"): puppies are no dogs of the app yet, so no vaccination records.
    .addColumn('vaccinations', 'varchar(2000)')
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('puppies_litter_idx').on('puppies').columns(['litter_id', 'id']).execute();

  await withId(db, db.schema.createTable('puppy_weights'))
    .addColumn('puppy_id', 'integer', (c) => c.notNull().references('puppies.id').onDelete('cascade'))
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('weight_g', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('puppy_weights_puppy_date_uq').on('puppy_weights').columns(['puppy_id', 'date']).unique().execute();
}
