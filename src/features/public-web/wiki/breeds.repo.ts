import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '#core/db/index.js';
import { countOf } from '#core/db/count.js';
import type { BreedsTable } from '#core/db/tables/wiki.js';
import { containsPattern, likeLiteral } from '#core/db/like.js';
import { foldName } from './breed-text.js';
import type { SizeClass } from './wiki.labels.js';

/** The fields the AI job may fill, each with the columns it writes. */
export const AI_FIELD_COLUMNS = {
  name_de: ['name_de'],
  description_de: ['description_de'],
  size_class: ['size_class'],
  height: ['height_min_cm', 'height_max_cm'],
  weight: ['weight_min_kg', 'weight_max_kg'],
  life_span: ['life_min_years', 'life_max_years'],
  temperament: ['temperament'],
  origin_country_de: ['origin_country_de'],
} as const satisfies Record<string, readonly (keyof BreedsTable)[]>;
export type AiField = keyof typeof AI_FIELD_COLUMNS;

export function parseAiFields(json: string): AiField[] {
  const parsed = JSON.parse(json) as unknown;
  return Array.isArray(parsed) ? parsed.filter((f): f is AiField => typeof f === 'string' && f in AI_FIELD_COLUMNS) : [];
}

export const SUMMARY_COLUMNS = ['id', 'slug', 'name_en', 'name_de', 'sort_name', 'fci_group', 'size_class', 'origin_country_de', 'ai_fields'] as const;
export type BreedSummaryRow = Pick<Selectable<BreedsTable>, (typeof SUMMARY_COLUMNS)[number]> & { rank: number; stub: number };

/**
 * A stub is a breed we know only by name (and perhaps its status): no FCI group, origin, size, measures,
 * temperament, coat, traits or description. About 440 of the 1,036 are stubs; lists show them after full entries.
 * isStub (for a loaded row) and STUB (for a query) say the same; wiki-data.test.ts checks they agree on every breed.
 */
export function isStub(row: BreedRow): boolean {
  return (
    row.fci_group === null &&
    row.origin_country_de === null &&
    row.size_class === null &&
    row.height_min_cm === null &&
    row.weight_min_kg === null &&
    row.life_min_years === null &&
    row.temperament === '[]' &&
    row.coat === null &&
    row.traits === null &&
    row.description_de === null
  );
}
const STUB = sql<number>`case when fci_group is null and origin_country_de is null and size_class is null
  and height_min_cm is null and weight_min_kg is null and life_min_years is null and temperament = '[]'
  and coat is null and traits is null and description_de is null then 1 else 0 end`;
export type BreedRow = Selectable<BreedsTable>;

export interface BreedFilter {
  q?: string;
  fciGroup?: number;
  size?: SizeClass;
}

/** Either a keyset position (API cursor) or an offset (numbered HTML pages). */
export type BreedPage = { limit: number; after?: { r?: number | undefined; n: string; id: number } | undefined } | { limit: number; offset: number };

function filtered(db: Db, filter: BreedFilter) {
  let query = db.selectFrom('breeds');
  if (filter.q !== undefined) {
    // Names are folded to letters, digits and spaces; a search of only punctuation ("%", "_") matches nothing.
    const term = foldName(filter.q);
    query = term ? query.where(sql<boolean>`search_text like ${containsPattern(term)} escape '\\'`) : query.where(sql<boolean>`1 = 0`);
  }
  if (filter.fciGroup !== undefined) query = query.where('fci_group', '=', filter.fciGroup);
  if (filter.size) query = query.where('size_class', '=', filter.size);
  return query;
}

/**
 * How well a breed answers a search (smaller first): 0 a name is the word itself ("Dackel"), 1 a name starts with
 * it, 2 a full entry (a German name or facts) that contains it, 3 a stub that contains it. So "Labrador" lists the
 * Labrador Retriever before "Field labrador". search_text holds the folded names joined by "|". Without a search
 * the rank is the stub flag alone: full entries A–Z, then the stubs A–Z.
 */
function rankOf(q: string | undefined) {
  if (q === undefined) return STUB;
  const literal = likeLiteral(foldName(q));
  return sql<number>`case
    when '|' || search_text || '|' like ${`%|${literal}|%`} escape '\\' then 0
    when '|' || search_text like ${`%|${literal}%`} escape '\\' then 1
    when name_de is not null or ${STUB} = 0 then 2
    else 3 end`;
}

/** Up to `limit` rows in rank, then name order, after the keyset position or from the offset. */
export async function listBreedRows(db: Db, filter: BreedFilter, page: BreedPage): Promise<BreedSummaryRow[]> {
  const rank = rankOf(filter.q);
  let query = filtered(db, filter)
    .select(SUMMARY_COLUMNS)
    .select([rank.as('rank'), STUB.as('stub')]);
  query = query.orderBy(rank).orderBy('sort_name').orderBy('id').limit(page.limit);
  if ('offset' in page) query = query.offset(page.offset);
  else if (page.after) {
    const { r = 0, n, id } = page.after;
    query = query.where((eb) => {
      const afterName = eb.or([eb('sort_name', '>', n), eb.and([eb('sort_name', '=', n), eb('id', '>', id)])]);
      return eb.or([eb(rank, '>', r), eb.and([eb(rank, '=', r), afterName])]);
    });
  }
  return query.execute();
}

export function countBreeds(db: Db, filter: BreedFilter): Promise<number> {
  return countOf(filtered(db, filter));
}

/** Every breed's slug with the hash of the file record it was loaded from (the loader's change check). */
export async function breedSourceHashes(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('breeds').select(['slug', 'source_hash']).execute();
  return new Map(rows.map((r) => [r.slug, r.source_hash]));
}

/** Inserts new breeds; a slug another instance inserted meanwhile is left alone (several instances may start at once). */
export async function insertBreeds(db: Db, rows: Insertable<BreedsTable>[]): Promise<void> {
  await db
    .insertInto('breeds')
    .values(rows)
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute();
}

export async function findBreedBySlug(db: Db, slug: string): Promise<BreedRow | undefined> {
  return db.selectFrom('breeds').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export async function findBreedNames(db: Db, slugs: string[]): Promise<{ slug: string; name_de: string | null; name_en: string }[]> {
  if (!slugs.length) return [];
  return db.selectFrom('breeds').select(['slug', 'name_de', 'name_en']).where('slug', 'in', slugs).orderBy('sort_name').execute();
}

export async function listBreedSlugs(db: Db): Promise<{ slug: string; updated_at: string }[]> {
  return db.selectFrom('breeds').select(['slug', 'updated_at']).orderBy('sort_name').orderBy('id').execute();
}

/** Breeds the AI has not enriched yet and not given up on, oldest id first. */
export async function enrichmentCandidates(db: Db, limit: number, maxAttempts: number): Promise<BreedRow[]> {
  return db.selectFrom('breeds').selectAll().where('ai_enriched_at', 'is', null).where('ai_attempts', '<', maxAttempts).orderBy('id').limit(limit).execute();
}

export async function updateBreed(db: Db, id: number, set: Updateable<BreedsTable>): Promise<void> {
  await db.updateTable('breeds').set(set).where('id', '=', id).execute();
}

export async function countAttempt(db: Db, id: number, now: string): Promise<void> {
  await db
    .updateTable('breeds')
    .set((eb) => ({ ai_attempts: eb('ai_attempts', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .execute();
}
