import { requireVerifiedEmail } from '#core/auth/guards.js';
import { requireOwner } from '#core/auth/ownership.js';
import { isStaff, type Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { conflict, notFound } from '#core/http/route/errors.js';
import { keysetPage, type Page } from '#core/http/route/pagination.js';
import { closeReports, fileReport } from '#core/reports/index.js';
import { z } from 'zod';
import {
  addPost,
  categories,
  categoryBySlug,
  countReplies,
  createThread,
  deletePost,
  deleteThread,
  editPost,
  findPost,
  findThread,
  listThreads,
  postIdsOf,
  postsOf,
  REPORTED_POSTS,
  type PostRow,
  type ThreadRow,
} from './forum.repo.js';
import { notify } from '../../accounts/notifications/index.js';
import { DELETED_ACCOUNT, type Author, type Post, type ThreadDetail, type ThreadSummary } from './forum.schemas.js';

const THREAD = { missing: 'Dieses Thema gibt es nicht.', foreign: 'Dieses Thema gehört nicht dir.' };
const POST = { missing: 'Diesen Beitrag gibt es nicht.', foreign: 'Diesen Beitrag hat jemand anderes geschrieben.' };
/** A thread shows at most this many posts (long threads are rare in a dog forum; the rest would need pages). */
const MAX_POSTS = 500;

const author = (id: number | null, name: string | null, avatar: string | null): Author =>
  id === null || name === null ? { id: null, name: DELETED_ACCOUNT, avatar_url: null } : { id, name, avatar_url: avatar };

function toSummary(t: ThreadRow): ThreadSummary {
  return {
    id: t.id,
    category: t.category,
    title: t.title,
    author: author(t.user_id, t.author_name, t.author_avatar),
    locked: t.locked === 1,
    hidden: t.hidden === 1,
    post_count: Number(t.post_count),
    created_at: t.created_at,
    last_post_at: t.last_post_at,
  };
}

/** A hidden post keeps its place; only moderators still read its text. */
function toPost(p: PostRow, viewer: Actor): Post {
  const hidden = p.hidden === 1;
  return {
    id: p.id,
    author: author(p.user_id, p.author_name, p.author_avatar),
    body: hidden && !isStaff(viewer) ? '' : p.body,
    is_opening: p.is_opening === 1,
    hidden,
    created_at: p.created_at,
    edited_at: p.edited_at,
    mine: p.user_id === viewer.id,
  };
}

export async function listCategories(ctx: AppContext) {
  return { items: (await categories(ctx.db)).map((c) => ({ ...c, thread_count: Number(c.thread_count) })) };
}

async function requireCategory(ctx: AppContext, slug: string) {
  const category = await categoryBySlug(ctx.db, slug);
  if (!category) throw notFound('Diese Kategorie gibt es nicht.');
  return category;
}

const ThreadCursor = z.object({ t: z.string(), id: z.number().int() });

export async function threads(
  ctx: AppContext,
  actor: Actor,
  query: { category: string; limit: number; cursor?: string | undefined },
): Promise<Page<ThreadSummary>> {
  const category = await requireCategory(ctx, query.category);
  return keysetPage(
    query,
    { schema: ThreadCursor, of: (t: ThreadRow) => ({ t: t.last_post_at, id: t.id }) },
    (take, after) => listThreads(ctx.db, category.id, isStaff(actor), take, after),
    toSummary,
  );
}

async function visibleThread(ctx: AppContext, actor: Actor, id: number): Promise<ThreadRow> {
  const t = await findThread(ctx.db, id);
  if (!t || (t.hidden === 1 && !isStaff(actor))) throw notFound(THREAD.missing);
  return t;
}

export async function thread(ctx: AppContext, actor: Actor, id: number): Promise<ThreadDetail> {
  const t = await visibleThread(ctx, actor, id);
  const posts = await postsOf(ctx.db, id, MAX_POSTS);
  return { ...toSummary(t), posts: posts.map((p) => toPost(p, actor)), can_moderate: isStaff(actor) };
}

export async function openThread(ctx: AppContext, actor: Actor, body: { category: string; title: string; body: string }): Promise<ThreadDetail> {
  requireVerifiedEmail(actor);
  const category = await requireCategory(ctx, body.category);
  const id = await createThread(ctx.db, { categoryId: category.id, userId: actor.id, title: body.title, body: body.body, now: ctx.clock.now().toISOString() });
  return thread(ctx, actor, id);
}

/** A reply; a locked thread takes none (409). */
/** Who may answer in a thread: with a confirmed email address (403), in a thread they can see (404). */
export async function threadToAnswer(ctx: AppContext, actor: Actor, threadId: number) {
  requireVerifiedEmail(actor);
  return visibleThread(ctx, actor, threadId);
}

export async function reply(ctx: AppContext, actor: Actor, threadId: number, body: string): Promise<Post> {
  const t = await threadToAnswer(ctx, actor, threadId);
  if (t.locked === 1) throw conflict('Dieses Thema ist geschlossen. Antworten geht nicht mehr.', 'thread_locked');
  const id = await addPost(ctx.db, threadId, actor.id, body, ctx.clock.now().toISOString());
  // The thread's author hears of answers by others (one notification per reply, replacing the last one's push).
  if (t.user_id !== null && t.user_id !== actor.id)
    await notify(
      ctx,
      t.user_id,
      'forum_reply',
      { title: `Neue Antwort: ${t.title}`, body: `${actor.name}: ${body.slice(0, 140)}`, url: `/app/forum/thema/${threadId}`, tag: `forum-${threadId}` },
      { dedupeKey: `forum_reply:${id}` },
    );
  return (await postsOf(ctx.db, threadId, MAX_POSTS)).map((p) => toPost(p, actor)).find((p) => p.id === id)!;
}

/** Only the author edits, and not in a locked thread. */
/** One's own post, to change it (a confirmed email address too). */
export async function ownPost(ctx: AppContext, actor: Actor, postId: number) {
  requireVerifiedEmail(actor);
  return requireOwner(actor, await findPost(ctx.db, postId), POST);
}

export async function edit(ctx: AppContext, actor: Actor, postId: number, body: string): Promise<Post> {
  const post = await ownPost(ctx, actor, postId);
  if (post.locked === 1) throw conflict('Dieses Thema ist geschlossen.', 'thread_locked');
  await editPost(ctx.db, postId, body, ctx.clock.now().toISOString());
  return (await postsOf(ctx.db, post.thread_id, MAX_POSTS)).map((p) => toPost(p, actor)).find((p) => p.id === postId)!;
}

/**
 * The author or a moderator deletes a post. The opening post stands for the thread: without replies the thread
 * goes with it; with replies only a moderator may take the whole thread (the author gets 409, so others' answers
 * do not vanish).
 */
export async function remove(ctx: AppContext, actor: Actor, postId: number): Promise<void> {
  const post = requireOwner(actor, await findPost(ctx.db, postId), POST, { staff: true });
  if (post.is_opening === 1 && !isStaff(actor) && (await countReplies(ctx.db, post.thread_id)) > 0)
    throw conflict('Auf dein Thema wurde schon geantwortet. Bitte die Moderation, es zu entfernen, oder bearbeite deinen Beitrag.', 'thread_has_replies');
  await deletePostOrThread(ctx, actor, post);
}

/** A post goes (an opening post takes its thread); open reports of every post that went are closed with it. */
export async function deletePostOrThread(ctx: AppContext, actor: Actor, post: { id: number; thread_id: number; is_opening: number }): Promise<void> {
  const now = ctx.clock.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const gone = post.is_opening === 1 ? await postIdsOf(trx, post.thread_id) : [post.id];
    await (post.is_opening === 1 ? deleteThread(trx, post.thread_id) : deletePost(trx, post.id));
    await closeReports(trx, REPORTED_POSTS, gone, actor.id, 'deleted', now);
  });
}

/** Anybody with a confirmed email address may report a post that exists. */
export async function postToReport(ctx: AppContext, actor: Actor, postId: number): Promise<void> {
  requireVerifiedEmail(actor);
  if (!(await findPost(ctx.db, postId))) throw notFound(POST.missing);
}

export async function report(ctx: AppContext, actor: Actor, postId: number, reason: string): Promise<void> {
  await postToReport(ctx, actor, postId);
  await fileReport(ctx, actor.id, { kind: REPORTED_POSTS, id: postId }, reason, { title: 'Neue Meldung im Forum', tag: 'moderation-forum', key: 'forum' });
}
