import { z } from 'zod';
import type { AppContext } from '../../core/context.js';
import { forbidden, notFound, unauthorized } from '../../core/http/errors.js';
import { decodeCursor, toPage } from '../../core/http/pagination.js';
import { route, type Routes } from '../../core/http/route.js';
import { countUnread, findNotification, listNotificationRows, markRead, toNotification } from './notifications.repo.js';
import { ListNotificationsQuery, Notification, NotificationIdParam, NotificationPage } from './notifications.schemas.js';

const tags = ['Benachrichtigungen'];
const Cursor = z.object({ id: z.number().int() });

export function notificationsRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    {
      method: 'get',
      path: '/api/notifications',
      summary: 'Deine Benachrichtigungen (neueste zuerst)',
      tags,
      access: 'user',
      query: ListNotificationsQuery,
      responses: { 200: { description: 'Eine Seite Benachrichtigungen und die Zahl der ungelesenen', schema: NotificationPage } },
    },
    async ({ query }, req, res) => {
      if (!req.user) throw unauthorized();
      const after = decodeCursor(query.cursor, Cursor);
      const rows = await listNotificationRows(ctx.db, req.user.id, { limit: query.limit, beforeId: after?.id, unreadOnly: query.unread === '1' });
      const page = toPage(rows, query.limit, (r) => ({ id: r.id }), toNotification);
      res.json({ ...page, unread_count: await countUnread(ctx.db, req.user.id) });
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
      params: NotificationIdParam,
      responses: {
        200: { description: 'Die Benachrichtigung', schema: Notification },
        403: { description: 'Gehört jemand anderem' },
        404: { description: 'Gibt es nicht' },
      },
    },
    async ({ params }, req, res) => {
      if (!req.user) throw unauthorized();
      const found = await findNotification(ctx.db, params.id);
      if (!found) throw notFound('Diese Benachrichtigung gibt es nicht.');
      if (found.user_id !== req.user.id) throw forbidden('Das ist nicht deine Benachrichtigung.');
      await markRead(ctx.db, params.id, ctx.clock.now().toISOString());
      const row = await findNotification(ctx.db, params.id);
      if (!row) throw notFound('Diese Benachrichtigung gibt es nicht.');
      res.json(toNotification(row));
    },
  );
}
