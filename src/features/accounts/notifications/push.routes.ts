import type { AppContext } from '../../../core/context.js';
import { route, type Routes } from '../../../core/http/route.js';
import { PublicKey, PushSubscription, PushSubscriptionBody, UnsubscribeBody } from './notifications.schemas.js';
import { subscribe, unsubscribe } from './push.service.js';

const tags = ['Push'];

/** Web push subscriptions (decisions: Push, notifications and jobs). Several devices per user. */
export function pushRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    {
      method: 'get',
      path: '/api/push/public-key',
      summary: 'Öffentlicher VAPID-Schlüssel für pushManager.subscribe',
      tags,
      access: 'public',
      responses: { 200: { description: 'Schlüssel', schema: PublicKey } },
    },
    (_input, _req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=3600');
      res.json({ key: ctx.config.push.publicKey });
    },
  );

  route(
    routes,
    {
      method: 'post',
      path: '/api/push/subscriptions',
      summary: 'Dieses Gerät für Pushes anmelden (dieselbe Adresse zweimal bleibt ein Abo)',
      tags,
      access: 'user',
      body: PushSubscriptionBody,
      responses: { 201: { description: 'Angemeldet', schema: PushSubscription }, 422: { description: 'Adresse zu lang (500)' } },
    },
    async ({ body, actor }, _req, res) => {
      res.status(201).json(await subscribe(ctx, actor, body));
    },
  );

  route(
    routes,
    {
      method: 'delete',
      path: '/api/push/subscriptions',
      summary: 'Dieses Gerät abmelden',
      tags,
      access: 'user',
      body: UnsubscribeBody,
      responses: { 204: { description: 'Abgemeldet' }, 403: { description: 'Gerät eines anderen Kontos' }, 404: { description: 'Nicht angemeldet' } },
    },
    async ({ body, actor }, _req, res) => {
      await unsubscribe(ctx, actor, body);
      res.status(204).end();
    },
  );
}
