import { type Generated, type Kysely, sql } from 'kysely';
import type { Db } from '../db/index.js';
import { countOf } from '../db/count.js';

/**
 * The SQL of the per-dog record module, for any table with the record frame (id, dog_id, created_at, updated_at).
 * Table and column names come from the kinds' definitions in code, never from requests.
 */

interface RecordTable {
  id: Generated<number>;
  dog_id: number;
  created_at: string;
  updated_at: string;
  [column: string]: unknown;
}
type RecordDb = Record<string, RecordTable>;

/** A stored record: the frame plus the kind's columns. */
export type RecordRow = { id: number; dog_id: number; created_at: string; updated_at: string } & Record<string, unknown>;

const asRecordDb = (db: Db) => db as unknown as Kysely<RecordDb>;

/** Where a page continues: after (order value, id) in newest-first order. */
export interface RecordCursor {
  d?: string | null | undefined;
  id: number;
}

export interface ListSpec {
  table: string;
  columns: readonly string[];
  /** A date column to sort by (newest first), then id; without one, by id alone. */
  orderBy?: string | undefined;
}

export async function listRecordRows(db: Db, spec: ListSpec, dogId: number, limit: number, after?: RecordCursor): Promise<RecordRow[]> {
  const { table, columns, orderBy } = spec;
  let q = asRecordDb(db).selectFrom(table).select(columns).where('dog_id', '=', dogId);
  if (orderBy) {
    if (after) {
      const d = after.d ?? '';
      q = q.where((eb) => eb.or([eb(orderBy, '<', d), eb.and([eb(orderBy, '=', d), eb('id', '<', after.id)])]));
    }
    q = q.orderBy(orderBy, 'desc').orderBy('id', 'desc');
  } else {
    if (after) q = q.where('id', '<', after.id);
    q = q.orderBy('id', 'desc');
  }
  return (await q.limit(limit).execute()) as RecordRow[];
}

export function countRecordRows(db: Db, table: string, dogId: number): Promise<number> {
  return countOf(asRecordDb(db).selectFrom(table).where('dog_id', '=', dogId));
}

/** One record with its dog's owner (`user_id`), for requireDogRecord. */
export async function findRecordWithOwner(
  db: Db,
  table: string,
  columns: readonly string[],
  id: number,
): Promise<(RecordRow & { user_id: number }) | undefined> {
  const row = await asRecordDb(db)
    .selectFrom(table)
    .select(columns.map((c) => `${table}.${c}`))
    .select(sql<number>`(select d.user_id from dogs d where d.id = ${sql.ref(`${table}.dog_id`)})`.as('user_id'))
    .where(`${table}.id`, '=', id)
    .executeTakeFirst();
  return row as (RecordRow & { user_id: number }) | undefined;
}

/**
 * Inserts a record. With `uniqueBy` (e.g. dog_id + date for weights) a second record with the same key replaces
 * the first one's fields in the same statement (no read-then-write race), keeping its id and created_at.
 */
export async function insertRecordRow(
  db: Db,
  table: string,
  columns: readonly string[],
  values: Record<string, unknown>,
  uniqueBy?: readonly string[],
): Promise<RecordRow> {
  let q = asRecordDb(db)
    .insertInto(table)
    .values(values as RecordTable);
  if (uniqueBy) {
    const replace = Object.fromEntries(Object.entries(values).filter(([k]) => !uniqueBy.includes(k) && k !== 'created_at'));
    q = q.onConflict((oc) => oc.columns(uniqueBy as string[]).doUpdateSet(replace));
  }
  return (await q.returning(columns).executeTakeFirstOrThrow()) as RecordRow;
}

export async function updateRecordRow(
  db: Db,
  table: string,
  columns: readonly string[],
  id: number,
  values: Record<string, unknown>,
): Promise<RecordRow | undefined> {
  return (await asRecordDb(db).updateTable(table).set(values).where('id', '=', id).returning(columns).executeTakeFirst()) as RecordRow | undefined;
}

export async function deleteRecordRow(db: Db, table: string, id: number): Promise<boolean> {
  const result = await asRecordDb(db).deleteFrom(table).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
