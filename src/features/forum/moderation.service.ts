import type { Actor } from '../../core/auth/session-user.js';
import type { AppContext } from '../../core/context.js';
import { notFound } from '../../core/http/errors.js';
import { maskEmail } from '../admin-users/index.js';
import { deletePost, deleteThread, findReport, openReports, resolveReports, setHidden, setLocked } from './forum.repo.js';
import { DELETED_ACCOUNT, type Report } from './forum.schemas.js';

/** Moderators see addresses masked as in the admin views; admins see them whole. */
const shown = (viewer: Actor, email: string) => (viewer.rolle === 'admin' ? email : maskEmail(email));

export async function reportQueue(ctx: AppContext, viewer: Actor): Promise<{ items: Report[] }> {
  const rows = await openReports(ctx.db, 200);
  return {
    items: rows.map((r) => ({
      id: r.id,
      reason: r.reason,
      created_at: r.created_at,
      reporter: { id: r.reporter_id, name: r.reporter_name, email: shown(viewer, r.reporter_email) },
      post: {
        id: r.post_id,
        body: r.post_body,
        hidden: r.post_hidden === 1,
        author:
          r.author_id === null || r.author_name === null
            ? { id: null, name: DELETED_ACCOUNT, avatar_url: null }
            : { id: r.author_id, name: r.author_name, avatar_url: r.author_avatar },
        author_email: r.author_email ? shown(viewer, r.author_email) : null,
      },
      thread: { id: r.thread_id, title: r.thread_title },
    })),
  };
}

/** dismiss: nothing happens to the post; hide: it stays, without its text for others; delete: gone (an opening post takes its thread). */
export async function resolve(ctx: AppContext, viewer: Actor, reportId: number, action: 'dismiss' | 'hide' | 'delete'): Promise<void> {
  const r = await findReport(ctx.db, reportId);
  if (!r) throw notFound('Diese Meldung gibt es nicht.');
  const now = ctx.clock.now().toISOString();
  await resolveReports(ctx.db, r.post_id, viewer.id, action, now);
  if (action === 'hide') await setHidden(ctx.db, r.post_id, r.thread_id, r.is_opening === 1);
  if (action === 'delete') await (r.is_opening === 1 ? deleteThread(ctx.db, r.thread_id) : deletePost(ctx.db, r.post_id));
  ctx.log.info({ reportId, action, by: viewer.id }, 'forum report resolved');
}

export async function lock(ctx: AppContext, viewer: Actor, threadId: number, locked: boolean): Promise<{ locked: boolean }> {
  if (!(await setLocked(ctx.db, threadId, locked))) throw notFound('Dieses Thema gibt es nicht.');
  ctx.log.info({ threadId, locked, by: viewer.id }, 'forum thread lock changed');
  return { locked };
}
