/** The forum: seeded German categories, threads, replies, reports and moderation; the account-deletion rule. */
import type { AccountDeletionStep, AppContext } from '#core/context.js';
import { closeReportsOfGoneRows } from '#core/reports/index.js';
import { deleteEmptyOrphanThreads, REPORTED_POSTS } from './forum.repo.js';
import type { AreaManifest } from '#core/area.js';
import { forumExport } from './forum.export.js';
import { forumRoutes } from './forum.routes.js';

export { forumRoutes } from './forum.routes.js';

/**
 * Decisions: a thread the deleted user opened stays when others replied ("Gelöschtes Konto"), otherwise it goes.
 * Open reports of the posts that went with the account leave the moderation queue (closed as 'deleted').
 */
export const forumAccountDeletion =
  (ctx: AppContext): AccountDeletionStep =>
  async (trx) => {
    await deleteEmptyOrphanThreads(trx);
    await closeReportsOfGoneRows(trx, REPORTED_POSTS, 'deleted', ctx.clock.now().toISOString());
  };
export { forumExport } from './forum.export.js';

/** The area's manifest (src/areas.ts lists it). */
export const forumArea: AreaManifest = {
  name: 'forum',
  routes: forumRoutes,
  exportSections: [forumExport],
  accountDeletion: (ctx) => ({ steps: [forumAccountDeletion(ctx)] }),
};
