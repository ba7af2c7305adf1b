import type { AppContext } from '#core/context.js';
import { notFound } from '#core/http/route/errors.js';
import { keysetPage, type CursorRule } from '#core/http/route/pagination.js';
import type { CachedBody } from '#core/http/cached-body.js';
import { breedCache } from './breeds.cache.js';
import { countBreeds, findBreedBySlug, findBreedNames, listBreedRows, type BreedFilter, type BreedSummaryRow } from './breeds.repo.js';
import { toBreedDetail, toBreedSummary } from './breeds.view.js';
import { BreedCursor, type BreedDetail, type BreedListQuery, type BreedSummary } from './wiki.schemas.js';

/** The API list is ordered by rank (a search: how well a breed matches; else full entries before stubs), then folded name and id (breeds.repo.ts). */
const byRankThenName: CursorRule<{ r?: number | undefined; n: string; id: number }, BreedSummaryRow> = {
  schema: BreedCursor,
  of: (row) => ({ r: Number(row.rank), n: row.sort_name, id: row.id }),
};

/** The list as JSON, cached per normalised query (the breed data changes only through loader and job). */
export async function breedListJson(ctx: AppContext, query: BreedListQuery): Promise<CachedBody> {
  const filter: BreedFilter = { q: query.q || undefined, fciGroup: query.fci_group, size: query.size };
  const key = JSON.stringify(['list', filter.q ?? '', filter.fciGroup ?? 0, filter.size ?? '', query.limit, query.cursor ?? '']);
  return breedCache(ctx).getOrSet(key, async () => {
    const page = await keysetPage(query, byRankThenName, (take, after) => listBreedRows(ctx.db, filter, { limit: take, after }), toBreedSummary);
    return JSON.stringify(page);
  });
}

export async function breedDetail(ctx: AppContext, slug: string): Promise<BreedDetail> {
  const row = await findBreedBySlug(ctx.db, slug);
  if (!row) throw notFound('Diese Rasse kennen wir nicht.');
  const parents = await findBreedNames(ctx.db, JSON.parse(row.parent_slugs) as string[]);
  return toBreedDetail(row, parents);
}

export async function breedDetailJson(ctx: AppContext, slug: string): Promise<CachedBody> {
  // Not found throws inside, so it is never cached: the cache holds only what exists.
  return breedCache(ctx).getOrSet(JSON.stringify(['detail', slug]), async () => JSON.stringify(await breedDetail(ctx, slug)));
}

export const PAGE_SIZE = 60;

/** One numbered page of the HTML list; a page past the end shows the last one. */
export async function breedListPage(
  ctx: AppContext,
  filter: BreedFilter,
  requested: number,
): Promise<{ items: BreedSummary[]; total: number; pages: number; page: number }> {
  const total = await countBreeds(ctx.db, filter);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(requested, pages);
  const rows = await listBreedRows(ctx.db, filter, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  return { items: rows.map(toBreedSummary), total, pages, page };
}
