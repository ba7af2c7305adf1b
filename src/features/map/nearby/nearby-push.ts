import type { AppContext } from '#core/context.js';
import { notifyMany, type NotificationKind } from '../../accounts/notifications/index.js';
import { boundingBox, nearest } from '#core/geo/index.js';
import { usersInBox } from './nearby.repo.js';

/**
 * Tells everybody whose saved position (profile, never tracked) lies within `radiusKm` of a report, except its
 * author: poison warnings within 5 km, lost dogs within 10 km. Once per report and person (dedupe key); everybody
 * in a few statements per 500 people (notifyMany), not six per person inside the reporting request.
 */
export async function pushNearby(
  ctx: AppContext,
  at: { lat: number; lon: number },
  radiusKm: number,
  exceptUserId: number,
  kind: NotificationKind,
  message: { title: string; body: string; url: string; tag: string },
  dedupe: string,
): Promise<number> {
  const near = nearest(await usersInBox(ctx.db, boundingBox(at, radiusKm), exceptUserId), at, radiusKm);
  const told = await notifyMany(
    ctx,
    near.map((user) => ({ userId: user.id, dedupeKey: `${dedupe}:u${user.id}` })),
    kind,
    message,
  );
  return told.size;
}
