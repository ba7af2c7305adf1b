import type { Selectable } from 'kysely';
import type { Db } from '../../core/db/index.js';
import type { NotificationsTable } from '../../core/db/tables/notifications.js';
import type { Notification } from './notifications.schemas.js';

export interface NewNotification {
  userId: number;
  type: string;
  title: string;
  body: string;
  url?: string | null;
  /** Jobs pass a key (e.g. anniversary:<dogId>:<day>) so a rerun does not notify twice. */
  dedupeKey?: string;
  now: string;
}

/**
 * Writes an in-app notification; push delivery hooks in here once the push area exists.
 * Returns false when a notification with the same dedupe key exists already.
 */
export async function createNotification(db: Db, n: NewNotification): Promise<boolean> {
  const row = await db
    .insertInto('notifications')
    .values({
      user_id: n.userId,
      type: n.type,
      title: n.title.slice(0, 200),
      body: n.body.slice(0, 2000),
      url: n.url ?? null,
      dedupe_key: n.dedupeKey ?? null,
      created_at: n.now,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

type Row = Pick<Selectable<NotificationsTable>, 'id' | 'type' | 'title' | 'body' | 'url' | 'read_at' | 'created_at'>;

export function toNotification(row: Row): Notification {
  return { ...row, read: row.read_at ? 1 : 0 };
}

const COLUMNS = ['id', 'type', 'title', 'body', 'url', 'read_at', 'created_at'] as const;

export async function listNotificationRows(db: Db, userId: number, o: { limit: number; beforeId?: number | undefined; unreadOnly: boolean }) {
  let q = db.selectFrom('notifications').select(COLUMNS).where('user_id', '=', userId);
  if (o.unreadOnly) q = q.where('read_at', 'is', null);
  if (o.beforeId !== undefined) q = q.where('id', '<', o.beforeId);
  return q.orderBy('id', 'desc').limit(o.limit + 1).execute();
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findNotification(db: Db, id: number): Promise<(Row & { user_id: number }) | undefined> {
  return db.selectFrom('notifications').select([...COLUMNS, 'user_id']).where('id', '=', id).executeTakeFirst();
}

/** Marks as read once; a second call keeps the first time. */
export async function markRead(db: Db, id: number, now: string): Promise<void> {
  await db.updateTable('notifications').set({ read_at: now }).where('id', '=', id).where('read_at', 'is', null).execute();
}
