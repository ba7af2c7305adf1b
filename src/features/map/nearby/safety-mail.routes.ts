import { z } from 'zod';
import { isStaff } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { findGeoItem, type GeoKind } from '#core/geo-items/index.js';
import { AppError, forbidden } from '#core/http/route/errors.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { Id } from '#core/http/route/schema-kit.js';
import { sendPage } from '#core/http/route/send-page.js';
import { turnSafetyMailOff } from '#core/push/index.js';
import { lostDogs } from './lost-dogs.js';
import { poisonWarnings } from './poison.js';
import { warningReach } from './safety-mail.service.js';
import { validUnsubscribeToken } from './safety-mail.unsubscribe.js';
import type { SafetyKind } from './safety-mail.repo.js';

/** The path of the one-click unsubscribe (below /api): mail clients post to it in their own content type. */
export const SAFETY_MAIL_UNSUBSCRIBE_PATH = '/safety-mail/unsubscribe';

const UnsubscribeQuery = z.object({ u: Id, t: z.string().max(100) });
const Reach = z
  .object({
    about: z.number().int().meta({ description: 'Etwa so viele Menschen in der Nähe bekommen die Warnung per Push oder Mail (auf 10 gerundet)' }),
    at_most: z.boolean().meta({ description: 'true: höchstens so viele (weniger als 10)' }),
  })
  .meta({ id: 'WarningReach' });

export function safetyMailRoutes(ctx: AppContext, routes: Routes): void {
  const reachOf = (kind: GeoKind, safety: SafetyKind) =>
    routeGroup(routes, { tags: [kind.tag], access: 'user' }).get(
      `/api/${kind.path}/:id/reach`,
      'Wie viele in der Nähe gewarnt werden (für die meldende Person und die Moderation)',
      {
        params: z.object({ id: Id }),
        responses: { 200: ['Reichweite', Reach], 403: 'Nicht deine Meldung', 404: 'Gibt es nicht' },
        run: async ({ params, actor }) => {
          const row = await findGeoItem(ctx, kind, params.id);
          if (row.user_id !== actor.id && !isStaff(actor)) throw forbidden('Die Reichweite sieht nur, wer gewarnt hat.');
          return warningReach(ctx, safety, { lat: Number(row.lat), lon: Number(row.lon), user_id: row.user_id === null ? null : Number(row.user_id) });
        },
      },
    );
  reachOf(poisonWarnings, 'poison');
  reachOf(lostDogs, 'lost');

  const api = routeGroup(routes, { tags: ['Benachrichtigungen'], access: 'public' });
  const page = { 200: ['Seite', z.string(), 'text/html'] as [string, z.ZodType, string], 403: 'Link ungültig' };
  const checked = (u: number, t: string) => {
    if (!validUnsubscribeToken(ctx, u, t)) throw new AppError(403, 'token_invalid', 'Dieser Abbestell-Link ist ungültig.');
  };
  api.get(`/api${SAFETY_MAIL_UNSUBSCRIBE_PATH}`, 'Seite zum Abbestellen der Warnungen per Mail (Link aus der Mail)', {
    query: UnsubscribeQuery,
    before: [ctx.limits.unsubscribeWrongToken],
    responses: page,
    run: async ({ query }, req, res) => {
      checked(query.u, query.t);
      res.setHeader('X-Robots-Tag', 'noindex');
      await sendPage(res, 'mail/unsubscribe', { done: false, action: req.originalUrl });
    },
  });
  api.post(`/api${SAFETY_MAIL_UNSUBSCRIBE_PATH}`, 'Warnungen per Mail abbestellen, ohne Anmeldung (RFC 8058 One-Click; wiederholbar)', {
    query: UnsubscribeQuery,
    before: [ctx.limits.unsubscribeWrongToken],
    responses: page,
    run: async ({ query }, req, res) => {
      checked(query.u, query.t);
      await turnSafetyMailOff(ctx.db, query.u, ctx.clock.now().toISOString());
      res.setHeader('X-Robots-Tag', 'noindex');
      // A mail client's one-click post wants no page; a person's form post gets one.
      if (req.accepts(['html', 'json']) === 'html') await sendPage(res, 'mail/unsubscribe', { done: true, action: '' });
      else res.type('html').send('');
    },
  });
}
