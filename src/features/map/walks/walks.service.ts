import type { z } from 'zod';
import { requireDogAccess, requireOwner, type Wording } from '#core/auth/ownership.js';
import type { Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import type { ExportSection } from '#core/export/index.js';
import { badRequest, unprocessable } from '#core/http/route/errors.js';
import { byId, keysetPage } from '#core/http/route/pagination.js';
import { nearSearchOf } from '#core/geo-items/index.js';
import { distanceKm, roundDegrees } from '#core/geo/index.js';
import { readableRoute, routeGpx } from '../walk-routes/index.js';
import { deleteWalk, dogsOfWalks, findWalk, insertWalk, walksNear, walksOfUser, type WalkRow } from './walks.repo.js';
import type { CreateWalkBody, Walk, WalksQuery } from './walks.schemas.js';

export const WALK_WORDING: Wording = { missing: 'Diesen Spaziergang gibt es nicht.', foreign: 'Dieser Spaziergang gehört nicht dir.' };
/** A walk may start a little in the future: phone clocks drift. */
const CLOCK_SLACK_MS = 5 * 60 * 1000;

function toWalk(row: WalkRow, dogs: { id: number; name: string }[]): Walk {
  return {
    id: row.id,
    started_at: row.started_at,
    duration_min: row.duration_min,
    distance_m: row.distance_m,
    route_id: row.route_id,
    dogs,
    has_track: row.track_json !== null,
    created_at: row.created_at,
  };
}

/** Metres along the track (great-circle between neighbours, like every distance in the app). */
export function trackMetres(track: [number, number][]): number {
  let km = 0;
  for (let i = 1; i < track.length; i++) km += distanceKm({ lat: track[i - 1]![0], lon: track[i - 1]![1] }, { lat: track[i]![0], lon: track[i]![1] });
  return Math.round(km * 1000);
}

export async function createWalk(ctx: AppContext, actor: Actor, body: z.infer<typeof CreateWalkBody>) {
  const started = new Date(body.started_at);
  if (started.getTime() > ctx.clock.now().getTime() + CLOCK_SLACK_MS)
    throw badRequest('Der Spaziergang kann nicht in der Zukunft beginnen.', { started_at: 'Liegt in der Zukunft.' });
  // A walk is an everyday record: owners and caregivers may record one with the dog.
  for (const dogId of body.dog_ids) await requireDogAccess(ctx.db, actor, dogId, 'write');
  const route = body.route_id ? await readableRoute(ctx, actor, body.route_id) : null;
  const track = body.track ?? null;
  // Its point in distance searches: where it started (migration 0047), recorded or else where its route starts.
  const start = track ? { lat: roundDegrees(track[0]![0]), lon: roundDegrees(track[0]![1]) } : { lat: route?.lat ?? null, lon: route?.lon ?? null };
  const id = await insertWalk(
    ctx.db,
    {
      user_id: actor.id,
      started_at: started.toISOString(),
      duration_min: body.duration_min,
      distance_m: body.distance_m ?? (track ? trackMetres(track) : null),
      route_id: body.route_id ?? null,
      track_json: track ? JSON.stringify(track) : null,
      ...start,
      created_at: ctx.clock.now().toISOString(),
    },
    body.dog_ids,
  );
  return getWalk(ctx, actor, id);
}

export async function getWalk(ctx: AppContext, actor: Actor, id: number) {
  const row = requireOwner(actor, await findWalk(ctx.db, id), WALK_WORDING);
  const dogs = (await dogsOfWalks(ctx.db, [row.id])).get(row.id) ?? [];
  return { ...toWalk(row, dogs), track: row.track_json ? (JSON.parse(row.track_json) as [number, number][]) : null };
}

/**
 * One's own walks: newest first, or with `lat`/`lon` those that started within `radius_km`, nearest first, each with
 * `distance_km` (a walk without a known start is only in the first list).
 */
export async function listWalks(ctx: AppContext, actor: Actor, query: z.infer<typeof WalksQuery>) {
  const near = nearSearchOf(query);
  const page: { items: (WalkRow & { distance_km?: number })[]; next_cursor: string | null } = near
    ? await walksNear(ctx.db, actor.id, near)
    : await keysetPage(query, byId<WalkRow>(), (take, after) => walksOfUser(ctx.db, actor.id, take, after));
  const dogs = await dogsOfWalks(
    ctx.db,
    page.items.map((w) => w.id),
  );
  const withKm = (w: (typeof page.items)[number]) => (w.distance_km === undefined ? {} : { distance_km: w.distance_km });
  return { items: page.items.map((w) => ({ ...toWalk(w, dogs.get(w.id) ?? []), ...withKm(w) })), next_cursor: page.next_cursor };
}

export async function removeWalk(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  requireOwner(actor, await findWalk(ctx.db, id), WALK_WORDING);
  await deleteWalk(ctx.db, id);
}

/** For notes on a walk: the walk must be the actor's (403/404); its first dog is the note's dog. */
export async function walkForNote(ctx: AppContext, actor: Actor, id: number): Promise<{ dog_id: number }> {
  const row = requireOwner(actor, await findWalk(ctx.db, id), WALK_WORDING);
  const first = (await dogsOfWalks(ctx.db, [row.id])).get(row.id)?.[0];
  // Its dogs may all have been deleted since; a note needs a dog to hang on.
  if (!first) throw unprocessable('Zu diesem Spaziergang gehört kein Hund mehr.');
  return { dog_id: first.id };
}

/** Walks a page while exporting. */
const EXPORT_PAGE = 200;

/** The user's walks: `daten/spaziergaenge.json` and each recorded track as `routen/Spaziergang <day> <id>.gpx`. */
export const walksExport: ExportSection = async (ctx, actor, out) => {
  const walks: Walk[] = [];
  let after: { id: number } | undefined;
  for (;;) {
    const rows = await walksOfUser(ctx.db, actor.id, EXPORT_PAGE, after);
    const dogs = await dogsOfWalks(
      ctx.db,
      rows.map((r) => r.id),
    );
    for (const row of rows) {
      walks.push(toWalk(row, dogs.get(row.id) ?? []));
      if (!row.track_json) continue;
      const track = JSON.parse(row.track_json) as [number, number][];
      const name = `Spaziergang ${row.started_at.slice(0, 10)}`;
      const gpx = routeGpx({ name, description: null, created_at: row.started_at, coordinates: track.map(([lat, lon]) => [lon, lat]) }, ctx.config.appName);
      out.text('routen', `${name} ${row.id}.gpx`, gpx);
    }
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_PAGE) break;
    after = { id: last.id };
  }
  if (walks.length) out.json('daten', 'spaziergaenge.json', walks);
};
