import type { Db } from '../db/index.js';

/** The one query the ownership rules need: who owns a dog. */
export function findDogOwner(db: Db, dogId: number): Promise<{ id: number; user_id: number } | undefined> {
  return db.selectFrom('dogs').select(['id', 'user_id']).where('id', '=', dogId).executeTakeFirst();
}
