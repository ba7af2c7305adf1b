import type { z } from 'zod';
import { requireVerifiedEmail } from '#core/auth/guards.js';
import { requireOwner, requireReadable, type Wording } from '#core/auth/ownership.js';
import type { Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import type { ExportSection } from '#core/export/index.js';
import { nearSearchOf } from '#core/geo-items/index.js';
import { roundDegrees } from '#core/geo/index.js';
import { byId, keysetPage } from '#core/http/route/pagination.js';
import { routeGpx } from './gpx.js';
import { deleteRoute, findRoute, insertRoute, routesNear, routesOfUser, updateRoute, type RouteRow } from './walk-routes.repo.js';
import type { CreateRouteBody, RoutesQuery, SavedRoute, UpdateRouteBody } from './walk-routes.schemas.js';

/** Spec, Errors 1: a missing route 404; another user's 403 — for reading only when it is private. */
const WORDING: Wording = { missing: 'Diese Route gibt es nicht.', foreign: 'Diese Route gehört jemand anderem.' };

function toRoute(row: RouteRow, viewer: Actor): SavedRoute {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    geometry: { type: 'LineString', coordinates: JSON.parse(row.geometry_json) as [number, number][] },
    distance_m: row.distance_m,
    duration_s: row.duration_s,
    public: row.public ? 1 : 0,
    mine: row.user_id === viewer.id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The route when the actor may see it: their own, or a public one. */
export async function readableRoute(ctx: AppContext, actor: Actor, id: number): Promise<RouteRow> {
  return requireReadable(actor, await findRoute(ctx.db, id), WORDING);
}

/**
 * Without a position: one's own routes, newest first. With `lat`/`lon`: public routes and one's own that start
 * within `radius_km`, nearest first, each with `distance_km`.
 */
export async function listRoutes(ctx: AppContext, actor: Actor, query: z.infer<typeof RoutesQuery>) {
  const near = nearSearchOf(query);
  if (near) {
    const page = await routesNear(ctx.db, actor.id, near);
    return { items: page.items.map((r) => ({ ...toRoute(r, actor), distance_km: r.distance_km })), next_cursor: page.next_cursor };
  }
  return keysetPage(
    query,
    byId<RouteRow>(),
    (take, after) => routesOfUser(ctx.db, actor.id, take, after),
    (r) => toRoute(r, actor),
  );
}

export async function getRoute(ctx: AppContext, actor: Actor, id: number): Promise<SavedRoute> {
  return toRoute(await readableRoute(ctx, actor, id), actor);
}

export async function createRoute(ctx: AppContext, actor: Actor, body: z.infer<typeof CreateRouteBody>): Promise<SavedRoute> {
  // A shared route is seen by others: the community's verified-email rule.
  if (body.public) requireVerifiedEmail(actor);
  const now = ctx.clock.now().toISOString();
  // The start is the route's point in distance searches (migration 0047 says why the start).
  // Rounded like every stored position (core/geo: a value such as 1e-300 underflows in PostgreSQL's arithmetic).
  const [lon, lat] = body.geometry.coordinates[0]!;
  const row = await insertRoute(ctx.db, {
    user_id: actor.id,
    lat: roundDegrees(lat),
    lon: roundDegrees(lon),
    name: body.name,
    description: body.description ?? null,
    geometry_json: JSON.stringify(body.geometry.coordinates),
    distance_m: body.distance_m,
    duration_s: body.duration_s ?? null,
    public: body.public ?? 0,
    created_at: now,
    updated_at: now,
  });
  return toRoute(row, actor);
}

/** One's own saved route (403 another's, 404 a missing one). */
export async function ownRoute(ctx: AppContext, actor: Actor, id: number) {
  return requireOwner(actor, await findRoute(ctx.db, id), WORDING);
}

export async function changeRoute(ctx: AppContext, actor: Actor, id: number, body: z.infer<typeof UpdateRouteBody>): Promise<SavedRoute> {
  await ownRoute(ctx, actor, id);
  if (body.public) requireVerifiedEmail(actor);
  await updateRoute(ctx.db, id, { ...body, updated_at: ctx.clock.now().toISOString() });
  return toRoute((await findRoute(ctx.db, id))!, actor);
}

export async function removeRoute(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ownRoute(ctx, actor, id);
  await deleteRoute(ctx.db, id);
}

export async function routeAsGpx(ctx: AppContext, actor: Actor, id: number): Promise<{ gpx: string; row: RouteRow }> {
  const row = await readableRoute(ctx, actor, id);
  const creator = ctx.config.upstream.userAgent.split(' ')[0] ?? 'Pfotenbuch';
  return { row, gpx: routeGpx({ ...row, coordinates: JSON.parse(row.geometry_json) as [number, number][] }, creator) };
}

/** Saved routes a page while exporting. */
const EXPORT_PAGE = 200;

/** The user's saved routes: `daten/routen.json` (the API's shape) and each as `routen/<name> <id>.gpx`. */
export const walkRoutesExport: ExportSection = async (ctx, actor, out) => {
  const routes: SavedRoute[] = [];
  let after: { id: number } | undefined;
  for (;;) {
    const rows = await routesOfUser(ctx.db, actor.id, EXPORT_PAGE, after);
    for (const row of rows) {
      const route = toRoute(row, actor);
      routes.push(route);
      out.text('routen', `${row.name} ${row.id}.gpx`, routeGpx({ ...row, coordinates: route.geometry.coordinates }, ctx.config.appName));
    }
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_PAGE) break;
    after = { id: last.id };
  }
  if (routes.length) out.json('daten', 'routen.json', routes);
};
