import type { AppContext } from '../context.js';
import { notifyMany } from './notify.js';
import type { NotifyMessage } from './payload.js';
import { staffUserIds, type StaffRole } from './staff.repo.js';

/**
 * Something new in a staff queue (a report, an upgrade request): every admin (and, for reports, every moderator)
 * gets it in the app and by push (kind 'moderation', which they can switch off). `occasion` makes it once per thing.
 */
export async function notifyStaff(ctx: AppContext, roles: readonly StaffRole[], message: NotifyMessage, occasion: string): Promise<void> {
  const staff = await staffUserIds(ctx.db, roles);
  await notifyMany(
    ctx,
    staff.map((userId) => ({ userId, dedupeKey: `${occasion}:u${userId}` })),
    'moderation',
    message,
  );
}
