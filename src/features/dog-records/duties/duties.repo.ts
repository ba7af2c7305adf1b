import type { Db } from '#core/db/index.js';
import type { Selectable } from 'kysely';
import type { DogDutiesTable } from '#core/db/tables/place.js';

const COLUMNS = ['id', 'dog_id', 'code', 'provider', 'number', 'amount_cents', 'due_on', 'renews_on', 'notes', 'updated_at'] as const;

/** A dog's recorded duty as the screens read it (the table's row without its creation time). */
export type DutyRow = Omit<Selectable<DogDutiesTable>, 'created_at'>;

export function dutiesOfDog(db: Db, dogId: number): Promise<DutyRow[]> {
  return db.selectFrom('dog_duties').select(COLUMNS).where('dog_id', '=', dogId).orderBy('id').execute();
}

export interface DutyValues {
  provider: string | null;
  number: string | null;
  amount_cents: number | null;
  due_on: string | null;
  renews_on: string | null;
  notes: string | null;
}

/** One row per dog and code (unique constraint): a second save replaces the first in one statement. */
export async function upsertDuty(db: Db, dogId: number, code: string, values: DutyValues, now: string): Promise<void> {
  await db
    .insertInto('dog_duties')
    .values({ dog_id: dogId, code, ...values, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['dog_id', 'code']).doUpdateSet({ ...values, updated_at: now }))
    .execute();
}

export async function deleteDuty(db: Db, dogId: number, code: string): Promise<boolean> {
  const res = await db.deleteFrom('dog_duties').where('dog_id', '=', dogId).where('code', '=', code).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export interface DueDutyRow extends DutyRow {
  dog_name: string;
  user_id: number;
}

/** Rows with a due or renewal date from `from` to `to` (the reminders), in id order after `afterId`. */
export function dutiesDueBetween(db: Db, from: string, to: string, afterId: number, limit: number): Promise<DueDutyRow[]> {
  return db
    .selectFrom('dog_duties')
    .innerJoin('dogs', 'dogs.id', 'dog_duties.dog_id')
    .select(COLUMNS.map((c) => `dog_duties.${c}` as const))
    .select(['dogs.name as dog_name', 'dogs.user_id'])
    .where((eb) => eb.or([eb.between('dog_duties.due_on', from, to), eb.between('dog_duties.renews_on', from, to)]))
    .where('dog_duties.id', '>', afterId)
    .orderBy('dog_duties.id')
    .limit(limit)
    .execute();
}

/** Recorded registries (a provider named), for the yearly check in September. */
export function recordedRegistries(db: Db, afterId: number, limit: number): Promise<DueDutyRow[]> {
  return db
    .selectFrom('dog_duties')
    .innerJoin('dogs', 'dogs.id', 'dog_duties.dog_id')
    .select(COLUMNS.map((c) => `dog_duties.${c}` as const))
    .select(['dogs.name as dog_name', 'dogs.user_id'])
    .where('dog_duties.code', '=', 'registry')
    .where('dog_duties.provider', 'is not', null)
    .where('dog_duties.id', '>', afterId)
    .orderBy('dog_duties.id')
    .limit(limit)
    .execute();
}

/** Every recorded duty of the owner's dogs, for the data export. */
export function dutiesOfOwner(db: Db, ownerId: number) {
  return db
    .selectFrom('dog_duties')
    .innerJoin('dogs', 'dogs.id', 'dog_duties.dog_id')
    .select(COLUMNS.map((c) => `dog_duties.${c}` as const))
    .select('dogs.name as dog_name')
    .where('dogs.user_id', '=', ownerId)
    .orderBy('dog_duties.dog_id')
    .orderBy('dog_duties.id')
    .execute();
}
