import { z } from 'zod';
import { PageQuery, pageSchema } from '#core/http/route/pagination.js';
import { LIMITS, requiredText } from '#core/http/route/schema-kit.js';

export const DELETED_ACCOUNT = 'Gelöschtes Konto';

export const Category = z
  .object({ id: z.number().int(), slug: z.string(), name: z.string(), description: z.string(), thread_count: z.number().int() })
  .meta({ id: 'ForumCategory' });
export const CategoryList = z.object({ items: z.array(Category) }).meta({ id: 'ForumCategoryList' });

export const Author = z
  .object({
    id: z.number().int().nullable(),
    name: z.string().meta({ description: `„${DELETED_ACCOUNT}“, wenn das Konto gelöscht ist` }),
    avatar_url: z.string().nullable(),
  })
  .meta({ id: 'ForumAuthor' });
export type Author = z.infer<typeof Author>;

export const ThreadsQuery = PageQuery.extend({ category: z.string().trim().min(1).max(LIMITS.slug) });
export const CreateThreadBody = z
  .strictObject({ category: z.string().trim().min(1).max(LIMITS.slug), title: requiredText(LIMITS.title), body: requiredText(LIMITS.body) })
  .meta({ id: 'CreateThreadBody' });
export const PostBody = z.strictObject({ body: requiredText(LIMITS.body) }).meta({ id: 'ForumPostBody' });
export const ReportBody = z.strictObject({ reason: requiredText(1_000) }).meta({ id: 'ForumReportBody' });
export const LockBody = z.strictObject({ locked: z.boolean().default(true) }).meta({ id: 'ForumLockBody' });
export const ResolveBody = z.strictObject({ action: z.enum(['dismiss', 'hide', 'delete']) }).meta({ id: 'ForumResolveBody' });

export const ThreadSummary = z
  .object({
    id: z.number().int(),
    category: z.string(),
    title: z.string(),
    author: Author,
    locked: z.boolean(),
    hidden: z.boolean(),
    post_count: z.number().int(),
    created_at: z.string(),
    last_post_at: z.string(),
  })
  .meta({ id: 'ForumThreadSummary' });
export type ThreadSummary = z.infer<typeof ThreadSummary>;

export const Post = z
  .object({
    id: z.number().int(),
    author: Author,
    body: z.string().meta({ description: 'Reiner Text (Zeilenumbrüche, Links macht die App klickbar); leer, wenn ausgeblendet' }),
    is_opening: z.boolean(),
    hidden: z.boolean(),
    created_at: z.string(),
    edited_at: z.string().nullable(),
    mine: z.boolean(),
  })
  .meta({ id: 'ForumPost' });
export type Post = z.infer<typeof Post>;
export const ThreadDetail = ThreadSummary.extend({ posts: z.array(Post), can_moderate: z.boolean() }).meta({ id: 'ForumThreadDetail' });
export type ThreadDetail = z.infer<typeof ThreadDetail>;

export const Report = z
  .object({
    id: z.number().int(),
    reason: z.string(),
    created_at: z.string(),
    reporter: z.object({ id: z.number().int(), name: z.string(), email: z.string().meta({ description: 'Für Moderatoren maskiert' }) }),
    post: z.object({ id: z.number().int(), body: z.string(), hidden: z.boolean(), author: Author, author_email: z.string().nullable() }),
    thread: z.object({ id: z.number().int(), title: z.string() }),
  })
  .meta({ id: 'ForumReport' });
export type Report = z.infer<typeof Report>;
export const ReportList = pageSchema(Report).meta({ id: 'ForumReportList' });
