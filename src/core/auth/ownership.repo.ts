import type { Db } from '../db/index.js';

/** The one query the ownership rules need: who owns a dog. */
export function findDogOwner(db: Db, dogId: number): Promise<{ id: number; user_id: number } | undefined> {
  return db.selectFrom('dogs').select(['id', 'user_id']).where('id', '=', dogId).executeTakeFirst();
}

/** Whether the user accepted an invitation to the dog (family sharing; the health area writes dog_members). */
export async function isCaregiver(db: Db, dogId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('dog_members')
    .select('id')
    .where('dog_id', '=', dogId)
    .where('user_id', '=', userId)
    .where('accepted_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** The dogs others share with the user (accepted invitations), in id order: the "all my dogs" views include them. */
export async function sharedDogIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('dog_members')
    .select('dog_id')
    .where('user_id', '=', userId)
    .where('accepted_at', 'is not', null)
    .orderBy('dog_id')
    .limit(200)
    .execute();
  return rows.map((r) => r.dog_id);
}

/** The ids of the dogs a user owns (not the shared ones), oldest first: what their data export covers. */
export async function ownDogIds(db: Db, userId: number): Promise<number[]> {
  return (await db.selectFrom('dogs').select('id').where('user_id', '=', userId).orderBy('id').execute()).map((r) => r.id);
}
