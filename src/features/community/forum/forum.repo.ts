import { sql, type Kysely } from 'kysely';
import type { Db } from '#core/db/index.js';
import { compiledOnce } from '#core/db/compiled-once.js';
import { countOf } from '#core/db/count.js';
import type { Database } from '#core/db/schema.js';

const visibleCount = sql<number>`(select count(*) from forum_posts p where p.thread_id = forum_threads.id and p.hidden = 0)`;

export function categories(db: Db) {
  return db
    .selectFrom('forum_categories')
    .select(['id', 'slug', 'name', 'description'])
    .select(sql<number>`(select count(*) from forum_threads t where t.category_id = forum_categories.id and t.hidden = 0)`.as('thread_count'))
    .orderBy('position')
    .execute();
}

export const categoryBySlug = (db: Db, slug: string) => db.selectFrom('forum_categories').select(['id', 'slug']).where('slug', '=', slug).executeTakeFirst();

function threadQuery(db: Db) {
  return db
    .selectFrom('forum_threads')
    .innerJoin('forum_categories', 'forum_categories.id', 'forum_threads.category_id')
    .leftJoin('users', 'users.id', 'forum_threads.user_id')
    .select([
      'forum_threads.id',
      'forum_threads.user_id',
      'forum_threads.title',
      'forum_threads.locked',
      'forum_threads.hidden',
      'forum_threads.created_at',
      'forum_threads.last_post_at',
      'forum_categories.slug as category',
      'users.name as author_name',
      'users.avatar_url as author_avatar',
    ])
    .select(visibleCount.as('post_count'));
}
export type ThreadRow = Awaited<ReturnType<ReturnType<typeof threadQuery>['executeTakeFirstOrThrow']>>;

// Compiled once (core/db/compiled-once.ts): reading a thread is among the most frequent requests.
const threadByIdQuery = compiledOnce((db: Db, id: number) => threadQuery(db).where('forum_threads.id', '=', id));

export const findThread = async (db: Db, id: number) => (await threadByIdQuery(db, id))[0];

/**
 * Newest activity first; hidden threads only for moderators. Keyset on (last_post_at, id).
 *
 * The category and the page size go into the SQL as literals, not parameters (issue 34). PostgreSQL runs the list as a
 * named prepared statement (platform/db/pg-prepared.ts) and keeps its generic plan only while that costs no more than
 * the custom plans it tried. With `category_id = $1 … limit $2` the generic plan assumed a tenth of an average
 * category, and the custom plans of small categories cost next to nothing: from a few hundred threads per category
 * on, PostgreSQL planned the list anew on every request (0.14 ms, more than running it; bench/mix.mjs). With literals
 * each category and page size is a statement of its own whose generic plan is its custom plan, so it is kept: a few
 * categories × the page sizes clients ask, well within a connection's statements (PREPARED_PER_CONNECTION).
 */
export function listThreads(db: Db, categoryId: number, withHidden: boolean, limit: number, after?: { t: string; id: number }) {
  // Literals only from integers: a category's id (read from the table) and the page size (validated by the route).
  if (!Number.isSafeInteger(categoryId)) throw new Error(`listThreads: a category id must be an integer, not ${categoryId}`);
  if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`listThreads: the page size must be a positive integer, not ${limit}`);
  let q = threadQuery(db).where('forum_threads.category_id', '=', sql.lit(categoryId));
  if (!withHidden) q = q.where('forum_threads.hidden', '=', 0);
  if (after)
    q = q.where((eb) =>
      eb.or([eb('forum_threads.last_post_at', '<', after.t), eb.and([eb('forum_threads.last_post_at', '=', after.t), eb('forum_threads.id', '<', after.id)])]),
    );
  return q.orderBy('forum_threads.last_post_at', 'desc').orderBy('forum_threads.id', 'desc').limit(sql.lit(limit)).execute();
}

const postsOfQuery = compiledOnce((db: Db, threadId: number, limit: number) =>
  db
    .selectFrom('forum_posts')
    .leftJoin('users', 'users.id', 'forum_posts.user_id')
    .select([
      'forum_posts.id',
      'forum_posts.user_id',
      'forum_posts.body',
      'forum_posts.is_opening',
      'forum_posts.hidden',
      'forum_posts.created_at',
      'forum_posts.edited_at',
      'users.name as author_name',
      'users.avatar_url as author_avatar',
    ])
    .where('forum_posts.thread_id', '=', threadId)
    .orderBy('forum_posts.id')
    .limit(limit),
);

export function postsOf(db: Db, threadId: number, limit: number) {
  return postsOfQuery(db, threadId, limit);
}
export type PostRow = Awaited<ReturnType<typeof postsOf>>[number];

export const findPost = (db: Db, id: number) =>
  db
    .selectFrom('forum_posts')
    .innerJoin('forum_threads', 'forum_threads.id', 'forum_posts.thread_id')
    .select(['forum_posts.id', 'forum_posts.thread_id', 'forum_posts.user_id', 'forum_posts.is_opening', 'forum_posts.body', 'forum_threads.locked'])
    .where('forum_posts.id', '=', id)
    .executeTakeFirst();

export async function createThread(db: Kysely<Database>, v: { categoryId: number; userId: number; title: string; body: string; now: string }): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const t = await trx
      .insertInto('forum_threads')
      .values({ category_id: v.categoryId, user_id: v.userId, title: v.title, created_at: v.now, last_post_at: v.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('forum_posts').values({ thread_id: t.id, user_id: v.userId, body: v.body, is_opening: 1, created_at: v.now }).execute();
    return t.id;
  });
}

export async function addPost(db: Kysely<Database>, threadId: number, userId: number, body: string, now: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const p = await trx
      .insertInto('forum_posts')
      .values({ thread_id: threadId, user_id: userId, body, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('forum_threads').set({ last_post_at: now }).where('id', '=', threadId).execute();
    return p.id;
  });
}

export async function editPost(db: Db, id: number, body: string, now: string): Promise<void> {
  await db.updateTable('forum_posts').set({ body, edited_at: now }).where('id', '=', id).execute();
}

export async function deletePost(db: Db, id: number): Promise<void> {
  await db.deleteFrom('forum_posts').where('id', '=', id).execute();
}

export async function deleteThread(db: Db, id: number): Promise<void> {
  await db.deleteFrom('forum_threads').where('id', '=', id).execute();
}

export function countReplies(db: Db, threadId: number): Promise<number> {
  return countOf(db.selectFrom('forum_posts').where('thread_id', '=', threadId).where('is_opening', '=', 0));
}

export async function setHidden(db: Db, postId: number, threadId: number, isOpening: boolean): Promise<void> {
  await db.updateTable('forum_posts').set({ hidden: 1 }).where('id', '=', postId).execute();
  if (isOpening) await db.updateTable('forum_threads').set({ hidden: 1 }).where('id', '=', threadId).execute();
}

export async function setLocked(db: Db, threadId: number, locked: boolean): Promise<boolean> {
  const r = await db
    .updateTable('forum_threads')
    .set({ locked: locked ? 1 : 0 })
    .where('id', '=', threadId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The kind forum reports have in core/reports: the reported posts' table. */
export const REPORTED_POSTS = 'forum_posts';

/** The reported posts for the moderation queue: text, author and thread (a post that is gone is not among them). */
export async function reportedPosts(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('forum_posts')
    .innerJoin('forum_threads', 'forum_threads.id', 'forum_posts.thread_id')
    .leftJoin('users as author', 'author.id', 'forum_posts.user_id')
    .select([
      'forum_posts.id',
      'forum_posts.body',
      'forum_posts.hidden',
      'forum_posts.is_opening',
      'author.id as author_id',
      'author.name as author_name',
      'author.avatar_url as author_avatar',
      'author.email as author_email',
      'forum_threads.id as thread_id',
      'forum_threads.title as thread_title',
    ])
    .where('forum_posts.id', 'in', [...new Set(ids)])
    .execute();
}

/** The ids of a thread's posts (they go with the thread). */
export async function postIdsOf(db: Db, threadId: number): Promise<number[]> {
  const rows = await db.selectFrom('forum_posts').select('id').where('thread_id', '=', threadId).execute();
  return rows.map((r) => r.id);
}

/** After an account's posts went (cascade) and its threads lost their author: a thread without any post goes too. */
export async function deleteEmptyOrphanThreads(db: Db): Promise<void> {
  await db
    .deleteFrom('forum_threads')
    .where('user_id', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('forum_posts').select('forum_posts.id').whereRef('forum_posts.thread_id', '=', 'forum_threads.id'))),
    )
    .execute();
}

/** A page of the posts the user wrote, oldest first, with their thread's title (the data export). */
export function postsOfUser(db: Db, userId: number, afterId: number, limit: number) {
  return db
    .selectFrom('forum_posts')
    .innerJoin('forum_threads', 'forum_threads.id', 'forum_posts.thread_id')
    .select([
      'forum_posts.id',
      'forum_posts.thread_id',
      'forum_threads.title as thread_title',
      'forum_posts.body',
      'forum_posts.is_opening',
      'forum_posts.created_at',
      'forum_posts.edited_at',
    ])
    .where('forum_posts.user_id', '=', userId)
    .where('forum_posts.id', '>', afterId)
    .orderBy('forum_posts.id')
    .limit(limit)
    .execute();
}
