import type { Db } from '#core/db/index.js';
import type { VetPractice, VetPracticeBody } from './health.schemas.js';

const COLUMNS = ['dog_id', 'name', 'phone', 'emergency_phone', 'email', 'address', 'website', 'updated_at'] as const;

export function findPractice(db: Db, dogId: number): Promise<VetPractice | undefined> {
  return db.selectFrom('vet_practices').select(COLUMNS).where('dog_id', '=', dogId).executeTakeFirst();
}

/** One practice per dog: PUT replaces it whole (missing optional fields become null). */
export function upsertPractice(db: Db, dogId: number, body: VetPracticeBody, now: string): Promise<VetPractice> {
  const values = {
    name: body.name,
    phone: body.phone ?? null,
    emergency_phone: body.emergency_phone ?? null,
    email: body.email ?? null,
    address: body.address ?? null,
    website: body.website ?? null,
    updated_at: now,
  };
  return db
    .insertInto('vet_practices')
    .values({ dog_id: dogId, ...values })
    .onConflict((oc) => oc.column('dog_id').doUpdateSet(values))
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}
