import type { Db } from '#core/db/index.js';
import type { Selectable } from 'kysely';
import type { WeatherCellAlertsTable, WeatherPlacesTable } from '#core/db/tables/walk-weather.js';

/** Walk weather's tables (migration 0056) and the one read of users it needs: who has a home area. */

export interface Home {
  id: number;
  lat: number;
  lon: number;
}

/** Active users with a home area, in id order after `afterId` (idBatches). */
export async function homesAfter(db: Db, afterId: number, take: number): Promise<Home[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'lat', 'lon'])
    .where('id', '>', afterId)
    .where('status', '=', 'active')
    .where('lat', 'is not', null)
    .where('lon', 'is not', null)
    .orderBy('id')
    .limit(take)
    .execute();
  return rows as Home[];
}

export async function allPlaces(db: Db): Promise<WeatherPlacesTable[]> {
  return db.selectFrom('weather_places').select(['lat_e2', 'lon_e2', 'warn_cell_id', 'place_name', 'resolved_at']).execute();
}

export async function findPlace(db: Db, latE2: number, lonE2: number): Promise<WeatherPlacesTable | undefined> {
  return db
    .selectFrom('weather_places')
    .select(['lat_e2', 'lon_e2', 'warn_cell_id', 'place_name', 'resolved_at'])
    .where('lat_e2', '=', latE2)
    .where('lon_e2', '=', lonE2)
    .executeTakeFirst();
}

export async function savePlace(db: Db, place: WeatherPlacesTable): Promise<void> {
  await db
    .insertInto('weather_places')
    .values(place)
    .onConflict((oc) =>
      oc.columns(['lat_e2', 'lon_e2']).doUpdateSet({ warn_cell_id: place.warn_cell_id, place_name: place.place_name, resolved_at: place.resolved_at }),
    )
    .execute();
}

export async function findCell(db: Db, warnCellId: number): Promise<Selectable<WeatherCellAlertsTable> | undefined> {
  return db
    .selectFrom('weather_cell_alerts')
    .select(['warn_cell_id', 'alerts_json', 'fetched_at', 'checked_at', 'failed', 'told_json'])
    .where('warn_cell_id', '=', warnCellId)
    .executeTakeFirst();
}

/** A good answer replaces the cell's list. */
export async function saveCellList(db: Db, warnCellId: number, alertsJson: string, now: string): Promise<void> {
  await db
    .insertInto('weather_cell_alerts')
    .values({ warn_cell_id: warnCellId, alerts_json: alertsJson, fetched_at: now, checked_at: now, failed: 0 })
    .onConflict((oc) => oc.column('warn_cell_id').doUpdateSet({ alerts_json: alertsJson, fetched_at: now, checked_at: now, failed: 0 }))
    .execute();
}

/** A failed ask keeps the last list (for `stale`) and notes the failure. */
export async function markCellsFailed(db: Db, warnCellIds: number[], now: string): Promise<void> {
  for (let i = 0; i < warnCellIds.length; i += 500) {
    const rows = warnCellIds.slice(i, i + 500).map((id) => ({ warn_cell_id: id, alerts_json: '[]', fetched_at: null, checked_at: now, failed: 1 }));
    await db
      .insertInto('weather_cell_alerts')
      .values(rows)
      .onConflict((oc) => oc.column('warn_cell_id').doUpdateSet({ checked_at: now, failed: 1 }))
      .execute();
  }
}

/** The warnings each cell's users were all told of, by cell. */
export async function toldByCell(db: Db): Promise<Map<number, Set<string>>> {
  const rows = await db.selectFrom('weather_cell_alerts').select(['warn_cell_id', 'told_json']).execute();
  return new Map(rows.map((r) => [r.warn_cell_id, new Set(JSON.parse(r.told_json) as string[])]));
}

export async function saveTold(db: Db, warnCellId: number, ids: string[]): Promise<void> {
  await db
    .updateTable('weather_cell_alerts')
    .set({ told_json: JSON.stringify(ids) })
    .where('warn_cell_id', '=', warnCellId)
    .execute();
}
