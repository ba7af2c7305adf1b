import type { Insertable, Selectable, Updateable } from 'kysely';
import { countOf } from '#core/db/count.js';
import type { Db } from '#core/db/index.js';
import type { DogsTable } from '#core/db/tables/dogs.js';
import type { Dog } from './dogs.schemas.js';

const DOG_COLUMNS = [
  'id',
  'user_id',
  'name',
  'breed',
  'breed_slug',
  'bio',
  'birth_date',
  'sex',
  'neutered',
  'chip_number',
  'pet_passport_number',
  'chip_implanted_on',
  'weight_kg',
  'color',
  'photo_url',
  'created_at',
  'updated_at',
] as const;

type DogRow = Pick<Selectable<DogsTable>, (typeof DOG_COLUMNS)[number]>;

export function toDog(row: DogRow): Dog {
  return {
    ...row,
    sex: row.sex === 'male' || row.sex === 'female' ? row.sex : null,
    neutered: row.neutered === null ? null : row.neutered ? 1 : 0,
    breed_url: row.breed_slug ? `/rassen/${row.breed_slug}` : null,
  };
}

export async function insertDog(db: Db, values: Insertable<DogsTable>): Promise<Dog> {
  return toDog(await db.insertInto('dogs').values(values).returning(DOG_COLUMNS).executeTakeFirstOrThrow());
}

/** Dogs the user owns (shared dogs are not theirs): the plan's limit counts these. */
export function countOwnDogs(db: Db, userId: number): Promise<number> {
  return countOf(db.selectFrom('dogs').where('user_id', '=', userId));
}

export async function findDog(db: Db, id: number): Promise<Dog | undefined> {
  const row = await db.selectFrom('dogs').select(DOG_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && toDog(row);
}

/** Several dogs by id (any owner: the caller has checked access), in id order. */
export async function findDogs(db: Db, ids: readonly number[]): Promise<Dog[]> {
  if (ids.length === 0) return [];
  return (
    await db
      .selectFrom('dogs')
      .select(DOG_COLUMNS)
      .where('id', 'in', [...ids])
      .orderBy('id')
      .execute()
  ).map(toDog);
}

/** The owner's dogs in the order they were added; `afterId` is the cursor. */
export async function listDogs(db: Db, userId: number, limit: number, afterId?: number): Promise<Dog[]> {
  let q = db.selectFrom('dogs').select(DOG_COLUMNS).where('user_id', '=', userId).orderBy('id').limit(limit);
  if (afterId !== undefined) q = q.where('id', '>', afterId);
  return (await q.execute()).map(toDog);
}

export async function updateDog(db: Db, id: number, values: Updateable<DogsTable>): Promise<Dog | undefined> {
  const row = await db.updateTable('dogs').set(values).where('id', '=', id).returning(DOG_COLUMNS).executeTakeFirst();
  return row && toDog(row);
}

/** The profile's weight, as the latest health measurement says (the health area keeps it in step). */
export async function setDogWeight(db: Db, id: number, weightKg: number, now: string): Promise<void> {
  await db.updateTable('dogs').set({ weight_kg: weightKg, updated_at: now }).where('id', '=', id).execute();
}

export async function deleteDog(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('dogs').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The owner's dogs as other screens list them (dashboard, diary views), in the order they were added. */
export function listDogSummaries(db: Db, userId: number): Promise<{ id: number; name: string; photo_url: string | null }[]> {
  return db.selectFrom('dogs').select(['id', 'name', 'photo_url']).where('user_id', '=', userId).orderBy('id').execute();
}

/**
 * Sets the dog's photo URL only if it still is `expected` (compare-and-swap for the photos area's uploads).
 * False when another upload got there first or the dog is gone.
 */
export async function swapDogPhotoUrl(db: Db, dogId: number, expected: string | null, next: string | null, now: string): Promise<boolean> {
  const q = db.updateTable('dogs').set({ photo_url: next, updated_at: now }).where('id', '=', dogId);
  const result = await (expected === null ? q.where('photo_url', 'is', null) : q.where('photo_url', '=', expected)).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
