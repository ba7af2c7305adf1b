import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
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
  const api = routeGroup(routes, { tags, access: 'user' });
  api.get('/api/notifications', 'Deine Benachrichtigungen: ungelesene zuerst, jeweils neueste zuerst', {
    query: ListNotificationsQuery,
    responses: { 200: ['Eine Seite Benachrichtigungen und die Zahl der ungelesenen', NotificationPage] },
    run: ({ query, actor }) => listInbox(ctx, actor, query),
  });

  api.get('/api/notifications/unread-count', 'Zahl der ungelesenen (für das Abzeichen in der Navigation)', {
    responses: { 200: ['Ungelesene', UnreadCount] },
    run: ({ actor }) => unreadCount(ctx, actor),
  });

  api.post('/api/notifications/read-all', 'Alle als gelesen markieren', {
    responses: { 200: ['So viele wurden markiert', ReadAllResult] },
    run: ({ actor }) => markAllRead(ctx, actor),
  });

  api.post('/api/notifications/:id/read', 'Als gelesen markieren', {
    responses: { 200: ['Die Benachrichtigung', Notification], 403: 'Gehört jemand anderem', 404: 'Gibt es nicht' },
    run: ({ params, actor }) => markRead(ctx, actor, params.id),
  });

  api.get('/api/me/notification-settings', 'Welche Arten gepusht werden, und die Ruhezeit', {
    responses: { 200: ['Einstellungen', NotificationSettings] },
    run: ({ actor }) => getSettings(ctx, actor),
  });

  api.patch('/api/me/notification-settings', 'Einstellungen ändern (nur die mitgeschickten Felder); eine unbekannte Art ist 400', {
    body: UpdateNotificationSettingsBody,
    responses: { 200: ['Die Einstellungen danach', NotificationSettings] },
    run: ({ body, actor }) => changeSettings(ctx, actor, body),
  });
}
