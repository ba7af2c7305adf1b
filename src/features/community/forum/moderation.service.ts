import type { Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { notFound } from '#core/http/route/errors.js';
import { closeReports, findReport, openReportPage, type OpenReport } from '#core/reports/index.js';
import type { Page, PageQuery } from '#core/http/route/pagination.js';
import { maskEmail } from '../../admin/admin-users/index.js';
import { findPost, REPORTED_POSTS, reportedPosts, setHidden, setLocked } from './forum.repo.js';
import { deletePostOrThread } from './forum.service.js';
import { DELETED_ACCOUNT, type Report } from './forum.schemas.js';

/** Moderators see addresses masked as in the admin views; admins see them whole. */
const shown = (viewer: Actor, email: string) => (viewer.rolle === 'admin' ? email : maskEmail(email));

/** The open reports of forum posts (the one queue of core/reports), oldest first, with post, author and thread. */
export function reportQueue(ctx: AppContext, viewer: Actor, query: PageQuery): Promise<Page<Report>> {
  return openReportPage(ctx.db, [REPORTED_POSTS], query, (reports) => withPosts(ctx, viewer, reports));
}

async function withPosts(ctx: AppContext, viewer: Actor, reports: OpenReport[]): Promise<Report[]> {
  const posts = new Map(
    (
      await reportedPosts(
        ctx.db,
        reports.map((r) => r.target_id),
      )
    ).map((p) => [p.id, p]),
  );
  return reports.flatMap((r) => {
    const p = posts.get(r.target_id);
    if (!p) return [];
    return [
      {
        id: r.id,
        reason: r.reason,
        created_at: r.created_at,
        reporter: { id: r.reporter_id, name: r.reporter_name, email: shown(viewer, r.reporter_email) },
        post: {
          id: p.id,
          body: p.body,
          hidden: p.hidden === 1,
          author:
            p.author_id === null || p.author_name === null
              ? { id: null, name: DELETED_ACCOUNT, avatar_url: null }
              : { id: p.author_id, name: p.author_name, avatar_url: p.author_avatar },
          author_email: p.author_email ? shown(viewer, p.author_email) : null,
        },
        thread: { id: p.thread_id, title: p.thread_title },
      },
    ];
  });
}

/** dismiss: nothing happens to the post; hide: it stays, without its text for others; delete: gone (an opening post takes its thread). */
export async function resolve(ctx: AppContext, viewer: Actor, reportId: number, action: 'dismiss' | 'hide' | 'delete'): Promise<void> {
  const r = await findReport(ctx.db, reportId, [REPORTED_POSTS]);
  const post = r && (await findPost(ctx.db, r.target_id));
  if (!post) throw notFound('Diese Meldung gibt es nicht.');
  await closeReports(ctx.db, REPORTED_POSTS, [post.id], viewer.id, action, ctx.clock.now().toISOString());
  if (action === 'hide') await setHidden(ctx.db, post.id, post.thread_id, post.is_opening === 1);
  if (action === 'delete') await deletePostOrThread(ctx, viewer, post);
  ctx.log.info({ reportId, action, by: viewer.id }, 'forum report resolved');
}

export async function lock(ctx: AppContext, viewer: Actor, threadId: number, locked: boolean): Promise<{ locked: boolean }> {
  if (!(await setLocked(ctx.db, threadId, locked))) throw notFound('Dieses Thema gibt es nicht.');
  ctx.log.info({ threadId, locked, by: viewer.id }, 'forum thread lock changed');
  return { locked };
}
