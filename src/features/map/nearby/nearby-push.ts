import type { AppContext } from '../../../core/context.js';
import { notify, type NotificationKind } from '../../accounts/notifications/index.js';
import { boundingBox, nearest } from '../../../core/geo/index.js';
import { usersInBox } from './nearby.repo.js';

/**
 * Tells everybody whose saved position (profile, never tracked) lies within `radiusKm` of a report, except its
 * author: poison warnings within 5 km, lost dogs within 10 km. Once per report and person (dedupe key).
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
  let sent = 0;
  for (const user of nearest(await usersInBox(ctx.db, boundingBox(at, radiusKm), exceptUserId), at, radiusKm)) {
    if (await notify(ctx, user.id, kind, message, { dedupeKey: `${dedupe}:u${user.id}` })) sent++;
  }
  return sent;
}
