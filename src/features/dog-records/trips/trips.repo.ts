import type { Insertable, Updateable } from 'kysely';
import type { Db } from '#core/db/index.js';
import type { TripsTable } from '#core/db/tables/trips.js';

/** The trips' SQL: the trip rows, and the dog's facts the check reads (chip, passport, birth, rabies vaccinations). */

export const TRIP_COLUMNS = [
  'trips.id',
  'trips.dog_id',
  'trips.country',
  'trips.entry_at',
  'trips.return_at',
  'trips.notes',
  'trips.tapeworm_treated_at',
  'trips.ahc_issued_on',
  'trips.titer_sampled_on',
  'trips.titer_result_iu_ml',
  'trips.created_at',
  'trips.updated_at',
] as const;

export type TripRow = Omit<TripsTable, 'id'> & { id: number };

export async function insertTrip(db: Db, values: Insertable<TripsTable>): Promise<TripRow> {
  return db.insertInto('trips').values(values).returning(TRIP_COLUMNS).executeTakeFirstOrThrow();
}

/** A trip with its dog's owner (the ownership rule needs `user_id`). */
export function findTripWithOwner(db: Db, id: number): Promise<(TripRow & { user_id: number }) | undefined> {
  return db
    .selectFrom('trips')
    .innerJoin('dogs', 'dogs.id', 'trips.dog_id')
    .select([...TRIP_COLUMNS, 'dogs.user_id'])
    .where('trips.id', '=', id)
    .executeTakeFirst();
}

/** A dog's trips, latest entry first (a dog has a handful; capped all the same). */
export function tripsOfDog(db: Db, dogId: number, limit = 200): Promise<TripRow[]> {
  return db.selectFrom('trips').select(TRIP_COLUMNS).where('dog_id', '=', dogId).orderBy('entry_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function updateTrip(db: Db, id: number, values: Updateable<TripsTable>): Promise<TripRow | undefined> {
  return db.updateTable('trips').set(values).where('id', '=', id).returning(TRIP_COLUMNS).executeTakeFirst();
}

export async function deleteTrip(db: Db, id: number): Promise<void> {
  await db.deleteFrom('trips').where('id', '=', id).execute();
}

export interface TravelFacts {
  dog: {
    id: number;
    user_id: number;
    name: string;
    chip_number: string | null;
    chip_implanted_on: string | null;
    birth_date: string | null;
    pet_passport_number: string | null;
  };
  rabies: { date: string; next_due: string | null }[];
}

/** What the check reads about a dog: its identity fields and its rabies vaccinations (diseases holding `tollwut`). */
export async function travelFactsOf(db: Db, dogId: number): Promise<TravelFacts | undefined> {
  const dog = await db
    .selectFrom('dogs')
    .select(['id', 'user_id', 'name', 'chip_number', 'chip_implanted_on', 'birth_date', 'pet_passport_number'])
    .where('id', '=', dogId)
    .executeTakeFirst();
  if (!dog) return undefined;
  const rabies = await db
    .selectFrom('vaccinations')
    .select(['date', 'next_due'])
    .where('dog_id', '=', dogId)
    .where('diseases', 'like', '%"tollwut"%')
    .orderBy('date')
    .execute();
  return { dog, rabies };
}

/** Trips whose entry lies between two instants (the reminder job), in id batches. */
export function tripsEnteringBetween(db: Db, from: string, until: string, afterId: number, size: number): Promise<TripRow[]> {
  return db
    .selectFrom('trips')
    .select(TRIP_COLUMNS)
    .where('entry_at', '>', from)
    .where('entry_at', '<=', until)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(size)
    .execute();
}

/** Every trip of the dogs a user may read, for the calendar feed (entry ahead or return ahead). */
export function tripsOfDogs(db: Db, dogIds: readonly number[], since: string): Promise<(TripRow & { dog_name: string })[]> {
  if (!dogIds.length) return Promise.resolve([]);
  return db
    .selectFrom('trips')
    .innerJoin('dogs', 'dogs.id', 'trips.dog_id')
    .select([...TRIP_COLUMNS, 'dogs.name as dog_name'])
    .where('trips.dog_id', 'in', dogIds)
    .where((eb) => eb.or([eb('trips.entry_at', '>=', since), eb('trips.return_at', '>=', since)]))
    .orderBy('trips.entry_at')
    .limit(500)
    .execute();
}
