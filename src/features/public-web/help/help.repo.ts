import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '#core/db/index.js';
import type { HelpArticlesTable } from '#core/db/tables/help.js';

export type HelpArticleRow = Selectable<HelpArticlesTable>;

const COLUMNS = ['id', 'category', 'title', 'body', 'active', 'position', 'created_at', 'updated_at'] as const;

export async function insertArticle(db: Db, values: Insertable<HelpArticlesTable>): Promise<HelpArticleRow> {
  return db.insertInto('help_articles').values(values).returning(COLUMNS).executeTakeFirstOrThrow();
}

export async function findArticle(db: Db, id: number): Promise<HelpArticleRow | undefined> {
  return db.selectFrom('help_articles').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function updateArticle(db: Db, id: number, set: Updateable<HelpArticlesTable>): Promise<HelpArticleRow | undefined> {
  return db.updateTable('help_articles').set(set).where('id', '=', id).returning(COLUMNS).executeTakeFirst();
}

export async function deleteArticle(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('help_articles').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Admin list: every article, newest last; `afterId` is the cursor. */
export async function listArticles(db: Db, limit: number, afterId?: number): Promise<HelpArticleRow[]> {
  let query = db.selectFrom('help_articles').select(COLUMNS).orderBy('id').limit(limit);
  if (afterId !== undefined) query = query.where('id', '>', afterId);
  return query.execute();
}

export async function listActiveArticles(db: Db): Promise<HelpArticleRow[]> {
  return db.selectFrom('help_articles').select(COLUMNS).where('active', '=', 1).orderBy('position').orderBy('id').execute();
}

/** The ids of a category's articles, in page order. */
export async function idsInCategory(db: Db, category: string): Promise<number[]> {
  const rows = await db.selectFrom('help_articles').select('id').where('category', '=', category).orderBy('position').orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** Positions 0, 1, 2, … in the order of `ids` (one short update each: a category holds some dozen articles). */
export async function setPositions(db: Db, ids: readonly number[], now: string): Promise<void> {
  for (const [position, id] of ids.entries()) await db.updateTable('help_articles').set({ position, updated_at: now }).where('id', '=', id).execute();
}

/** Where a new article goes when no position is given: after the last one of its category. */
export async function nextPosition(db: Db, category: string): Promise<number> {
  const row = await db
    .selectFrom('help_articles')
    .select((eb) => eb.fn.max('position').as('max'))
    .where('category', '=', category)
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

/** The keys of the starter articles loaded so far (help_starter_keys). */
export async function loadedStarterKeys(db: Db): Promise<Set<string>> {
  return new Set((await db.selectFrom('help_starter_keys').select('key').execute()).map((r) => r.key));
}

/** Claims a starter article's key; false when another instance (or an earlier start) claimed it. */
export async function claimStarterKey(db: Db, key: string, now: string): Promise<boolean> {
  const claim = await db
    .insertInto('help_starter_keys')
    .values({ key, loaded_at: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(claim.numInsertedOrUpdatedRows ?? 0) > 0;
}
