import type { AppContext } from '../context.js';
import { notifyStaff } from '../push/index.js';
import { insertReport, type ReportTarget } from './content-reports.repo.js';

/**
 * A report to the moderators: stored once per reporter and target (a second report of the same is no news), and
 * every moderator and admin told at once. `news.title` names what was reported, `news.tag` groups the pushes;
 * `news.key` names the kind in the dedupe key `report:<key>:<id>:<reporter>`, so a repeat sends nothing again.
 */
export async function fileReport(
  ctx: AppContext,
  reporterId: number,
  target: ReportTarget,
  reason: string,
  news: { title: string; tag: string; key: string },
): Promise<void> {
  await insertReport(ctx.db, target, reporterId, reason, ctx.clock.now().toISOString());
  await notifyStaff(
    ctx,
    ['admin', 'moderator'],
    { title: news.title, body: reason.slice(0, 140), url: '/app/admin/moderation', tag: news.tag },
    `report:${news.key}:${target.id}:${reporterId}`,
  );
}
