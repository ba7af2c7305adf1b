import { z } from 'zod';
import type { AppContext } from '../../../core/context.js';
import { route, type Routes } from '../../../core/http/route.js';
import { ConversationList, ConversationParam, Message, MessageList, MessagesQuery, SendMessageBody } from './messages.schemas.js';
import { conversation, conversations, markConversationRead, send } from './messages.service.js';

const tags = ['Nachrichten'];
const refused = { 403: { description: 'Nicht befreundet (oder E-Mail nicht bestätigt)' }, 404: { description: 'Person gibt es nicht' } };

export function messagesRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    {
      method: 'get',
      path: '/api/conversations',
      summary: 'Unterhaltungen: je Freund die letzte Nachricht und ungelesene',
      tags,
      access: 'user',
      responses: { 200: { description: 'Liste', schema: ConversationList } },
    },
    async ({ actor }, _req, res) => {
      res.json(await conversations(ctx, actor));
    },
  );
  route(
    routes,
    {
      method: 'get',
      path: '/api/conversations/:userId/messages',
      summary: 'Nachrichten mit einer Person, älteste zuerst; mit after nur neue (zum Abfragen im Takt; ETag/304)',
      tags,
      access: 'user',
      params: ConversationParam,
      query: MessagesQuery,
      responses: { 200: { description: 'Nachrichten', schema: MessageList }, ...refused },
    },
    async ({ params, query, actor }, _req, res) => {
      res.setHeader('Cache-Control', 'private, no-cache');
      res.json(await conversation(ctx, actor, params.userId, query.after));
    },
  );
  route(
    routes,
    {
      method: 'post',
      path: '/api/conversations/:userId/messages',
      summary: 'Nachricht schicken (Push mit Link in die Unterhaltung)',
      tags,
      access: 'user',
      params: ConversationParam,
      body: SendMessageBody,
      before: [ctx.limits.messageSend],
      responses: {
        201: { description: 'Gesendet', schema: Message },
        ...refused,
        422: { description: 'Zu lang' },
        429: { description: 'Zu viele Nachrichten' },
      },
    },
    async ({ params, body, actor }, _req, res) => {
      res.status(201).json(await send(ctx, actor, params.userId, body.text));
    },
  );
  route(
    routes,
    {
      method: 'post',
      path: '/api/conversations/:userId/read',
      summary: 'Alles von dieser Person als gelesen markieren',
      tags,
      access: 'user',
      params: ConversationParam,
      responses: { 200: { description: 'Markiert', schema: z.object({ marked: z.number().int() }) }, ...refused },
    },
    async ({ params, actor }, _req, res) => {
      res.json(await markConversationRead(ctx, actor, params.userId));
    },
  );
}
