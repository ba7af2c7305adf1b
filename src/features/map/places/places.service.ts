import type { z } from 'zod';
import { requireVerifiedEmail } from '#core/auth/guards.js';
import { requireOwner, requireReadable, type Wording } from '#core/auth/ownership.js';
import type { Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import type { ExportSection } from '#core/export/index.js';
import { nearSearchOf } from '#core/geo-items/index.js';
import { badRequest } from '#core/http/route/errors.js';
import { parseBbox } from '../map-layers/index.js';
import { deletePlace, findPlace, insertPlace, placeCountsByTypes, placesInBox, placesNear, placesOfUser, updatePlace, type PlaceRow } from './places.repo.js';
import type { CreatePlaceBody, Place, PlacesQuery, UpdatePlaceBody } from './places.schemas.js';

/** Spec, Errors 1: a missing place is 404, another user's 403 (for PATCH and DELETE; a private one also for GET). */
const WORDING: Wording = { missing: 'Diesen Ort gibt es nicht.', foreign: 'Dieser Ort gehört jemand anderem.' };

const splitTypes = (types: string) => types.split(',').filter(Boolean);

function toPlace(row: PlaceRow, viewer: Actor): Place {
  return {
    id: row.id,
    name: row.name,
    types: splitTypes(row.types),
    description: row.description,
    lat: row.lat,
    lon: row.lon,
    public: row.public ? 1 : 0,
    mine: row.user_id === viewer.id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * Public places and one's own: in the map's box (`bbox`, newest first, at most 500, one page), or around a position
 * (`lat`, `lon`, `radius_km`: nearest first with `distance_km`, in pages). One of the two, not both.
 */
export async function listPlaces(ctx: AppContext, actor: Actor, query: PlacesQuery) {
  const near = nearSearchOf(query);
  if (near && query.bbox !== undefined) throw badRequest('Bitte gib entweder einen Kartenausschnitt oder eine Position an.', { bbox: 'Nicht mit lat/lon.' });
  if (near) {
    const page = await placesNear(ctx.db, actor.id, near);
    return { items: page.items.map((r) => ({ ...toPlace(r, actor), distance_km: r.distance_km })), next_cursor: page.next_cursor };
  }
  return { items: (await placesInBox(ctx.db, actor.id, parseBbox(query.bbox))).map((r) => toPlace(r, actor)), next_cursor: null };
}

export async function getPlace(ctx: AppContext, actor: Actor, id: number): Promise<Place> {
  return toPlace(requireReadable(actor, await findPlace(ctx.db, id), WORDING), actor);
}

export async function createPlace(ctx: AppContext, actor: Actor, body: z.infer<typeof CreatePlaceBody>): Promise<Place> {
  // A public place is seen by others: the community's verified-email rule.
  if (body.public) requireVerifiedEmail(actor);
  const now = ctx.clock.now().toISOString();
  const row = await insertPlace(ctx.db, {
    user_id: actor.id,
    name: body.name,
    types: body.types.join(','),
    description: body.description ?? null,
    lat: body.lat,
    lon: body.lon,
    public: body.public ?? 0,
    created_at: now,
    updated_at: now,
  });
  return toPlace(row, actor);
}

/** One's own place (403 another's, 404 a missing one). */
export async function ownPlace(ctx: AppContext, actor: Actor, id: number) {
  return requireOwner(actor, await findPlace(ctx.db, id), WORDING);
}

export async function changePlace(ctx: AppContext, actor: Actor, id: number, body: z.infer<typeof UpdatePlaceBody>): Promise<Place> {
  await ownPlace(ctx, actor, id);
  if (body.public) requireVerifiedEmail(actor);
  const { types, ...rest } = body;
  const row = await updatePlace(ctx.db, id, { ...rest, ...(types ? { types: types.join(',') } : {}), updated_at: ctx.clock.now().toISOString() });
  return toPlace(row, actor);
}

export async function removePlace(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ownPlace(ctx, actor, id);
  await deletePlace(ctx.db, id);
}

/**
 * Statistics: all places, and per type (a place with two types counts for each, as the spec says). Counted in SQL
 * per combination of types; only the few combinations are split here.
 */
export async function placeStats(ctx: AppContext): Promise<{ total: number; byType: Record<string, number> }> {
  let total = 0;
  const byType: Record<string, number> = {};
  for (const { types, n } of await placeCountsByTypes(ctx.db)) {
    total += n;
    for (const type of splitTypes(types)) byType[type] = (byType[type] ?? 0) + n;
  }
  return { total, byType };
}

/** The user's own places as `daten/orte.json` (the data export). */
export const placesExport: ExportSection = async (ctx, actor, out) => {
  const places = (await placesOfUser(ctx.db, actor.id)).map((row) => toPlace(row, actor));
  if (places.length) out.json('daten', 'orte.json', places);
};
