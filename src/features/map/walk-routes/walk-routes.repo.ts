import { sql, type Insertable, type Selectable, type SqlBool, type Updateable } from 'kysely';
import type { Db } from '#core/db/index.js';
import type { RoutesTable } from '#core/db/tables/routes.js';
import { nearPage, type NearPageQuery } from '#core/geo-items/index.js';
import type { Page } from '#core/http/route/pagination.js';

export type RouteRow = Selectable<RoutesTable>;

export function findRoute(db: Db, id: number): Promise<RouteRow | undefined> {
  return db.selectFrom('routes').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertRoute(db: Db, row: Insertable<RoutesTable>): Promise<RouteRow> {
  return db.insertInto('routes').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateRoute(db: Db, id: number, set: Updateable<RoutesTable>): Promise<void> {
  await db.updateTable('routes').set(set).where('id', '=', id).execute();
}

export async function deleteRoute(db: Db, id: number): Promise<void> {
  await db.deleteFrom('routes').where('id', '=', id).execute();
}

export function routesOfUser(db: Db, userId: number, take: number, after: { id: number } | undefined): Promise<RouteRow[]> {
  let q = db.selectFrom('routes').selectAll().where('user_id', '=', userId);
  if (after) q = q.where('id', '<', after.id);
  return q.orderBy('id', 'desc').limit(take).execute();
}

const COLUMNS = [
  'id',
  'user_id',
  'name',
  'description',
  'geometry_json',
  'distance_m',
  'duration_s',
  'public',
  'lat',
  'lon',
  'created_at',
  'updated_at',
] as const;

/**
 * Public routes and the viewer's own whose start lies within the radius, nearest first, in keyset pages (the map
 * kinds' search, core/geo-items/near-page.ts, through the routes' R*Tree / GiST index of migration 0047).
 */
export async function routesNear(db: Db, viewerId: number, query: NearPageQuery): Promise<Page<RouteRow & { distance_km: number }>> {
  const where = sql<SqlBool>`(routes.public = 1 or routes.user_id = ${viewerId})`;
  return (await nearPage(db, 'routes', [], undefined, query, { frame: COLUMNS, where })) as unknown as Page<RouteRow & { distance_km: number }>;
}
