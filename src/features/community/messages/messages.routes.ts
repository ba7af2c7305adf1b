import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { PageQuery } from '#core/http/route/pagination.js';
import { ConversationList, Message, MessageList, MessagesQuery, SendMessageBody } from './messages.schemas.js';
import { conversation, conversations, markConversationRead, requireMessaging, send } from './messages.service.js';

const tags = ['Nachrichten'];
const refused = { 403: { description: 'Nicht befreundet (oder E-Mail nicht bestätigt)' }, 404: { description: 'Person gibt es nicht' } };

export function messagesRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags, access: 'user' });
  api.get('/api/conversations', 'Unterhaltungen: je Freund die letzte Nachricht und ungelesene, neueste zuerst, seitenweise', {
    query: PageQuery,
    responses: { 200: ['Eine Seite', ConversationList] },
    run: ({ query, actor }) => conversations(ctx, actor, query),
  });
  api.get(
    '/api/conversations/:userId/messages',
    'Nachrichten mit einer Person, seitenweise (neueste Seite zuerst, next_cursor führt zu älteren; jede Seite älteste zuerst); mit after nur neue (zum Abfragen im Takt; ETag/304)',
    {
      query: MessagesQuery,
      responses: { 200: ['Nachrichten', MessageList], ...refused },
      run: async ({ params, query, actor }, _req, res) => {
        res.setHeader('Cache-Control', 'private, no-cache');
        return await conversation(ctx, actor, params.userId, query);
      },
    },
  );
  api.post('/api/conversations/:userId/messages', 'Nachricht schicken (Push mit Link in die Unterhaltung)', {
    authorize: ({ params, actor }) => requireMessaging(ctx, actor, params.userId),
    body: SendMessageBody,
    before: [ctx.limits.messageSend],
    responses: { 201: ['Gesendet', Message], ...refused, 422: 'Zu lang', 429: 'Zu viele Nachrichten' },
    run: ({ params, body, actor }) => send(ctx, actor, params.userId, body.text),
  });
  api.post('/api/conversations/:userId/read', 'Alles von dieser Person als gelesen markieren', {
    responses: { 200: ['Markiert', z.object({ marked: z.number().int() })], ...refused },
    run: ({ params, actor }) => markConversationRead(ctx, actor, params.userId),
  });
}
