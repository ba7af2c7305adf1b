import type { Kysely } from 'kysely';
import { DOUBLE, withId } from '#platform/db/migration-helpers.js';

/**
 * Community on the map (issue 14), the other kinds on the geo-items frame: playdates (with participating dogs),
 * adoption listings, events, sitting offers and requests, walk-time slots and the services directory.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const frame = (name: string) =>
    withId(db, db.schema.createTable(name))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('lat', DOUBLE, (c) => c.notNull())
      .addColumn('lon', DOUBLE, (c) => c.notNull())
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull());
  const positionIndex = (table: string) => db.schema.createIndex(`${table}_pos_idx`).on(table).columns(['lat', 'lon']).execute();

  await frame('playdates')
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'varchar(2000)')
    .addColumn('starts_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('place_name', 'varchar(200)')
    .addColumn('max_dogs', 'integer')
    .execute();
  await positionIndex('playdates');
  await db.schema.createIndex('playdates_starts_idx').on('playdates').columns(['starts_at']).execute();
  await db.schema
    .createTable('playdate_participants')
    .addColumn('playdate_id', 'integer', (c) => c.notNull().references('playdates.id').onDelete('cascade'))
    .addColumn('dog_id', 'integer', (c) => c.notNull().references('dogs.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The owner's choice to show the other participants whether the dog is in heat.
    .addColumn('share_heat', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('playdate_participants_pk', ['playdate_id', 'dog_id'])
    .execute();

  await frame('adoptions')
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'varchar(5000)', (c) => c.notNull())
    .addColumn('breed', 'varchar(200)')
    .addColumn('birth_date', 'varchar(10)')
    .addColumn('sex', 'varchar(10)')
    .addColumn('contact', 'varchar(200)')
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('open'))
    .execute();
  await positionIndex('adoptions');

  await frame('events')
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'varchar(5000)')
    .addColumn('starts_at', 'varchar(40)', (c) => c.notNull())
    .addColumn('ends_at', 'varchar(40)')
    .addColumn('place_name', 'varchar(200)')
    .execute();
  await positionIndex('events');

  await frame('sitting')
    .addColumn('type', 'varchar(10)', (c) => c.notNull())
    .addColumn('description', 'varchar(2000)', (c) => c.notNull())
    .addColumn('available_from', 'varchar(10)')
    .addColumn('available_until', 'varchar(10)')
    .addColumn('price_note', 'varchar(200)')
    .execute();
  await positionIndex('sitting');

  await frame('walk_slots')
    .addColumn('weekday', 'integer', (c) => c.notNull())
    .addColumn('start_time', 'varchar(5)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(5)', (c) => c.notNull())
    .addColumn('place_name', 'varchar(200)')
    .addColumn('dog_id', 'integer', (c) => c.references('dogs.id').onDelete('set null'))
    .execute();
  await positionIndex('walk_slots');

  await frame('services')
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('category', 'varchar(30)', (c) => c.notNull())
    .addColumn('description', 'varchar(2000)')
    .addColumn('address', 'varchar(300)')
    .addColumn('phone', 'varchar(50)')
    .addColumn('url', 'varchar(500)')
    .addColumn('opening_hours', 'varchar(500)')
    .execute();
  await positionIndex('services');
}
