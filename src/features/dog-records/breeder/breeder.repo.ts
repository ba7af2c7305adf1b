import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '#core/db/index.js';
import { countOf } from '#core/db/count.js';
import type { LittersTable, PuppiesTable } from '#core/db/tables/breeder.js';

const LITTER_COLUMNS = [
  'litters.id',
  'litters.user_id',
  'litters.mother_dog_id',
  'litters.father_dog_id',
  'litters.father_name',
  'litters.mating_date',
  'litters.birth_date',
  'litters.notes',
  'litters.created_at',
  'litters.updated_at',
] as const;

/** A litter with its mother's name, the father's name (a dog of the app or the typed name) and its puppy count. */
function litterQuery(db: Db) {
  return db
    .selectFrom('litters')
    .innerJoin('dogs as mother', 'mother.id', 'litters.mother_dog_id')
    .leftJoin('dogs as father', 'father.id', 'litters.father_dog_id')
    .select(LITTER_COLUMNS)
    .select(['mother.name as mother_name', 'father.name as father_dog_name'])
    .select(sql<number>`(select count(*) from puppies p where p.litter_id = litters.id)`.as('puppy_count'));
}
export type LitterRow = Awaited<ReturnType<ReturnType<typeof litterQuery>['executeTakeFirstOrThrow']>>;

export const findLitter = (db: Db, id: number): Promise<LitterRow | undefined> => litterQuery(db).where('litters.id', '=', id).executeTakeFirst();

export function listLitters(db: Db, userId: number, limit: number, after?: { id: number }): Promise<LitterRow[]> {
  let q = litterQuery(db).where('litters.user_id', '=', userId);
  if (after) q = q.where('litters.id', '<', after.id);
  return q.orderBy('litters.id', 'desc').limit(limit).execute();
}

export async function insertLitter(db: Db, values: Insertable<LittersTable>): Promise<number> {
  return (await db.insertInto('litters').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateLitter(db: Db, id: number, values: Updateable<LittersTable>): Promise<void> {
  await db.updateTable('litters').set(values).where('id', '=', id).execute();
}

export async function deleteLitter(db: Db, id: number): Promise<void> {
  await db.deleteFrom('litters').where('id', '=', id).execute();
}

const PUPPY_COLUMNS = [
  'id',
  'litter_id',
  'name',
  'collar_color',
  'sex',
  'birth_weight_g',
  'chip_number',
  'buyer_name',
  'buyer_contact',
  'handover_date',
  'vaccinations',
  'created_at',
  'updated_at',
] as const;

export const puppiesOf = (db: Db, litterId: number) => db.selectFrom('puppies').select(PUPPY_COLUMNS).where('litter_id', '=', litterId).orderBy('id').execute();

/** A puppy with its litter's breeder (user_id) for the ownership check. */
export function findPuppy(db: Db, id: number) {
  return db
    .selectFrom('puppies')
    .innerJoin('litters', 'litters.id', 'puppies.litter_id')
    .select(PUPPY_COLUMNS.map((c) => `puppies.${c}` as const))
    .select('litters.user_id')
    .where('puppies.id', '=', id)
    .executeTakeFirst();
}

export const countPuppies = (db: Db, litterId: number) => countOf(db.selectFrom('puppies').where('litter_id', '=', litterId));

export async function insertPuppy(db: Db, values: Insertable<PuppiesTable>): Promise<number> {
  return (await db.insertInto('puppies').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updatePuppy(db: Db, id: number, values: Updateable<PuppiesTable>): Promise<void> {
  await db.updateTable('puppies').set(values).where('id', '=', id).execute();
}

export async function deletePuppy(db: Db, id: number): Promise<void> {
  await db.deleteFrom('puppies').where('id', '=', id).execute();
}

/** One weight per puppy and day: a second one the same day replaces the first. */
export async function upsertWeights(db: Db, rows: readonly { puppy_id: number; date: string; weight_g: number }[], now: string): Promise<void> {
  await db
    .insertInto('puppy_weights')
    .values(rows.map((r) => ({ ...r, created_at: now })))
    .onConflict((oc) =>
      oc.columns(['puppy_id', 'date']).doUpdateSet((eb) => ({ weight_g: eb.ref('excluded.weight_g'), created_at: eb.ref('excluded.created_at') })),
    )
    .execute();
}

/** Every weight of a litter's puppies, per puppy in date order. */
export function weightsOfLitter(db: Db, litterId: number) {
  return db
    .selectFrom('puppy_weights')
    .innerJoin('puppies', 'puppies.id', 'puppy_weights.puppy_id')
    .select(['puppy_weights.puppy_id', 'puppy_weights.date', 'puppy_weights.weight_g'])
    .where('puppies.litter_id', '=', litterId)
    .orderBy('puppy_weights.puppy_id')
    .orderBy('puppy_weights.date')
    .execute();
}
