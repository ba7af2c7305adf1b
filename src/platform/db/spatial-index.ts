import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
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
