import type { AppContext } from '../../../core/context.js';
import { route, type Routes } from '../../../core/http/route.js';
import { IdParam } from '../../../core/http/schema-kit.js';
import {
  ListNotificationsQuery,
  Notification,
  NotificationPage,
  NotificationSettings,
  ReadAllResult,
  UnreadCount,
  UpdateNotificationSettingsBody,
} from './notifications.schemas.js';
import { changeSettings, getSettings, listInbox, markAllRead, markRead, unreadCount } from './notifications.service.js';

const tags = ['Benachrichtigungen'];

export function notificationsRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    {
      method: 'get',
      path: '/api/notifications',
      summary: 'Deine Benachrichtigungen: ungelesene zuerst, jeweils neueste zuerst',
      tags,
      access: 'user',
      query: ListNotificationsQuery,
      responses: { 200: { description: 'Eine Seite Benachrichtigungen und die Zahl der ungelesenen', schema: NotificationPage } },
    },
    async ({ query, actor }, _req, res) => {
      res.json(await listInbox(ctx, actor, query));
    },
  );

  route(
    routes,
    {
      method: 'get',
      path: '/api/notifications/unread-count',
      summary: 'Zahl der ungelesenen (für das Abzeichen in der Navigation)',
      tags,
      access: 'user',
      responses: { 200: { description: 'Ungelesene', schema: UnreadCount } },
    },
    async ({ actor }, _req, res) => {
      res.json(await unreadCount(ctx, actor));
    },
  );

  route(
    routes,
    {
      method: 'post',
      path: '/api/notifications/read-all',
      summary: 'Alle als gelesen markieren',
      tags,
      access: 'user',
      responses: { 200: { description: 'So viele wurden markiert', schema: ReadAllResult } },
    },
    async ({ actor }, _req, res) => {
      res.json(await markAllRead(ctx, actor));
    },
  );

  route(
    routes,
    {
      method: 'post',
      path: '/api/notifications/:id/read',
      summary: 'Als gelesen markieren',
      tags,
      access: 'user',
      params: IdParam,
      responses: {
        200: { description: 'Die Benachrichtigung', schema: Notification },
        403: { description: 'Gehört jemand anderem' },
        404: { description: 'Gibt es nicht' },
      },
    },
    async ({ params, actor }, _req, res) => {
      res.json(await markRead(ctx, actor, params.id));
    },
  );

  route(
    routes,
    {
      method: 'get',
      path: '/api/me/notification-settings',
      summary: 'Welche Arten gepusht werden, und die Ruhezeit',
      tags,
      access: 'user',
      responses: { 200: { description: 'Einstellungen', schema: NotificationSettings } },
    },
    async ({ actor }, _req, res) => {
      res.json(await getSettings(ctx, actor));
    },
  );

  route(
    routes,
    {
      method: 'patch',
      path: '/api/me/notification-settings',
      summary: 'Einstellungen ändern (nur die mitgeschickten Felder); eine unbekannte Art ist 400',
      tags,
      access: 'user',
      body: UpdateNotificationSettingsBody,
      responses: { 200: { description: 'Die Einstellungen danach', schema: NotificationSettings } },
    },
    async ({ body, actor }, _req, res) => {
      res.json(await changeSettings(ctx, actor, body));
    },
  );
}
