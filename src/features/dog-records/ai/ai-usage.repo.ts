import type { Db } from '#core/db/index.js';
import { countOf } from '#core/db/count.js';

export type AiFeature = 'note_analysis' | 'training_plan';

export async function insertUse(db: Db, userId: number, feature: AiFeature, at: string): Promise<number> {
  const row = await db.insertInto('ai_usage').values({ user_id: userId, feature, created_at: at }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteUse(db: Db, id: number): Promise<void> {
  await db.deleteFrom('ai_usage').where('id', '=', id).execute();
}

export function countUses(db: Db, userId: number, feature: AiFeature, since: string): Promise<number> {
  return countOf(db.selectFrom('ai_usage').where('user_id', '=', userId).where('feature', '=', feature).where('created_at', '>=', since));
}

/** Uses older than `before` count for no quota any more (purged by a job). */
export async function purgeUses(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('ai_usage').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
