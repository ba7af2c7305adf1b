/**
 * The notifications area: the HTTP face of core/push (in-app notification centre, settings per kind and quiet
 * hours, push subscriptions). Areas send with `notify` (re-exported here; it lives in core so jobs and core
 * services can use it too).
 */
import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { insertInboxRow, type NewInboxRow } from '#core/push/index.js';
import type { Db } from '#core/db/index.js';
import { notificationsRoutes as inboxRoutes } from './notifications.routes.js';
import { pushRoutes } from './push.routes.js';
import type { AreaManifest } from '#core/area.js';

export { notify, notifyMany, notifyStaff, countUnread, NOTIFICATION_KINDS, type NotificationKind, type NotifyMessage } from '#core/push/index.js';

/** /api/notifications*, /api/me/notification-settings, /api/push/*. */
export function notificationsRoutes(ctx: AppContext, routes: Routes): void {
  inboxRoutes(ctx, routes);
  pushRoutes(ctx, routes);
}

/** An in-app row without push (tests and fixtures); areas send with `notify`. True when it was new. */
export async function createNotification(db: Db, n: NewInboxRow): Promise<boolean> {
  return (await insertInboxRow(db, n)) !== undefined;
}

/** The area's manifest (src/areas.ts lists it). */
export const notificationsArea: AreaManifest = { name: 'notifications', routes: notificationsRoutes };
