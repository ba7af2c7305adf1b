import { sql, type Insertable, type Selectable, type SqlBool, type Updateable } from 'kysely';
import type { Db } from '#core/db/index.js';
import type { PlacesTable } from '#core/db/tables/map.js';
import { nearPage, type NearPageQuery } from '#core/geo-items/index.js';
import type { Page } from '#core/http/route/pagination.js';

export type PlaceRow = Selectable<PlacesTable>;
const LIST_LIMIT = 500;

/** Public places and the viewer's own in the box, newest first (a map shows at most 500). */
export function placesInBox(db: Db, viewerId: number, box: { south: number; west: number; north: number; east: number }) {
  return db
    .selectFrom('places')
    .selectAll()
    .where('lat', '>=', box.south)
    .where('lat', '<=', box.north)
    .where('lon', '>=', box.west)
    .where('lon', '<=', box.east)
    .where((eb) => eb.or([eb('public', '=', 1), eb('user_id', '=', viewerId)]))
    .orderBy('id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
}

const COLUMNS = ['id', 'user_id', 'name', 'types', 'description', 'lat', 'lon', 'public', 'created_at', 'updated_at'] as const;

/**
 * Public places and the viewer's own within the radius, nearest first, in keyset pages (the map kinds' search,
 * core/geo-items/near-page.ts, through the places' R*Tree / GiST index of migration 0047).
 */
export async function placesNear(db: Db, viewerId: number, query: NearPageQuery): Promise<Page<PlaceRow & { distance_km: number }>> {
  const where = sql<SqlBool>`(places.public = 1 or places.user_id = ${viewerId})`;
  return (await nearPage(db, 'places', [], undefined, query, { frame: COLUMNS, where })) as unknown as Page<PlaceRow & { distance_km: number }>;
}

export const findPlace = (db: Db, id: number) => db.selectFrom('places').selectAll().where('id', '=', id).executeTakeFirst();

export const insertPlace = (db: Db, values: Insertable<PlacesTable>) => db.insertInto('places').values(values).returningAll().executeTakeFirstOrThrow();

export const updatePlace = (db: Db, id: number, values: Updateable<PlacesTable>) =>
  db.updateTable('places').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

export async function deletePlace(db: Db, id: number): Promise<void> {
  await db.deleteFrom('places').where('id', '=', id).execute();
}

/**
 * How many places have each stored `types` value ("tierarzt,hundesalon"): one row per distinct combination, not per
 * place, for the admin statistics (which split the combinations and count each type).
 */
export async function placeCountsByTypes(db: Db): Promise<{ types: string; n: number }[]> {
  const rows = await db
    .selectFrom('places')
    .select((eb) => ['types', eb.fn.countAll<number | string>().as('n')])
    .groupBy('types')
    .execute();
  return rows.map((r) => ({ types: r.types, n: Number(r.n) }));
}

/** Every place the user made (the data export). */
export const placesOfUser = (db: Db, userId: number) => db.selectFrom('places').selectAll().where('user_id', '=', userId).orderBy('id').execute();
