import type { AppContext } from '#core/context.js';
import { MINUTE } from '#core/clock.js';
import type { Db } from '#core/db/index.js';
import { conflict, notFound } from '#core/http/route/errors.js';
import { byId, keysetPage, type Page, type PageQuery } from '#core/http/route/pagination.js';
import { HELP_CATEGORIES, HELP_CATEGORY_KEYS, type HelpCategory } from './help.categories.js';
import {
  deleteArticle,
  findArticle,
  idsInCategory,
  insertArticle,
  listActiveArticles,
  listArticles,
  nextPosition,
  setPositions,
  updateArticle,
  type HelpArticleRow,
} from './help.repo.js';
import { type CreateHelpArticleBody, type HelpArticle, type OrderHelpArticlesBody, type PublicHelp, type UpdateHelpArticleBody } from './help.schemas.js';

/** How long /help may show a list without asking the database; admin changes on this instance clear it at once. */
export const HELP_CACHE_MS = MINUTE;
const MISSING = 'Diesen Hilfe-Artikel gibt es nicht.';

const isCategory = (c: string): c is HelpCategory => c in HELP_CATEGORIES;
const labelOf = (c: string) => (isCategory(c) ? HELP_CATEGORIES[c] : c);

export function toHelpArticle(row: HelpArticleRow): HelpArticle {
  return { ...row, category_label: labelOf(row.category), active: row.active ? 1 : 0 };
}

export interface HelpGroup {
  category: HelpCategory;
  label: string;
  articles: { id: number; title: string; body: string; paragraphs: string[] }[];
}

const cached = new WeakMap<Db, { groups: HelpGroup[]; expires: number }>();

function forget(db: Db): void {
  cached.delete(db);
}

/** Active articles grouped by category in the fixed category order; bodies split into paragraphs at blank lines. */
export async function activeHelpGroups(ctx: AppContext): Promise<HelpGroup[]> {
  const now = ctx.clock.now().getTime();
  const hit = cached.get(ctx.db);
  if (hit && hit.expires > now) return hit.groups;
  const rows = await listActiveArticles(ctx.db);
  const groups = HELP_CATEGORY_KEYS.map((category) => ({
    category,
    label: HELP_CATEGORIES[category],
    articles: rows
      .filter((r) => r.category === category)
      .map((r) => ({
        id: r.id,
        title: r.title,
        body: r.body,
        paragraphs: r.body
          .split(/\n\s*\n/)
          .map((p) => p.trim())
          .filter(Boolean),
      })),
  })).filter((g) => g.articles.length > 0);
  cached.set(ctx.db, { groups, expires: now + HELP_CACHE_MS });
  return groups;
}

/** GET /api/help: the same cached groups as /help, with the plain-text body instead of the paragraphs. */
export async function publicHelp(ctx: AppContext): Promise<PublicHelp> {
  const groups = await activeHelpGroups(ctx);
  return {
    categories: groups.map((g) => ({ key: g.category, label: g.label, articles: g.articles.map(({ id, title, body }) => ({ id, title, body })) })),
  };
}

/** The admin list: every article, oldest first. */
export async function listHelpArticles(ctx: AppContext, query: PageQuery): Promise<Page<HelpArticle>> {
  return keysetPage(query, byId<HelpArticleRow>(), (take, after) => listArticles(ctx.db, take, after?.id), toHelpArticle);
}

export async function createHelpArticle(ctx: AppContext, body: CreateHelpArticleBody): Promise<HelpArticle> {
  const now = ctx.clock.now().toISOString();
  const position = body.position ?? (await nextPosition(ctx.db, body.category));
  const row = await insertArticle(ctx.db, { ...body, position, created_at: now, updated_at: now });
  forget(ctx.db);
  return toHelpArticle(row);
}

export async function updateHelpArticle(ctx: AppContext, id: number, body: UpdateHelpArticleBody): Promise<HelpArticle> {
  const row = Object.keys(body).length
    ? await updateArticle(ctx.db, id, { ...body, updated_at: ctx.clock.now().toISOString() })
    : await findArticle(ctx.db, id);
  if (!row) throw notFound(MISSING);
  forget(ctx.db);
  return toHelpArticle(row);
}

export async function deleteHelpArticle(ctx: AppContext, id: number): Promise<void> {
  if (!(await deleteArticle(ctx.db, id))) throw notFound(MISSING);
  forget(ctx.db);
}

/**
 * A category's articles in a new order (positions 0, 1, 2, …), all or nothing. `ids` must be exactly the category's
 * articles: a list that another admin changed meanwhile (an article added, moved or deleted) is 409, not a guess.
 */
export async function orderHelpArticles(ctx: AppContext, body: OrderHelpArticlesBody): Promise<{ category: string; ids: number[] }> {
  await ctx.db.transaction().execute(async (trx) => {
    const current = await idsInCategory(trx, body.category);
    const same = current.length === body.ids.length && new Set(body.ids).size === body.ids.length && body.ids.every((id) => current.includes(id));
    if (!same) throw conflict('Die Artikel dieser Kategorie haben sich inzwischen geändert. Lade die Liste neu.', 'help_order_outdated');
    await setPositions(trx, body.ids, ctx.clock.now().toISOString());
  });
  forget(ctx.db);
  return { category: body.category, ids: body.ids };
}
