import type { ExpressionBuilder } from 'kysely';
import type { Db } from '#core/db/index.js';
import type { Database } from '#core/db/schema.js';
import { noNumber, type DashboardBranch, type DashboardRow } from '../dashboard/index.js';
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

/**
 * The dashboard's two diary cards as branches of its one read (issue 34): the dogs' memories of today and their
 * newest entries, both newest first, each with the preview of its first photo (the lowest media id) in `more`;
 * `id` the entry, `day` its date, `text` its title.
 */
export function diaryCardBranches(
  db: Db,
  dogIds: number[],
  today: string,
  memoryLimit: number,
  recentLimit: number,
): { memories: DashboardBranch; recent: DashboardBranch } {
  // The preview is looked up for the entries the limit keeps only: with several dogs the engine sorts, and a
  // subquery in the limited select itself would run for every entry of the dogs before the sort.
  const branch = (memoriesOnly: boolean, limit: number) =>
    db
      .selectFrom(
        db
          .selectFrom('diary_entries')
          .select(['diary_entries.dog_id', 'diary_entries.id', 'diary_entries.date', 'diary_entries.title'])
          .where('diary_entries.dog_id', 'in', dogIds)
          .$if(memoriesOnly, (q) => q.where(isMemory(today)))
          .orderBy('diary_entries.date', 'desc')
          .orderBy('diary_entries.id', 'desc')
          .limit(limit)
          .as('e'),
      )
      .select((eb) => [
        'e.dog_id',
        'e.id',
        noNumber.as('ref'),
        'e.date as day',
        'e.title as text',
        eb
          .selectFrom('diary_media')
          .select('diary_media.preview_url')
          .whereRef('diary_media.entry_id', '=', 'e.id')
          .orderBy('diary_media.id')
          .limit(1)
          .as('more'),
      ])
      .$castTo<DashboardRow>();
  return { memories: branch(true, memoryLimit), recent: branch(false, recentLimit) };
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
