import { z } from 'zod';
import type { Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { fetchAlerts } from './alerts.client.js';
import { findCell, findPlace, saveCellList, savePlace } from './walk-weather.repo.js';
import { DOG_HINTS, DWD_SOURCE, placeKey, stillHolds, StoredAlert } from './walk-weather.types.js';

/** A cell's list counts as fresh for three runs of the 15-minute job; older, it is shown as the last good one. */
export const STALE_AFTER_MS = 45 * 60 * 1000;

export type WalkWeatherStatus = 'ok' | 'stale' | 'unreachable';

export interface WalkWeather {
  alerts: (StoredAlert & { hint: string })[];
  source: typeof DWD_SOURCE;
  place: string | null;
  home_area: boolean;
  checked_at: string | null;
  status: WalkWeatherStatus;
}

const answer = (over: Partial<WalkWeather>): WalkWeather => ({
  alerts: [],
  source: DWD_SOURCE,
  place: null,
  home_area: true,
  checked_at: null,
  status: 'ok',
  ...over,
});

function shown(json: string, now: Date): WalkWeather['alerts'] {
  const parsed = z.array(StoredAlert).safeParse(JSON.parse(json));
  if (!parsed.success) return [];
  return parsed.data
    .filter((a) => stillHolds(a, now))
    .sort((a, b) => a.onset.localeCompare(b.onset))
    .map((a) => ({ ...a, hint: DOG_HINTS[a.kind] }));
}

/** Concurrent first visits from one place share one look-up (per instance). */
const pendingLookups = new WeakMap<AppContext, Map<string, Promise<void>>>();

/**
 * A home area the job has not placed yet (a user who just set it): asked once here by position, which gives its cell
 * and the cell's list in one request, so the user need not wait for the next run. A failure is `unreachable`.
 */
async function lookUpPlace(ctx: AppContext, baseUrl: string, lat: number, lon: number): Promise<boolean> {
  const key = placeKey(lat, lon);
  let pending = pendingLookups.get(ctx);
  if (!pending) pendingLookups.set(ctx, (pending = new Map()));
  const id = `${key.lat_e2}:${key.lon_e2}`;
  let lookup = pending.get(id);
  if (!lookup) {
    lookup = (async () => {
      const cell = await fetchAlerts(ctx, baseUrl, { lat: key.lat_e2 / 100, lon: key.lon_e2 / 100 });
      const now = ctx.clock.now().toISOString();
      await savePlace(ctx.db, { ...key, warn_cell_id: cell.warnCellId, place_name: cell.placeName, resolved_at: now });
      if (cell.warnCellId !== null) await saveCellList(ctx.db, cell.warnCellId, JSON.stringify(cell.alerts), now);
    })().finally(() => pending.delete(id));
    pending.set(id, lookup);
  }
  return lookup.then(
    () => true,
    () => false,
  );
}

/**
 * GET /api/me/walk-weather: the warnings for the actor's home area. `ok`: the cell's list is fresh (checked_at: when
 * it was fetched). `stale`: the last ask failed or is long ago; the alerts are the last list Bright Sky gave, fetched
 * at checked_at (expired warnings left out). `unreachable`: no list at all (Bright Sky never answered for this cell,
 * or the warnings are switched off); checked_at: the last try. No home area: an empty `ok` with home_area false.
 */
export async function walkWeatherOf(ctx: AppContext, actor: Actor): Promise<WalkWeather> {
  if (actor.lat === null || actor.lon === null) return answer({ home_area: false });
  const baseUrl = ctx.config.upstream.weatherAlertsUrl;
  if (!baseUrl) return answer({ status: 'unreachable' });
  const key = placeKey(actor.lat, actor.lon);
  let place = await findPlace(ctx.db, key.lat_e2, key.lon_e2);
  if (!place) {
    if (!(await lookUpPlace(ctx, baseUrl, actor.lat, actor.lon))) return answer({ status: 'unreachable', checked_at: ctx.clock.now().toISOString() });
    place = await findPlace(ctx.db, key.lat_e2, key.lon_e2);
  }
  // Outside Germany the DWD warns for nothing: an honest empty list.
  if (!place || place.warn_cell_id === null) return answer({ checked_at: place?.resolved_at ?? null });
  const cell = await findCell(ctx.db, place.warn_cell_id);
  const now = ctx.clock.now();
  if (!cell || cell.fetched_at === null) return answer({ place: place.place_name, status: 'unreachable', checked_at: cell?.checked_at ?? null });
  const fresh = cell.failed === 0 && now.getTime() - Date.parse(cell.fetched_at) <= STALE_AFTER_MS;
  return answer({ place: place.place_name, alerts: shown(cell.alerts_json, now), checked_at: cell.fetched_at, status: fresh ? 'ok' : 'stale' });
}
