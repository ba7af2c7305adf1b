import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../../core/db/index.js';
import type { Database } from '../../../core/db/schema.js';
import { sameDayPatterns } from './on-this-day.js';

/** Queries for "on this day": entries of today's calendar day in earlier years (see sameDayPatterns). */

/** `diary_entries.date` lies on today's calendar day in an earlier year. */
function isMemory(today: string) {
  return (eb: ExpressionBuilder<Database, 'diary_entries'>) =>
    eb.and([eb('diary_entries.date', '<', today), eb.or(sameDayPatterns(today).map((p) => eb('diary_entries.date', 'like', p)))]);
}

export interface Memory {
  id: number;
  dog_id: number;
  date: string;
  title: string | null;
}

/** The dogs' memories of today, newest year first (the dashboard's card). */
export function memoriesOfDogs(db: Db, dogIds: number[], today: string, limit: number): Promise<Memory[]> {
  if (dogIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('diary_entries')
    .select(['id', 'dog_id', 'date', 'title'])
    .where('dog_id', 'in', dogIds)
    .where(isMemory(today))
    .orderBy('date', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export interface AnniversaryMemory extends Memory {
  text: string;
  /** The dog's name and owner, for the notification. */
  name: string;
  user_id: number;
}

/**
 * Every memory of the next `dogBatch` dogs (by id, after `afterDogId`) that have one today, oldest first per dog.
 * The anniversary job walks all dogs in these batches.
 */
export function anniversaryBatch(db: Db, today: string, afterDogId: number, dogBatch: number): Promise<AnniversaryMemory[]> {
  return db
    .selectFrom('diary_entries')
    .innerJoin('dogs', 'dogs.id', 'diary_entries.dog_id')
    .select(['diary_entries.id', 'diary_entries.dog_id', 'diary_entries.date', 'diary_entries.title', 'diary_entries.text', 'dogs.name', 'dogs.user_id'])
    .where('diary_entries.dog_id', 'in', (eb) =>
      eb.selectFrom('diary_entries').select('dog_id').distinct().where('dog_id', '>', afterDogId).where(isMemory(today)).orderBy('dog_id').limit(dogBatch),
    )
    .where(isMemory(today))
    .orderBy('diary_entries.dog_id')
    .orderBy('diary_entries.date')
    .orderBy('diary_entries.id')
    .execute();
}

/**
 * For each of the dogs, the URL of its first photo from today's calendar day in the most recent earlier year (dogs
 * without one are not in the map); one query for all dogs.
 */
export async function rememberedPhotoUrls(db: Db, dogIds: readonly number[], today: string): Promise<Map<number, string>> {
  if (dogIds.length === 0) return new Map();
  const ranked = db
    .selectFrom('diary_media')
    .innerJoin('diary_entries', 'diary_entries.id', 'diary_media.entry_id')
    .select((eb) => [
      'diary_media.dog_id',
      'diary_media.url',
      eb.fn
        .agg<number>('row_number', [])
        .over((ob) => ob.partitionBy('diary_media.dog_id').orderBy('diary_entries.date', 'desc').orderBy('diary_media.id'))
        .as('rn'),
    ])
    .where('diary_media.dog_id', 'in', [...dogIds])
    .where(isMemory(today));
  const rows = await db.selectFrom(ranked.as('ranked')).select(['ranked.dog_id', 'ranked.url']).where('ranked.rn', '=', 1).execute();
  return new Map(rows.map((r) => [r.dog_id, r.url]));
}
