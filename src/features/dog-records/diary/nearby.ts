import { z } from 'zod';
import { requireDogAccess } from '#core/auth/ownership.js';
import type { Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { boundingBox, NearQuery, nearest } from '#core/geo/index.js';
import { flag, Id } from '#core/http/route/schema-kit.js';
import { newestOwnEntriesInBox } from './nearby.repo.js';

/**
 * At most this many located entries in the search box are looked at: the newest (by date, then id). A diary with
 * more entries around one place is searched among its newest ones, and the answer says so (`newest_only`).
 */
export const NEARBY_NEWEST = 5000;
/** The nearest this many are answered. */
const MAX_ITEMS = 200;

export const DiaryNearbyQuery = NearQuery.extend({ dog_id: Id.optional() });
const NearbyEntry = z
  .object({
    id: z.number().int(),
    dog_id: z.number().int(),
    date: z.string(),
    title: z.string().nullable(),
    lat: z.number(),
    lon: z.number(),
    distance_km: z.number(),
  })
  .meta({ id: 'DiaryNearbyEntry' });
export const NearbyResult = z
  .object({
    items: z.array(NearbyEntry),
    newest_only: flag.meta({
      description: `1: Mehr als ${NEARBY_NEWEST.toLocaleString('de-DE')} Einträge mit Ort liegen in der Gegend; durchsucht wurden die ${NEARBY_NEWEST.toLocaleString('de-DE')} neuesten (nach Datum), ältere fehlen in der Liste.`,
    }),
  })
  .meta({ id: 'DiaryNearbyResult' });

/**
 * The spec's distance searches include the diary: one's own located entries near a point, nearest first, among the
 * newest `cap` located entries around it (tests pass a small cap).
 */
export async function diaryNearby(ctx: AppContext, actor: Actor, query: z.infer<typeof DiaryNearbyQuery>, cap = NEARBY_NEWEST) {
  const dogId = query.dog_id === undefined ? undefined : (await requireDogAccess(ctx.db, actor, query.dog_id, 'manage')).dog_id;
  const center = { lat: query.lat, lon: query.lon };
  const { rows, capped } = await newestOwnEntriesInBox(ctx.db, actor.id, boundingBox(center, query.radius_km), dogId, cap);
  return { items: nearest(rows, center, query.radius_km, MAX_ITEMS), newest_only: capped ? (1 as const) : (0 as const) };
}
