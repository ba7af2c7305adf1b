import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '#core/db/index.js';
import type { DiaryEntriesTable } from '#core/db/tables/diary.js';
import type { Entry, MediaItem } from './diary.schemas.js';
import { mediaOfEntries } from './media.repo.js';

export type EntryRow = Selectable<DiaryEntriesTable>;

const ENTRY_COLUMNS = [
  'diary_entries.id',
  'diary_entries.dog_id',
  'diary_entries.date',
  'diary_entries.title',
  'diary_entries.text',
  'diary_entries.mood',
  'diary_entries.tags_json',
  'diary_entries.lat',
  'diary_entries.lon',
  'diary_entries.cell_lat',
  'diary_entries.cell_lon',
  'diary_entries.place_name',
  'diary_entries.author_id',
  'diary_entries.created_at',
  'diary_entries.updated_at',
] as const;

function parseTags(json: string | null): string[] {
  if (!json) return [];
  const value = JSON.parse(json) as unknown;
  return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
}

/** `otherAuthor` is the writer's name when someone other than the dog's owner wrote the entry (a caregiver). */
export function toEntry(row: EntryRow, media: MediaItem[], otherAuthor: string | null = null): Entry {
  return {
    id: row.id,
    dog_id: row.dog_id,
    date: row.date,
    title: row.title,
    text: row.text,
    mood: row.mood as Entry['mood'],
    tags: parseTags(row.tags_json),
    lat: row.lat,
    lon: row.lon,
    place_name: row.place_name,
    author_id: row.author_id,
    author_name: otherAuthor,
    media,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The entry and the id of the user it belongs to (through its dog), for the 403/404 rule. */
export async function findEntryWithOwner(db: Db, id: number): Promise<(EntryRow & { user_id: number }) | undefined> {
  return db
    .selectFrom('diary_entries')
    .innerJoin('dogs', 'dogs.id', 'diary_entries.dog_id')
    .select([...ENTRY_COLUMNS, 'dogs.user_id'])
    .where('diary_entries.id', '=', id)
    .executeTakeFirst();
}

export async function insertEntry(db: Db, values: Insertable<DiaryEntriesTable>): Promise<number> {
  const row = await db.insertInto('diary_entries').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateEntryRow(db: Db, id: number, values: Updateable<DiaryEntriesTable>): Promise<void> {
  await db.updateTable('diary_entries').set(values).where('id', '=', id).execute();
}

export async function deleteEntryRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('diary_entries').where('id', '=', id).execute();
}

/**
 * Locks the entry row for the rest of the transaction (an UPDATE takes a row lock on PostgreSQL; SQLite
 * transactions are serial anyway). Uploads and deletes of one entry both start with it, so a delete never
 * misses the files of an upload that commits at the same moment. False when the entry is gone.
 */
export async function touchEntry(db: Db, entryId: number, now: string): Promise<boolean> {
  const row = await db.updateTable('diary_entries').set({ updated_at: now }).where('id', '=', entryId).returning('id').executeTakeFirst();
  return row !== undefined;
}

/** Where a page of a list ordered by day, then id (both newest first) continues. */
export interface DayCursor {
  d: string;
  id: number;
}

export interface EntryListOptions {
  after?: DayCursor | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** Newest day first, then newest entry: at most `limit` rows after the cursor. */
export async function listEntryRows(db: Db, dogIds: number[], limit: number, o: EntryListOptions): Promise<EntryRow[]> {
  if (dogIds.length === 0) return [];
  let q = db.selectFrom('diary_entries').select(ENTRY_COLUMNS).where('dog_id', 'in', dogIds);
  if (o.from) q = q.where('date', '>=', o.from);
  if (o.to) q = q.where('date', '<=', o.to);
  const after = o.after;
  if (after) q = q.where((eb) => eb.or([eb('date', '<', after.d), eb.and([eb('date', '=', after.d), eb('id', '<', after.id)])]));
  return q.orderBy('date', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** The writers' names of the entries that someone other than the dog's owner wrote (caregivers), by entry id. */
async function otherAuthorsOf(db: Db, entryIds: number[]): Promise<Map<number, string>> {
  if (entryIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('diary_entries')
    .innerJoin('dogs', 'dogs.id', 'diary_entries.dog_id')
    .innerJoin('users', 'users.id', 'diary_entries.author_id')
    .select(['diary_entries.id as entry_id', 'users.name as author_name'])
    .where('diary_entries.id', 'in', entryIds)
    .whereRef('diary_entries.author_id', '<>', 'dogs.user_id')
    .execute();
  return new Map(rows.map((r) => [r.entry_id, r.author_name]));
}

/** Entries with their media and, where a caregiver wrote them, the writer's name; in the order given. */
export async function withMedia(db: Db, rows: EntryRow[]): Promise<Entry[]> {
  const ids = rows.map((r) => r.id);
  const [media, authors] = await Promise.all([mediaOfEntries(db, ids), otherAuthorsOf(db, ids)]);
  return rows.map((r) => toEntry(r, media.get(r.id) ?? [], authors.get(r.id) ?? null));
}
