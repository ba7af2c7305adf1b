import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '#core/db/index.js';
import { countOf } from '#core/db/count.js';
import type { DiaryMediaTable } from '#core/db/tables/diary.js';
import { WeatherSummary } from '../weather/index.js';
import type { MediaItem } from './diary.schemas.js';

export type MediaRow = Pick<
  Selectable<DiaryMediaTable>,
  | 'id'
  | 'entry_id'
  | 'dog_id'
  | 'url'
  | 'preview_url'
  | 'width'
  | 'height'
  | 'lat'
  | 'lon'
  | 'taken_at'
  | 'weather_status'
  | 'weather_json'
  | 'weather_attempts'
>;

export const MEDIA_COLUMNS = [
  'diary_media.id',
  'diary_media.entry_id',
  'diary_media.dog_id',
  'diary_media.url',
  'diary_media.preview_url',
  'diary_media.width',
  'diary_media.height',
  'diary_media.lat',
  'diary_media.lon',
  'diary_media.taken_at',
  'diary_media.weather_status',
  'diary_media.weather_json',
  'diary_media.weather_attempts',
] as const;

export function toMediaItem(row: MediaRow): MediaItem {
  const weather = row.weather_json ? WeatherSummary.safeParse(JSON.parse(row.weather_json)) : undefined;
  return {
    id: row.id,
    entry_id: row.entry_id,
    dog_id: row.dog_id,
    url: row.url,
    preview_url: row.preview_url,
    width: row.width,
    height: row.height,
    lat: row.lat,
    lon: row.lon,
    taken_at: row.taken_at,
    weather_status: row.weather_status,
    weather: weather?.success ? weather.data : null,
    weather_retrying: row.weather_status === 'pending' && row.weather_attempts > 0,
  };
}

/** Media of several entries, oldest upload first, grouped by entry. */
export async function mediaOfEntries(db: Db, entryIds: number[]): Promise<Map<number, MediaItem[]>> {
  const byEntry = new Map<number, MediaItem[]>();
  if (entryIds.length === 0) return byEntry;
  const rows = await db.selectFrom('diary_media').select(MEDIA_COLUMNS).where('entry_id', 'in', entryIds).orderBy('id').execute();
  for (const row of rows) {
    const list = byEntry.get(row.entry_id) ?? [];
    list.push(toMediaItem(row));
    byEntry.set(row.entry_id, list);
  }
  return byEntry;
}

export function countMediaOfEntry(db: Db, entryId: number): Promise<number> {
  return countOf(db.selectFrom('diary_media').where('entry_id', '=', entryId));
}

export async function insertMediaRows(db: Db, rows: Insertable<DiaryMediaTable>[]): Promise<{ id: number }[]> {
  return db.insertInto('diary_media').values(rows).returning('id').execute();
}

/** The media item and the user it belongs to (media → dog → user). */
export async function findMediaWithOwner(db: Db, id: number): Promise<(MediaRow & { user_id: number }) | undefined> {
  return db
    .selectFrom('diary_media')
    .innerJoin('dogs', 'dogs.id', 'diary_media.dog_id')
    .select([...MEDIA_COLUMNS, 'dogs.user_id'])
    .where('diary_media.id', '=', id)
    .executeTakeFirst();
}

export async function mediaUrlsOfEntry(db: Db, entryId: number): Promise<{ url: string; preview_url: string }[]> {
  return db.selectFrom('diary_media').select(['url', 'preview_url']).where('entry_id', '=', entryId).execute();
}

/**
 * The entry's position is its first located photo (upload order). Called after media are added or removed,
 * inside the same transaction, so the map never points at a deleted photo.
 */
export async function refreshEntryPosition(db: Db, entryId: number): Promise<void> {
  const first = await db
    .selectFrom('diary_media')
    .select(['lat', 'lon'])
    .where('entry_id', '=', entryId)
    .where('lat', 'is not', null)
    .where('lon', 'is not', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const lat = first?.lat ?? null;
  const lon = first?.lon ?? null;
  const current = await db.selectFrom('diary_entries').select(['lat', 'lon']).where('id', '=', entryId).executeTakeFirst();
  const moved = current?.lat !== lat || current?.lon !== lon;
  await db
    .updateTable('diary_entries')
    .set({
      lat,
      lon,
      cell_lat: lat === null ? null : Math.round(lat * 1000),
      cell_lon: lon === null ? null : Math.round(lon * 1000),
      // A new position needs a new place name (features/geocoding fills it after the upload).
      ...(moved ? { place_name: null } : {}),
    })
    .where('id', '=', entryId)
    .execute();
}

/** The dog (and its owner) a diary file belongs to, by its URL or preview URL: for the /media permission check. */
export function findMediaDogByUrl(db: Db, column: 'url' | 'preview_url', url: string): Promise<{ dog_id: number; user_id: number } | undefined> {
  return db
    .selectFrom('diary_media')
    .innerJoin('dogs', 'dogs.id', 'diary_media.dog_id')
    .select(['diary_media.dog_id', 'dogs.user_id'])
    .where(`diary_media.${column}`, '=', url)
    .executeTakeFirst();
}

/** False when the row was gone already. */
export async function deleteMediaRow(db: Db, id: number): Promise<boolean> {
  const gone = await db.deleteFrom('diary_media').where('id', '=', id).returning('id').executeTakeFirst();
  return gone !== undefined;
}

/** Located photos still waiting for their weather whose day is over, oldest first. */
export function pendingWeatherMedia(db: Db, today: string, limit: number) {
  return db
    .selectFrom('diary_media')
    .select(['id', 'lat', 'lon', 'weather_day', 'weather_attempts'])
    .where('weather_status', '=', 'pending')
    .where('weather_day', '<', today)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function setMediaWeather(
  db: Db,
  id: number,
  columns: Pick<Updateable<DiaryMediaTable>, 'weather_status' | 'weather_json' | 'weather_attempts'>,
): Promise<void> {
  await db.updateTable('diary_media').set(columns).where('id', '=', id).execute();
}

/** Every file URL (photo and preview) the diary rows of one dog point at: what the orphan sweep keeps. */
export async function mediaUrlsOfDog(db: Db, dogId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('diary_media').select(['url', 'preview_url']).where('dog_id', '=', dogId).execute();
  return new Set(rows.flatMap((r) => [r.url, r.preview_url]));
}

/** The entry's position when it has one but no place name yet (the lookup after an upload). */
export function unnamedPosition(db: Db, entryId: number) {
  return db
    .selectFrom('diary_entries')
    .select(['lat', 'lon'])
    .where('id', '=', entryId)
    .where('lat', 'is not', null)
    .where('lon', 'is not', null)
    .where('place_name', 'is', null)
    .executeTakeFirst();
}

/** Sets the name only while the entry is still at that position (a later upload may have moved it). */
/** Entries changed since `since` that have a position but no place name yet (the place-name job's retries), newest first. */
export async function recentUnnamedEntries(db: Db, since: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('diary_entries')
    .select('id')
    .where('updated_at', '>=', since)
    .where('lat', 'is not', null)
    .where('lon', 'is not', null)
    .where('place_name', 'is', null)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export async function setPlaceName(db: Db, entryId: number, at: { lat: number; lon: number }, name: string): Promise<void> {
  await db.updateTable('diary_entries').set({ place_name: name }).where('id', '=', entryId).where('lat', '=', at.lat).where('lon', '=', at.lon).execute();
}
