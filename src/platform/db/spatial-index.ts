import { CompiledQuery, sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { BoundingBox } from '#core/geo/bounding-box.js';
import type { Db } from '#core/db/index.js';
import { isPostgres } from './migration-helpers.js';
import { whereInBox } from '#core/db/geo-box.js';

/**
 * THE box query of the geo-listed kinds through their spatial index (migrations/0043_spatial_index.ts), the same
 * call on both engines, so the cost follows the items in the box, not every item in its band of latitude:
 * - SQLite: the ids come from the table's R*Tree (`<table>_rtree`), one range query per longitude range (an OR
 *   inside one R*Tree query would make it scan the whole tree), and the items are read by primary key.
 * - PostgreSQL: `point(lon, lat) <@ box(…)`, which the GiST index on that expression answers (a BitmapOr of two
 *   index scans across the antimeridian).
 * The exact box (`whereInBox`) is asked as well: the R*Tree keeps 32-bit floats rounded outwards, so it may hand
 * over a point a hair outside the box; the answer is exactly the rows in the box either way.
 *
 * Use it in a repo on an unaliased table: `.where(whereInSpatialIndex(db, 'services', box))`.
 */
export function whereInSpatialIndex(db: Db, table: string, box: BoundingBox) {
  return <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>): Expression<SqlBool> => {
    const exact = whereInBox(eb, box, `${table}.lat`, `${table}.lon`);
    return eb.and([isPostgres(db) ? inGist(table, box) : inRtree(table, box), exact]);
  };
}

function inRtree(table: string, box: BoundingBox): Expression<SqlBool> {
  const rtree = sql.table(`${table}_rtree`);
  const ranges = box.lonRanges.map(
    ([minLon, maxLon]) =>
      sql`select id from ${rtree} where max_lat >= ${box.minLat} and min_lat <= ${box.maxLat} and max_lon >= ${minLon} and min_lon <= ${maxLon}`,
  );
  return sql<SqlBool>`${sql.ref(`${table}.id`)} in (${sql.join(ranges, sql` union all `)})`;
}

const point = (lon: number, lat: number) => sql`point(cast(${lon} as double precision), cast(${lat} as double precision))`;

function inGist(table: string, box: BoundingBox): Expression<SqlBool> {
  // The very expression the index is built on (point(lon, lat)), or PostgreSQL cannot use it.
  const at = sql`point(${sql.ref(`${table}.lon`)}, ${sql.ref(`${table}.lat`)})`;
  const boxes = box.lonRanges.map(([minLon, maxLon]) => sql<SqlBool>`${at} <@ box(${point(minLon, box.minLat)}, ${point(maxLon, box.maxLat)})`);
  return boxes.length === 1 ? boxes[0]! : sql<SqlBool>`(${sql.join(boxes, sql` or `)})`;
}

/** A candidate of `nearestInRtree`: its id and a lower bound of its squared equirectangular distance. */
interface RtreeCandidate {
  id: number;
  lo: number;
}

/**
 * SQLite: the table's R*Tree entries in the box, nearest first by a LOWER BOUND of the lists' distance (squared
 * degrees, the longitude scaled by `k2`), computed from the tree's own coordinates without reading a row of the
 * table; at most `take`. The R*Tree keeps each coordinate as a 32-bit float rounded outwards (min ≤ the stored
 * double ≤ max, a box of well under a metre), so every point's exact distance lies between the bound from its box's
 * nearest and its farthest corner. `after` and `maxDist` leave out only entries whose whole box fails them, so no
 * row the exact query would keep is lost; the caller checks the rows it reads (geo-items.repo.ts, rowsInBox).
 * Undefined where it does not apply: PostgreSQL (GiST), and a box across the antimeridian or 180° wide or more
 * (there the lists' wrapped longitude difference is not the raw one).
 */
export async function nearestInRtree(
  db: Db,
  table: string,
  box: BoundingBox,
  center: { lat: number; lon: number },
  k2: number,
  take: number,
  page: { afterDist?: number | undefined; maxDist?: number | undefined },
): Promise<RtreeCandidate[] | undefined> {
  const [range, more] = box.lonRanges;
  if (isPostgres(db) || !range || more || range[1] - range[0] >= 180) return undefined;
  const [minLon, maxLon] = range;
  const { lat, lon } = center;
  const maxDist = page.maxDist === undefined ? [] : [page.maxDist * (1 + 1e-9)];
  const afterDist = page.afterDist === undefined ? [] : [page.afterDist * (1 - 1e-9)];
  const params = [
    k2,
    1 - 1e-9,
    k2,
    lat,
    lat,
    lat,
    lat,
    lon,
    lon,
    lon,
    lon,
    lat,
    lat,
    lon,
    lon,
    box.minLat,
    box.maxLat,
    minLon,
    maxLon,
    ...maxDist,
    ...afterDist,
    take,
  ];
  const { rows } = await db.executeQuery<RtreeCandidate>(CompiledQuery.raw(nearestSql(table, maxDist.length > 0, afterDist.length > 0), params));
  return rows;
}

const nearestSqls = new Map<string, string>();

/**
 * The SQL of `nearestInRtree`, one text per table and optional condition (prepared once in the statement cache, and
 * no query builder on a path every list takes). Per axis the nearest (`dlat`, `dlon`) and the farthest (`flat`,
 * `flon`) offset of the entry's box from the centre; `lo` and `hi` the squared distances they give, a relative hair
 * of slack on them for the rounding of the doubles themselves (1e-16 against the floats' 1e-7).
 */
function nearestSql(table: string, maxDist: boolean, afterDist: boolean): string {
  const key = `${table}:${maxDist}:${afterDist}`;
  let text = nearestSqls.get(key);
  if (text) return text;
  if (!/^[a-z_]+$/.test(table)) throw new Error(`not a table name: ${table}`);
  text = `select id, lo from (
    select id, (dlat * dlat + dlon * dlon * ?) * ? as lo, flat * flat + flon * flon * ? as hi from (
      select id,
        case when min_lat > ? then min_lat - ? when max_lat < ? then ? - max_lat else 0 end as dlat,
        case when min_lon > ? then min_lon - ? when max_lon < ? then ? - max_lon else 0 end as dlon,
        max(abs(min_lat - ?), abs(max_lat - ?)) as flat,
        max(abs(min_lon - ?), abs(max_lon - ?)) as flon
      from ${table}_rtree where max_lat >= ? and min_lat <= ? and max_lon >= ? and min_lon <= ?))
  where 1${maxDist ? ' and lo <= ?' : ''}${afterDist ? ' and hi >= ?' : ''} order by lo limit ?`;
  nearestSqls.set(key, text);
  return text;
}
