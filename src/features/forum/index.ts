/** The forum: seeded German categories, threads, replies, reports and moderation; the account-deletion rule. */
import type { AccountDeletionStep } from '../../core/context.js';
import { deleteEmptyOrphanThreads } from './forum.repo.js';

export { forumRoutes } from './forum.routes.js';

/** Decisions: a thread the deleted user opened stays when others replied ("Gelöschtes Konto"), otherwise it goes. */
export const forumAccountDeletion: AccountDeletionStep = (trx) => deleteEmptyOrphanThreads(trx);
