import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { PublicKey, PushSubscription, PushSubscriptionBody, UnsubscribeBody } from './notifications.schemas.js';
import { subscribe, unsubscribe } from './push.service.js';

const tags = ['Push'];

/** Web push subscriptions (decisions: Push, notifications and jobs). Several devices per user. */
export function pushRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags, access: 'user' });
  api.get('/api/push/public-key', 'Öffentlicher VAPID-Schlüssel für pushManager.subscribe', {
    access: 'public',
    responses: { 200: ['Schlüssel', PublicKey] },
    run: async (_input, _req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=3600');
      return { key: ctx.config.push.publicKey };
    },
  });

  api.post('/api/push/subscriptions', 'Dieses Gerät für Pushes anmelden (dieselbe Adresse zweimal bleibt ein Abo)', {
    body: PushSubscriptionBody,
    responses: { 201: ['Angemeldet', PushSubscription], 422: 'Adresse zu lang (500)', 503: 'Push-Dienst gerade nicht auflösbar' },
    run: ({ body, actor }) => subscribe(ctx, actor, body),
  });

  api.delete('/api/push/subscriptions', 'Dieses Gerät abmelden', {
    body: UnsubscribeBody,
    responses: { 204: 'Abgemeldet', 403: 'Gerät eines anderen Kontos', 404: 'Nicht angemeldet' },
    run: ({ body, actor }) => unsubscribe(ctx, actor, body),
  });
}
