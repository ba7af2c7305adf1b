import { routeGroup } from '../http/route/route-group.js';
import { z } from 'zod';
import { requireVerifiedEmail } from '../auth/guards.js';
import type { Actor } from '../auth/session-user.js';
import type { AppContext } from '../context.js';
import { conflict } from '../http/route/errors.js';
import type { Routes } from '../http/route/route.js';
import { IdParam, requiredText } from '../http/route/schema-kit.js';
import { findGeoItem, type GeoKind } from './geo-item-kind.js';
import { fileReport } from '../reports/index.js';

/** A report of a geo item to the moderators (spam, a fake warning, an offensive photo); the queue is in the nearby area. */

export const GeoReportBody = z.strictObject({ reason: requiredText(1_000) }).meta({ id: 'GeoItemReportBody' });

/** Anybody with a confirmed email address (403) may report an item that exists (404). */
async function itemToReport(ctx: AppContext, actor: Actor, kind: GeoKind, id: number) {
  requireVerifiedEmail(actor);
  return findGeoItem(ctx, kind, id);
}

export async function reportGeoItem(ctx: AppContext, actor: Actor, kind: GeoKind, id: number, reason: string): Promise<void> {
  const row = await itemToReport(ctx, actor, kind, id);
  if (row.user_id === actor.id) throw conflict('Das hast du selbst eingetragen: du kannst es ändern oder löschen.', 'own_item');
  await fileReport(ctx, actor.id, { kind: kind.table, id }, reason, { title: `Neue Meldung: ${kind.names.one}`, tag: 'moderation-map', key: kind.path });
}

export function geoReportRoute(ctx: AppContext, routes: Routes, kind: GeoKind): void {
  const api = routeGroup(routes, { tags: [kind.tag], access: 'user' });
  api.post(`/api/${kind.path}/:id/report`, 'Der Moderation melden (einmal pro Person)', {
    params: IdParam,
    authorize: ({ params, actor }) => itemToReport(ctx, actor, kind, params.id),
    body: GeoReportBody,
    before: [ctx.limits.contentReport],
    responses: { 204: 'Gemeldet', 403: 'E-Mail nicht bestätigt', 404: `${kind.names.one} gibt es nicht`, 409: 'Eigener Eintrag', 429: 'Zu viele Meldungen' },
    run: ({ params, body, actor }) => reportGeoItem(ctx, actor, kind, params.id, body.reason),
  });
}
