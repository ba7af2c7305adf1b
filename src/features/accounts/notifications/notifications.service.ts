import { requireOwner, type Wording } from '#core/auth/ownership.js';
import type { Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { keysetPage, type CursorRule, type Page } from '#core/http/route/pagination.js';
import {
  countSubscriptions,
  countUnread,
  findInboxRow,
  findPreferences,
  listInboxRows,
  markAllInboxRowsRead,
  markInboxRowRead,
  NOTIFICATION_KINDS,
  safetyMailActive,
  savePreferences,
  type InboxCursor,
  type InboxRow,
  type NotificationKind,
} from '#core/push/index.js';
import { z } from 'zod';
import type { ListNotificationsQuery, Notification, NotificationSettings, UpdateNotificationSettingsBody } from './notifications.schemas.js';

const WORDING: Wording = { missing: 'Diese Benachrichtigung gibt es nicht.', foreign: 'Das ist nicht deine Benachrichtigung.' };

function toNotification(row: InboxRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    url: row.url,
    read: row.read_at ? 1 : 0,
    read_at: row.read_at,
    created_at: row.created_at,
  };
}

/** Unread first, then read, each newest first: the cursor says which part a page continues in. */
const inboxCursor: CursorRule<InboxCursor, InboxRow> = {
  schema: z.object({ r: z.union([z.literal(0), z.literal(1)]), id: z.number().int() }),
  of: (row) => ({ r: row.read_at ? 1 : 0, id: row.id }),
};

export async function listInbox(ctx: AppContext, actor: Actor, query: ListNotificationsQuery): Promise<Page<Notification> & { unread_count: number }> {
  const page = await keysetPage(query, inboxCursor, (take, after) => listInboxRows(ctx.db, actor.id, take, after, query.unread === '1'), toNotification);
  return { ...page, unread_count: await countUnread(ctx.db, actor.id) };
}

export async function markRead(ctx: AppContext, actor: Actor, id: number): Promise<Notification> {
  requireOwner(actor, await findInboxRow(ctx.db, id), WORDING);
  await markInboxRowRead(ctx.db, id, ctx.clock.now().toISOString());
  return toNotification(requireOwner(actor, await findInboxRow(ctx.db, id), WORDING));
}

export async function markAllRead(ctx: AppContext, actor: Actor): Promise<{ updated: number }> {
  return { updated: await markAllInboxRowsRead(ctx.db, actor.id, ctx.clock.now().toISOString()) };
}

export async function unreadCount(ctx: AppContext, actor: Actor): Promise<{ unread: number }> {
  return { unread: await countUnread(ctx.db, actor.id) };
}

export async function getSettings(ctx: AppContext, actor: Actor): Promise<NotificationSettings> {
  const prefs = await findPreferences(ctx.db, actor.id);
  const kinds = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, !prefs.muted.has(k)])) as Record<NotificationKind, boolean>;
  const homeArea = actor.lat !== null && actor.lon !== null;
  const pushDevices = await countSubscriptions(ctx.db, actor.id);
  return {
    ...kinds,
    quiet_hours: prefs.quiet.enabled,
    quiet_hours_start: prefs.quiet.start,
    quiet_hours_end: prefs.quiet.end,
    safety_mail: prefs.safetyMail,
    safety_mail_active: safetyMailActive(prefs.safetyMail, homeArea, pushDevices),
    home_area: homeArea,
    push_devices: pushDevices,
  };
}

export async function changeSettings(ctx: AppContext, actor: Actor, body: UpdateNotificationSettingsBody): Promise<NotificationSettings> {
  const current = await findPreferences(ctx.db, actor.id);
  const muted = new Set(current.muted);
  for (const kind of NOTIFICATION_KINDS) {
    const on = body[kind];
    if (on === true) muted.delete(kind);
    else if (on === false) muted.add(kind);
  }
  await savePreferences(
    ctx.db,
    actor.id,
    {
      muted,
      quiet: {
        enabled: body.quiet_hours ?? current.quiet.enabled,
        start: body.quiet_hours_start ?? current.quiet.start,
        end: body.quiet_hours_end ?? current.quiet.end,
      },
      safetyMail: body.safety_mail ?? current.safetyMail,
    },
    ctx.clock.now().toISOString(),
  );
  return getSettings(ctx, actor);
}
