import { z } from 'zod';
import { requireDogAccess } from '#core/auth/ownership.js';
import type { Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { findGeoItem, geoItemOf, rowsInBox, toGeoItem, type GeoKind } from '#core/geo-items/index.js';
import { boundingBox, nearest, Position, RadiusKm } from '#core/geo/index.js';
import { badRequest } from '#core/http/route/errors.js';
import { Id, LIMITS, optionalText, patchOf } from '#core/http/route/schema-kit.js';

const Time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Bitte als HH:MM angeben.');
const Fields = z.strictObject({
  ...Position.shape,
  weekday: z.number().int().min(0).max(6).meta({ description: '0 = Montag … 6 = Sonntag' }),
  start_time: Time,
  end_time: Time,
  place_name: optionalText(LIMITS.title),
  dog_id: Id.nullable().optional(),
});

export const walkSlots: GeoKind = {
  path: 'walk-slots',
  appPath: 'gassizeiten',
  table: 'walk_slots',
  tag: 'Gassizeiten',
  names: { one: 'Gassizeit', many: 'Gassizeiten' },
  ...geoItemOf('WalkSlot', {
    weekday: z.number().int(),
    start_time: z.string(),
    end_time: z.string(),
    place_name: z.string().nullable(),
    dog_id: z.number().int().nullable(),
  }),
  createBody: Fields.meta({ id: 'CreateWalkSlotBody' }),
  patchBody: patchOf(Fields, 'UpdateWalkSlotBody'),
  wording: { missing: 'Diese Gassizeit gibt es nicht.', foreign: 'Diese Gassizeit gehört jemand anderem.' },
  async check(ctx, actor, r) {
    if (typeof r.start_time === 'string' && typeof r.end_time === 'string' && r.end_time <= r.start_time)
      throw badRequest('Das Ende liegt vor dem Beginn.', { end_time: 'Das Ende liegt vor dem Beginn.' });
    if (typeof r.dog_id === 'number') await requireDogAccess(ctx.db, actor, r.dog_id, 'manage');
  },
};

export const MatchQuery = z.strictObject({ radius_km: RadiusKm.default(3) });

/** "Who walks when and where": others' slots on the same weekday that overlap in time, nearby, nearest first. */
export async function matches(ctx: AppContext, actor: Actor, id: number, radiusKm: number) {
  const mine = await findGeoItem(ctx, walkSlots, id);
  const center = { lat: mine.lat, lon: mine.lon };
  const rows = await rowsInBox(ctx.db, walkSlots.table, walkSlots.columns, boundingBox(center, radiusKm), center, 2_000);
  const overlapping = rows.filter(
    (r) =>
      r.id !== mine.id &&
      r.user_id !== actor.id &&
      r.weekday === mine.weekday &&
      String(r.start_time) < String(mine.end_time) &&
      String(mine.start_time) < String(r.end_time),
  );
  return { items: nearest(overlapping, center, radiusKm, 100).map((r) => ({ ...toGeoItem(walkSlots, r, actor), distance_km: r.distance_km })) };
}
