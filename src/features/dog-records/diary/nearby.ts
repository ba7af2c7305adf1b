import { z } from 'zod';
import { requireDogAccess } from '../../../core/auth/ownership.js';
import type { Actor } from '../../../core/auth/session-user.js';
import type { AppContext } from '../../../core/context.js';
import { boundingBox, NearQuery, nearest } from '../../../core/geo/index.js';
import type { Routes } from '../../../core/http/route.js';
import { routeGroup } from '../../../core/http/route-group.js';
import { Id } from '../../../core/http/schema-kit.js';
import { ownEntriesInBox } from './nearby.repo.js';

const DiaryNearbyQuery = NearQuery.extend({ dog_id: Id.optional() });
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

/** The spec's distance searches include the diary: one's own located entries near a point, nearest first. */
export async function diaryNearby(ctx: AppContext, actor: Actor, query: z.infer<typeof DiaryNearbyQuery>) {
  const dogId = query.dog_id === undefined ? undefined : (await requireDogAccess(ctx.db, actor, query.dog_id, 'manage')).dog_id;
  const center = { lat: query.lat, lon: query.lon };
  const rows = await ownEntriesInBox(ctx.db, actor.id, boundingBox(center, query.radius_km), dogId);
  return { items: nearest(rows, center, query.radius_km, 200) };
}

export function diaryNearbyRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags: ['Tagebuch'], access: 'user' });
  api.get('/api/diary/nearby', 'Eigene Tagebucheinträge mit Fotoposition in der Nähe, nächste zuerst', {
    query: DiaryNearbyQuery,
    responses: { 200: ['Einträge', z.object({ items: z.array(NearbyEntry) })], 403: 'Fremder Hund', 404: 'Hund gibt es nicht' },
    run: ({ query, actor }) => diaryNearby(ctx, actor, query),
  });
}
