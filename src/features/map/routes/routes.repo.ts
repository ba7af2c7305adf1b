import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../../core/db/index.js';
import type { RoutesTable } from '../../../core/db/tables/routes.js';

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
