import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { BoundingBox } from '../geo/bounding-box.js';

/**
 * The bounding box as a WHERE condition on two numeric columns (an index on (lat, lon) serves it): parameters
 * only, one or two longitude ranges. Use it in a repo: `.where((eb) => whereInBox(eb, box, 'p.lat', 'p.lon'))`.
 */
export function whereInBox<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  box: BoundingBox,
  latColumn: string,
  lonColumn: string,
): Expression<SqlBool> {
  const lat = sql.ref(latColumn);
  const lon = sql.ref(lonColumn);
  const lonRanges = box.lonRanges.map(([min, max]) => sql<SqlBool>`(${lon} >= ${min} and ${lon} <= ${max})`);
  const anyLon = lonRanges.length === 1 ? lonRanges[0]! : sql<SqlBool>`(${sql.join(lonRanges, sql` or `)})`;
  return eb.and([sql<SqlBool>`${lat} >= ${box.minLat}`, sql<SqlBool>`${lat} <= ${box.maxLat}`, anyLon]);
}
