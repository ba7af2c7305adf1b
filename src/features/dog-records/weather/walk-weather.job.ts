import { createHash } from 'node:crypto';
import type { AppContext, Job } from '#core/context.js';
import { idBatches } from '#core/id-batches.js';
import { notifyMany } from '../../accounts/notifications/index.js';
import { fetchAlerts, type AlertsQuery, type CellAlerts } from './alerts.client.js';
import { allPlaces, homesAfter, markCellsFailed, saveCellList, savePlace, saveTold, toldByCell } from './walk-weather.repo.js';
import { DOG_HINTS, DWD_ATTRIBUTION, isPushWorthy, placeKey, stillHolds, type StoredAlert } from './walk-weather.types.js';

/** A home area's cell is asked again after this long (municipalities merge now and then). */
const PLACE_FRESH_MS = 90 * 24 * 60 * 60 * 1000;
/**
 * Home areas matched to their cell per run: a service that starts (or renews its matches after 90 days) with
 * thousands of places spreads the look-ups over runs instead of sending them in one burst; a user whose place is not
 * matched yet is matched on their first visit (walk-weather.service.ts).
 */
export const PLACEMENTS_PER_RUN = 500;
/** Requests in flight at once: gentle on a free service, and 400 cells still take seconds, not minutes. */
const PARALLEL = 4;
/** Bright Sky down: after this many failures in a row the run stops and the next one (15 min) tries again. */
const FAILURES_BEFORE_PAUSE = 5;

interface PlaceGroup {
  lat_e2: number;
  lon_e2: number;
  users: number[];
}

/** Runs `work` over `items`, PARALLEL at a time, until `stop()` says so. */
async function inParallel<T>(items: T[], work: (item: T) => Promise<void>, stop: () => boolean): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length && !stop()) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: PARALLEL }, lane));
}

/** Every home area by its rounded place, with the users there. */
async function homesByPlace(ctx: AppContext): Promise<Map<string, PlaceGroup>> {
  const groups = new Map<string, PlaceGroup>();
  for await (const homes of idBatches((after, size) => homesAfter(ctx.db, after, size), 2000)) {
    for (const h of homes) {
      const key = placeKey(h.lat, h.lon);
      const id = `${key.lat_e2}:${key.lon_e2}`;
      const group = groups.get(id);
      if (group) group.users.push(h.id);
      else groups.set(id, { ...key, users: [h.id] });
    }
  }
  return groups;
}

/** The push for one warning: the DWD's headline, what it means for the dog, and the source (GeoNutzV). */
function messageOf(alert: StoredAlert) {
  return { title: alert.headline, body: `${DOG_HINTS[alert.kind]} ${DWD_ATTRIBUTION}`, url: '/app' };
}

/** One warning, one push per user: the notifications' unique dedupe key makes a second run (or instance) a no-op. */
const dedupeKey = (alert: StoredAlert, userId: number) => `weather:${createHash('sha256').update(alert.id).digest('hex').slice(0, 24)}:${userId}`;

export interface WeatherAlertsRun {
  requests: number;
  failed: number;
  pushed: number;
}

/**
 * One run: every cell with a home area in it asked once (a place not matched to its cell yet is asked by position,
 * which answers its cell's list too), each list stored, then the warnings worth a push sent to the cell's users.
 */
export async function runWeatherAlerts(ctx: AppContext): Promise<WeatherAlertsRun> {
  const baseUrl = ctx.config.upstream.weatherAlertsUrl;
  const run: WeatherAlertsRun = { requests: 0, failed: 0, pushed: 0 };
  if (!baseUrl) return run;
  const startedAt = ctx.clock.now();
  const groups = await homesByPlace(ctx);
  const known = new Map((await allPlaces(ctx.db)).map((p) => [`${p.lat_e2}:${p.lon_e2}`, p]));
  const usersByCell = new Map<number, number[]>();
  const addUsers = (cell: number, users: number[]) => usersByCell.set(cell, [...(usersByCell.get(cell) ?? []), ...users]);
  const newPlaces: PlaceGroup[] = [];
  const oldPlaces: PlaceGroup[] = [];
  for (const [id, group] of groups) {
    const place = known.get(id);
    if (!place) newPlaces.push(group);
    else {
      // An old match still counts until it is renewed.
      if (place.warn_cell_id !== null) addUsers(place.warn_cell_id, group.users);
      if (startedAt.getTime() - Date.parse(place.resolved_at) > PLACE_FRESH_MS) oldPlaces.push(group);
    }
  }
  const unplaced = [...newPlaces, ...oldPlaces].slice(0, PLACEMENTS_PER_RUN);

  const lists = new Map<number, StoredAlert[]>();
  // Written together after each phase, in one transaction: 400 single writes cost seconds on SQLite (bench).
  const placesToSave: Parameters<typeof savePlace>[1][] = [];
  const listsToSave: { cell: number; json: string; at: string }[] = [];
  const flush = async () => {
    const places = placesToSave.splice(0);
    const saved = listsToSave.splice(0);
    await ctx.db.transaction().execute(async (trx) => {
      for (const p of places) await savePlace(trx, p);
      for (const l of saved) await saveCellList(trx, l.cell, l.json, l.at);
    });
  };
  /** Users matched to a cell in this run: told of its warnings even when the cell's other users were told before. */
  const newcomers = new Map<number, number[]>();
  const failedCells = new Set<number>();
  let failuresInARow = 0;
  const stopped = () => failuresInARow >= FAILURES_BEFORE_PAUSE;
  const ask = async (query: AlertsQuery): Promise<CellAlerts | null> => {
    run.requests++;
    try {
      const answer = await fetchAlerts(ctx, baseUrl, query);
      failuresInARow = 0;
      return answer;
    } catch {
      failuresInARow++;
      run.failed++;
      return null;
    }
  };

  await inParallel(
    unplaced,
    async (group) => {
      const answer = await ask({ lat: group.lat_e2 / 100, lon: group.lon_e2 / 100 });
      if (!answer) return;
      const now = ctx.clock.now().toISOString();
      placesToSave.push({ lat_e2: group.lat_e2, lon_e2: group.lon_e2, warn_cell_id: answer.warnCellId, place_name: answer.placeName, resolved_at: now });
      if (answer.warnCellId === null) return;
      addUsers(answer.warnCellId, group.users);
      newcomers.set(answer.warnCellId, [...(newcomers.get(answer.warnCellId) ?? []), ...group.users]);
      if (!lists.has(answer.warnCellId)) {
        lists.set(answer.warnCellId, answer.alerts);
        listsToSave.push({ cell: answer.warnCellId, json: JSON.stringify(answer.alerts), at: now });
      }
    },
    stopped,
  );
  await flush();
  await inParallel(
    [...usersByCell.keys()].filter((cell) => !lists.has(cell)),
    async (cell) => {
      const answer = await ask({ warnCellId: cell });
      if (!answer) return void failedCells.add(cell);
      lists.set(cell, answer.alerts);
      listsToSave.push({ cell, json: JSON.stringify(answer.alerts), at: ctx.clock.now().toISOString() });
    },
    stopped,
  );
  await flush();
  // Cells the run gave up on count as failed asks: their users see the last list as stale, not as fresh.
  for (const cell of usersByCell.keys()) if (!lists.has(cell)) failedCells.add(cell);
  await markCellsFailed(ctx.db, [...failedCells], ctx.clock.now().toISOString());
  if (stopped()) ctx.log.warn({ job: 'weather.alerts', failuresInARow }, 'weather warnings upstream keeps failing; trying again next run');

  const now = ctx.clock.now();
  const told = await toldByCell(ctx.db);
  for (const [cell, alerts] of lists) {
    const users = usersByCell.get(cell) ?? [];
    const toldHere = told.get(cell) ?? new Set<string>();
    const worthy = alerts.filter((a) => isPushWorthy(a) && stillHolds(a, now));
    for (const alert of worthy) {
      // A warning the cell was told of already goes only to users matched since; the dedupe key keeps it once anyway.
      const recipients = toldHere.has(alert.id) ? (newcomers.get(cell) ?? []) : users;
      if (recipients.length === 0) continue;
      const result = await notifyMany(
        ctx,
        recipients.map((userId) => ({ userId, dedupeKey: dedupeKey(alert, userId) })),
        'weather_alert',
        messageOf(alert),
      );
      run.pushed += result.size;
    }
    const ids = worthy.map((a) => a.id);
    if (ids.length !== toldHere.size || ids.some((id) => !toldHere.has(id))) await saveTold(ctx.db, cell, ids);
  }
  return run;
}

/** Every 15 minutes, on one instance (the scheduler's lease); returns how many users were told of a new warning. */
export const weatherAlertsJob: Job = {
  name: 'weather.alerts',
  schedule: '*/15 * * * *',
  async run(ctx) {
    const run = await runWeatherAlerts(ctx);
    if (run.failed) ctx.log.info({ job: 'weather.alerts', ...run }, 'weather warnings asked with failures');
    return run.pushed;
  },
};
