import { z } from 'zod';
import type { Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { fullTextHits, searchWords, type FullTextIndex } from '#core/db/full-text.js';
import { flag, Id } from '#core/http/route/schema-kit.js';
import { searchExcerpt } from './search-excerpt.js';
import { entriesForHits, firstPreviews } from './search.repo.js';
import { dogScope } from './views.service.js';

/** Decisions: Diary search. The diary's full-text index (migration 0020). */
export const DIARY_INDEX: FullTextIndex = { table: 'diary_entries', ftsTable: 'diary_fts', vectorColumn: 'search_vector' };
const MAX_HITS = 50;
/**
 * Decisions: Diary search. The most matches ranked: the newest 5,000 (most recently written). A diary of up to 5,000
 * entries, and any search matching up to 5,000 of them, is ranked in full; a word in more entries costs a bounded
 * amount of work, and the answer says that only the newest matches were ranked (`newest_only`).
 */
export const RANKED_NEWEST = 5000;

export const SearchQuery = z.object({
  q: z.string().trim().min(2).max(200).meta({ description: 'Suchwörter (jedes muss vorkommen, auch als Wortanfang)' }),
  dog_id: Id.optional(),
});
const SearchHit = z
  .object({
    id: z.number().int(),
    dog_id: z.number().int(),
    date: z.string(),
    title: z.string().nullable(),
    excerpt: z.string().meta({ description: 'Kurzer Ausschnitt; Treffer in <mark>, alles andere HTML-escaped' }),
    preview_url: z.string().nullable(),
  })
  .meta({ id: 'DiarySearchHit' });

export const SearchResult = z
  .object({
    items: z.array(SearchHit),
    newest_only: flag.meta({
      description: `1: Mehr als ${RANKED_NEWEST.toLocaleString('de-DE')} Einträge passen; die Treffer sind die besten unter den ${RANKED_NEWEST.toLocaleString('de-DE')} neuesten (zuletzt angelegten), ältere wurden nicht bewertet. Ein weiteres Suchwort grenzt die Suche ein.`,
    }),
  })
  .meta({ id: 'DiarySearchResult' });

export async function searchDiary(ctx: AppContext, actor: Actor, query: z.infer<typeof SearchQuery>) {
  const dogIds = await dogScope(ctx, actor, query.dog_id);
  const words = searchWords(query.q);
  const { ids, newestOnly } = await fullTextHits(ctx.db, DIARY_INDEX, words, { column: 'dog_id', ids: dogIds }, { limit: MAX_HITS, newest: RANKED_NEWEST });
  const newest_only = newestOnly ? 1 : 0;
  if (ids.length === 0) return { items: [], newest_only };
  const rows = await entriesForHits(ctx.db, ids);
  const previewOf = await firstPreviews(ctx.db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    items: ids.flatMap((id) => {
      const r = byId.get(id);
      return r
        ? [
            {
              id: r.id,
              dog_id: r.dog_id,
              date: r.date,
              title: r.title,
              excerpt: searchExcerpt(r.title, r.text, words),
              preview_url: previewOf.get(r.id) ?? null,
            },
          ]
        : [];
    }),
    newest_only,
  };
}
