import type { Db } from '#core/db/index.js';

/** The dog's most recent weight (latest date, then the later entry), or undefined without any. */
export function latestWeightKg(db: Db, dogId: number): Promise<{ weight_kg: number } | undefined> {
  return db.selectFrom('weights').select('weight_kg').where('dog_id', '=', dogId).orderBy('date', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}
