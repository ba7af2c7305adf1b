import type { Db } from '#core/db/index.js';
import type { DayCursor } from './entries.repo.js';
import { MEDIA_COLUMNS } from './media.repo.js';

/** The diary's views over many dogs: statistics, calendar, places and the photo mosaic. */

/** Every count the statistics need, in parallel. `today` bounds "this month", "this year" and the streak. */
export async function statsRows(db: Db, dogIds: number[], today: string) {
  const entries = db.selectFrom('diary_entries').where('dog_id', 'in', dogIds);
  const [totals, month, year, photos, places, moods, dates] = await Promise.all([
    entries.select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('date').as('first'), eb.fn.max('date').as('last')]).executeTakeFirstOrThrow(),
    entries
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('date', '>=', `${today.slice(0, 7)}-01`)
      .where('date', '<=', today)
      .executeTakeFirstOrThrow(),
    entries
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('date', '>=', `${today.slice(0, 4)}-01-01`)
      .where('date', '<=', today)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('diary_media')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>('lat').as('located')])
      .where('dog_id', 'in', dogIds)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom(() => entries.select(['cell_lat', 'cell_lon']).where('cell_lat', 'is not', null).distinct().as('cells'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    entries
      .select((eb) => ['mood', eb.fn.countAll<number>().as('n')])
      .where('mood', 'is not', null)
      .groupBy('mood')
      .execute(),
    entries.select('date').distinct().where('date', '<=', today).orderBy('date', 'desc').limit(1000).execute(),
  ]);
  return { totals, month, year, photos, places, moods, dates };
}

/** Per day of [from, to]: the entries (count, first id) and the photos (count, first media id). */
export async function calendarRows(db: Db, dogIds: number[], from: string, to: string) {
  const [days, photos] = await Promise.all([
    db
      .selectFrom('diary_entries')
      .select((eb) => ['date', eb.fn.countAll<number>().as('n'), eb.fn.min('id').as('first_id')])
      .where('dog_id', 'in', dogIds)
      .where('date', '>=', from)
      .where('date', '<=', to)
      .groupBy('date')
      .orderBy('date')
      .execute(),
    db
      .selectFrom('diary_media')
      .innerJoin('diary_entries', 'diary_entries.id', 'diary_media.entry_id')
      .select((eb) => ['diary_entries.date', eb.fn.countAll<number>().as('n'), eb.fn.min('diary_media.id').as('first_media')])
      .where('diary_entries.dog_id', 'in', dogIds)
      .where('diary_entries.date', '>=', from)
      .where('diary_entries.date', '<=', to)
      .groupBy('diary_entries.date')
      .execute(),
  ]);
  return { days, photos };
}

export async function previewUrlsById(db: Db, mediaIds: number[]): Promise<Map<number, string>> {
  if (mediaIds.length === 0) return new Map();
  const rows = await db.selectFrom('diary_media').select(['id', 'preview_url']).where('id', 'in', mediaIds).execute();
  return new Map(rows.map((p) => [p.id, p.preview_url]));
}

const CHUNK = 500;

/** Title and first photo's preview of each entry (the map popups), in chunks so a long list stays a bound list. */
export async function entryHeads(db: Db, entryIds: number[]): Promise<Map<number, { title: string | null; preview_url: string | null }>> {
  const heads = new Map<number, { title: string | null; preview_url: string | null }>();
  for (let i = 0; i < entryIds.length; i += CHUNK) {
    const ids = entryIds.slice(i, i + CHUNK);
    const entries = await db.selectFrom('diary_entries').select(['id', 'title']).where('id', 'in', ids).execute();
    for (const e of entries) heads.set(e.id, { title: e.title, preview_url: null });
    const firsts = await db
      .selectFrom('diary_media')
      .select((eb) => ['entry_id', eb.fn.min('id').as('first_id')])
      .where('entry_id', 'in', ids)
      .groupBy('entry_id')
      .execute();
    const previews = await previewUrlsById(
      db,
      firsts.map((f) => Number(f.first_id)),
    );
    for (const f of firsts) {
      const head = heads.get(f.entry_id);
      if (head) head.preview_url = previews.get(Number(f.first_id)) ?? null;
    }
  }
  return heads;
}

/** Located entries grouped by their 0.001° cell: count, mean position, first and last day, newest entry. */
export function placeRows(db: Db, dogIds: number[]) {
  return db
    .selectFrom('diary_entries')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.avg<number>('lat').as('lat'),
      eb.fn.avg<number>('lon').as('lon'),
      eb.fn.min('date').as('first_date'),
      eb.fn.max('date').as('last_date'),
      eb.fn.max('id').as('latest_id'),
    ])
    .where('dog_id', 'in', dogIds)
    .where('cell_lat', 'is not', null)
    .groupBy(['cell_lat', 'cell_lon'])
    .execute();
}

/** The dogs' photos with their entry's day, newest day first, then newest photo: at most `limit` after the cursor. */
export function mosaicRows(db: Db, dogIds: number[], limit: number, after: DayCursor | undefined) {
  let q = db
    .selectFrom('diary_media')
    .innerJoin('diary_entries', 'diary_entries.id', 'diary_media.entry_id')
    .select([...MEDIA_COLUMNS, 'diary_entries.date as entry_date'])
    .where('diary_media.dog_id', 'in', dogIds);
  if (after)
    q = q.where((eb) => eb.or([eb('diary_entries.date', '<', after.d), eb.and([eb('diary_entries.date', '=', after.d), eb('diary_media.id', '<', after.id)])]));
  return q.orderBy('diary_entries.date', 'desc').orderBy('diary_media.id', 'desc').limit(limit).execute();
}
