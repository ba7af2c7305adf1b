import { sql, type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { Db } from '../db/index.js';
import type { GeoItemFrame } from '../db/tables/nearby.js';
import type { BoundingBox } from '../geo/bounding-box.js';
import { whereInBox } from '../db/geo-box.js';
import { nearestInRtree, whereInSpatialIndex } from '#platform/db/spatial-index.js';

/**
 * The SQL of the geo-listed community kinds, for any table with the frame (id, user_id, lat, lon, created_at,
 * updated_at, photo_url). Table and column names come from the kinds' definitions in code, never from requests.
 */
export type GeoRow = Selectable<GeoItemFrame> & Record<string, unknown>;
type GeoDb = Record<string, GeoRow>;
const asGeoDb = (db: Db) => db as unknown as Kysely<GeoDb>;

const FRAME = ['id', 'user_id', 'lat', 'lon', 'created_at', 'updated_at', 'photo_url'];

/** The keyset of a nearby list: the SQL distance of the last row (see `nearDistance`) and its id. */
export interface GeoCursor {
  d: number;
  id: number;
}

/**
 * The squared equirectangular distance in degrees (latitude, and longitude scaled by the centre's cosine), the
 * order of nearby lists and their keyset. Good to a fraction of a per cent at these radii; the longitude difference
 * is wrapped to ±180°, so a box across the antimeridian or over a pole is ordered too. The very same expression
 * goes into the select, the order and the cursor condition, so a row's `dist` compares equal to itself (pages
 * join up without duplicates or gaps, also for rows at the same point).
 */
const lonScale = (center: { lat: number }) => Math.cos((center.lat * Math.PI) / 180) ** 2;

function nearDistance(center: { lat: number; lon: number }) {
  const k2 = lonScale(center);
  const dLat = sql`(lat - ${center.lat})`;
  const raw = sql`(lon - ${center.lon})`;
  const dLon = sql`(case when ${raw} > 180 then ${raw} - 360 when ${raw} < -180 then ${raw} + 360 else ${raw} end)`;
  return sql<number>`(${dLat} * ${dLat} + ${dLon} * ${dLon} * ${k2})`;
}

/**
 * A nearby search over a table without the geo kinds' frame, or over some of its rows (places, routes, walks):
 * - `frame`: the columns read in place of the frame (id, lat and lon among them);
 * - `where`: whose rows (public ones and the viewer's own), built in the caller's repo;
 * - `index: 'columns'`: the box on the table's lat/lon columns instead of its spatial index, for a `where` that a
 *   B-tree leading with its column serves (one user's own walks: (user_id, lat, lon) reads only theirs).
 */
export interface NearScope {
  frame?: readonly string[];
  where?: Expression<SqlBool>;
  index?: 'spatial' | 'columns';
}

/** Candidates beyond the page that the R*Tree hands over (see rowsInBox): rows at a hair's distance from the last one. */
const CANDIDATE_MARGIN = 16;

/**
 * The rows in the box (read through the table's spatial index, so a crowded band of latitude elsewhere costs
 * nothing) in list order: nearest first by `nearDistance` (selected as `dist`), ties by id; `after` continues
 * behind a cursor, `maxDist` leaves out rows beyond that distance (the caller's bound of its circle).
 * The caller checks the exact great-circle distance.
 *
 * On SQLite the R*Tree orders the box first (issue 52): its nearest `take` + a margin by a lower bound of the
 * distance (`nearestInRtree`, from the tree's coordinates alone), and only those rows are read and ordered exactly.
 * That page is the page of the whole box when the tree had no more entries, or when the page's last row is nearer
 * than the bound of the first entry left out (nothing left out can come before it). Otherwise (rows the exact
 * conditions dropped, a crowd of rows at one distance) the box is read whole, as before. Without this, a list read
 * and sorted every row in the box from the table, at a page read each once the table outgrew the page cache.
 */
export async function rowsInBox(
  db: Db,
  table: string,
  columns: readonly string[],
  box: BoundingBox,
  center: { lat: number; lon: number },
  take: number,
  hidden?: { column: string; values: readonly string[] },
  page: { after?: GeoCursor | undefined; maxDist?: number | undefined } = {},
  scope: NearScope = {},
): Promise<(GeoRow & { dist: number })[]> {
  return (await stepInBox(db, table, columns, box, center, take, hidden, page, scope)).rows ?? [];
}

/**
 * One step of a nearby search (near-page.ts): rowsInBox, but with `fullOnly` no rows are read when the R*Tree
 * already holds fewer than `take` entries in the box (the step cannot fill a page); `found` says how many it holds
 * (on PostgreSQL, the rows read).
 */
export async function stepInBox(
  db: Db,
  table: string,
  columns: readonly string[],
  box: BoundingBox,
  center: { lat: number; lon: number },
  take: number,
  hidden: { column: string; values: readonly string[] } | undefined,
  page: { after?: GeoCursor | undefined; maxDist?: number | undefined; fullOnly?: boolean },
  scope: NearScope = {},
): Promise<{ rows?: (GeoRow & { dist: number })[]; found: number }> {
  const ask = take + CANDIDATE_MARGIN;
  const candidates =
    scope.where || scope.index === 'columns'
      ? undefined
      : await nearestInRtree(db, table, box, center, lonScale(center), ask + 1, { afterDist: page.after?.d, maxDist: page.maxDist });
  if (candidates) {
    if (!candidates.length || (page.fullOnly && candidates.length < take)) return { found: candidates.length };
    const ids = candidates.slice(0, ask).map((c) => c.id);
    const rows = await rowsWhere(db, table, columns, center, take, hidden, page, scope, (eb) =>
      eb.and([eb(sql.ref(`${table}.id`), 'in', ids), whereInBox(eb, box, `${table}.lat`, `${table}.lon`)]),
    );
    const left = candidates[ask];
    if (!left || (rows.length === take && rows[take - 1]!.dist < left.lo)) return { rows, found: candidates.length };
  }
  const spatial = scope.index === 'columns' ? (eb: GeoEb) => whereInBox(eb, box, `${table}.lat`, `${table}.lon`) : whereInSpatialIndex(db, table, box);
  const rows = await rowsWhere(db, table, columns, center, take, hidden, page, scope, spatial);
  return { rows, found: rows.length };
}

type GeoEb = ExpressionBuilder<GeoDb, string>;

/** rowsInBox's query with `where` for the rows' place: the spatial index, the box columns, or ids (the R*Tree's). */
async function rowsWhere(
  db: Db,
  table: string,
  columns: readonly string[],
  center: { lat: number; lon: number },
  take: number,
  hidden: { column: string; values: readonly string[] } | undefined,
  page: { after?: GeoCursor | undefined; maxDist?: number | undefined },
  scope: NearScope,
  where: (eb: GeoEb) => Expression<SqlBool>,
): Promise<(GeoRow & { dist: number })[]> {
  const dist = nearDistance(center);
  let q = asGeoDb(db)
    .selectFrom(table)
    .select([...(scope.frame ?? FRAME), ...columns])
    .select(dist.as('dist'))
    .where(where);
  if (scope.where) q = q.where(scope.where);
  // The hidden states as literals (they come from the kinds' definitions, never from a request): PostgreSQL's partial
  // index of the shown rows (migrations/0059) matches only a condition it can read in the plan, prepared or not.
  if (hidden) q = q.where(sql<boolean>`${sql.ref(hidden.column)} not in (${sql.join(hidden.values.map((v) => sql.lit(v)))})`);
  if (page.maxDist !== undefined) q = q.where(sql<boolean>`${dist} <= ${page.maxDist}`);
  const after = page.after;
  if (after) q = q.where(sql<boolean>`(${dist} > ${after.d} or (${dist} = ${after.d} and id > ${after.id}))`);
  return (await q.orderBy(dist).orderBy('id').limit(take).execute()) as (GeoRow & { dist: number })[];
}

export async function findGeoRow(db: Db, table: string, columns: readonly string[], id: number): Promise<GeoRow | undefined> {
  return (await asGeoDb(db)
    .selectFrom(table)
    .select([...FRAME, ...columns])
    .where('id', '=', id)
    .executeTakeFirst()) as GeoRow | undefined;
}

/** What a list of reported items shows of one row: its photo and the first of the text columns that is set. */
export interface GeoRowText {
  table: string;
  id: number;
  photo_url: string | null;
  text: string | null;
}

/**
 * Rows of several kinds by id in one query (UNION ALL over the tables): each row's photo and the first non-null of
 * `textColumns` that its kind has (null when it has none of them). Rows that are gone are simply missing.
 */
export async function geoRowTexts(
  db: Db,
  wanted: readonly { table: string; columns: readonly string[]; ids: readonly number[] }[],
  textColumns: readonly string[],
): Promise<GeoRowText[]> {
  const parts = wanted
    .filter((w) => w.ids.length > 0)
    .map((w) => {
      const present = textColumns.filter((c) => w.columns.includes(c));
      const text = present.length > 0 ? sql`coalesce(${sql.join(present.map((c) => sql.ref(c)))}, null)` : sql`cast(null as text)`;
      return sql`select ${sql.lit(w.table)} as tbl, id, photo_url, ${text} as text from ${sql.table(w.table)} where id in (${sql.join([...w.ids])})`;
    });
  if (parts.length === 0) return [];
  const { rows } = await sql<{ tbl: string; id: number; photo_url: string | null; text: string | null }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return rows.map((r) => ({ table: r.tbl, id: r.id, photo_url: r.photo_url, text: r.text }));
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

/** Compare-and-swap of the photo URL (core/media/replace-image): false when another upload came first. */
export async function swapGeoPhoto(db: Db, table: string, id: number, expected: string | null, next: string | null, now: string): Promise<boolean> {
  const r = await asGeoDb(db)
    .updateTable(table)
    .set({ photo_url: next, updated_at: now } as never)
    .where('id', '=', id)
    .where('photo_url', expected === null ? 'is' : '=', expected)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Every row of the table the user made, oldest first (the data export). */
export async function geoRowsOfUser(db: Db, table: string, columns: readonly string[], userId: number): Promise<GeoRow[]> {
  return (await asGeoDb(db)
    .selectFrom(table)
    .select([...FRAME, ...columns])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute()) as GeoRow[];
}
