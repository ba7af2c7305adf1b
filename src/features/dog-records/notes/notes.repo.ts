import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '#core/db/index.js';
import type { NotesTable } from '#core/db/tables/money-notes.js';

const COLUMNS = [
  'id',
  'user_id',
  'dog_id',
  'parent_type',
  'parent_id',
  'rubrik',
  'text',
  'meta_json',
  'analysis_json',
  'analysed_at',
  'created_at',
  'updated_at',
] as const;
export type NoteRow = Pick<Selectable<NotesTable>, (typeof COLUMNS)[number]>;

export const findNote = (db: Db, id: number): Promise<NoteRow | undefined> => db.selectFrom('notes').select(COLUMNS).where('id', '=', id).executeTakeFirst();

export function insertNote(db: Db, values: Insertable<NotesTable>): Promise<NoteRow> {
  return db.insertInto('notes').values(values).returning(COLUMNS).executeTakeFirstOrThrow();
}

export function updateNote(db: Db, id: number, values: Updateable<NotesTable>): Promise<NoteRow | undefined> {
  return db.updateTable('notes').set(values).where('id', '=', id).returning(COLUMNS).executeTakeFirst();
}

export async function deleteNote(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('notes').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The notes on one parent, newest first (keyset by id). */
export function listNotes(db: Db, parentType: string, parentId: number, limit: number, after?: { id: number }): Promise<NoteRow[]> {
  let q = db.selectFrom('notes').select(COLUMNS).where('parent_type', '=', parentType).where('parent_id', '=', parentId);
  if (after) q = q.where('id', '<', after.id);
  return q.orderBy('id', 'desc').limit(limit).execute();
}

/** Notes whose parent row is gone (a record was deleted; dogs and users cascade by themselves). */
export async function deleteOrphans(db: Db, parentType: string, table: string): Promise<number> {
  const result = await db
    .deleteFrom('notes')
    .where('parent_type', '=', parentType)
    .where(({ not, exists }) => not(exists(sql`(select 1 from ${sql.table(table)} p where p.id = notes.parent_id)`)))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A page of the notes the user wrote, oldest first (the data export). */
export function notesOfUser(db: Db, userId: number, afterId: number, limit: number): Promise<NoteRow[]> {
  return db.selectFrom('notes').select(COLUMNS).where('user_id', '=', userId).where('id', '>', afterId).orderBy('id').limit(limit).execute();
}
