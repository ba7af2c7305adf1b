import type { Kysely } from 'kysely';
import type { Db } from '../db/index.js';
import type { BoundingBox } from '../geo/bounding-box.js';
import { whereInBox } from '../db/geo-box.js';

/**
 * The SQL of the geo-listed community kinds, for any table with the frame (id, user_id, lat, lon, created_at,
 * updated_at). Table and column names come from the kinds' definitions in code, never from requests.
 */
export type GeoRow = { id: number; user_id: number | null; lat: number; lon: number; created_at: string; updated_at: string } & Record<string, unknown>;
type GeoDb = Record<string, GeoRow>;
const asGeoDb = (db: Db) => db as unknown as Kysely<GeoDb>;

const FRAME = ['id', 'user_id', 'lat', 'lon', 'created_at', 'updated_at'];

/** At most this many rows come out of the box pre-filter (the nearest 200 are answered). */
export const BOX_ROWS = 5_000;

export async function rowsInBox(
  db: Db,
  table: string,
  columns: readonly string[],
  box: BoundingBox,
  hidden?: { column: string; values: readonly string[] },
): Promise<GeoRow[]> {
  let q = asGeoDb(db)
    .selectFrom(table)
    .select([...FRAME, ...columns])
    .where((eb) => whereInBox(eb, box, 'lat', 'lon'));
  if (hidden) q = q.where(hidden.column, 'not in', [...hidden.values]);
  return (await q.limit(BOX_ROWS).execute()) as GeoRow[];
}

export async function findGeoRow(db: Db, table: string, columns: readonly string[], id: number): Promise<GeoRow | undefined> {
  return (await asGeoDb(db)
    .selectFrom(table)
    .select([...FRAME, ...columns])
    .where('id', '=', id)
    .executeTakeFirst()) as GeoRow | undefined;
}

export async function insertGeoRow(db: Db, table: string, columns: readonly string[], values: Record<string, unknown>): Promise<GeoRow> {
  return (await asGeoDb(db)
    .insertInto(table)
    .values(values as never)
    .returning([...FRAME, ...columns])
    .executeTakeFirstOrThrow()) as GeoRow;
}

export async function updateGeoRow(
  db: Db,
  table: string,
  columns: readonly string[],
  id: number,
  values: Record<string, unknown>,
): Promise<GeoRow | undefined> {
  return (await asGeoDb(db)
    .updateTable(table)
    .set(values as never)
    .where('id', '=', id)
    .returning([...FRAME, ...columns])
    .executeTakeFirst()) as GeoRow | undefined;
}

export async function deleteGeoRow(db: Db, table: string, id: number): Promise<void> {
  await asGeoDb(db).deleteFrom(table).where('id', '=', id).execute();
}
