import { createHash } from 'node:crypto';
import type { Insertable, Selectable } from 'kysely';
import type { AppContext } from '#core/context.js';
import type { BreedsTable } from '#core/db/tables/wiki.js';
import { readBreedFile, type BreedRecord } from './breed-file.js';
import { searchTextOf, foldName, displayName } from './breed-text.js';
import { synonymsOf } from './german-synonyms.js';
import { breedCache } from './breeds.cache.js';
import { AI_FIELD_COLUMNS, breedSourceHashes, findBreedBySlug, insertBreeds, parseAiFields, updateBreed, type AiField } from './breeds.repo.js';

const CHUNK = 100;

type SourceColumns = Omit<Insertable<BreedsTable>, 'id' | 'description_de' | 'ai_fields' | 'ai_attempts' | 'ai_enriched_at' | 'created_at'>;

/** The record and the synonyms searched with it: a new synonym counts as a change and reaches existing rows. */
function hashOf(record: BreedRecord): string {
  return createHash('sha256')
    .update(JSON.stringify([record, synonymsOf(record.slug)]))
    .digest('hex');
}

/** The columns the file decides; the AI columns (description, ai_fields, …) are never touched by the loader. */
export function sourceColumns(record: BreedRecord, now: string): SourceColumns {
  return {
    slug: record.slug,
    name_en: record.name_en,
    name_de: record.name_de,
    sort_name: foldName(displayName(record)),
    search_text: searchTextOf([record.name_de, record.name_en, ...record.alt_names, ...synonymsOf(record.slug)]),
    alt_names: JSON.stringify(record.alt_names),
    wikidata_id: record.wikidata_id,
    fci_number: record.fci_number,
    fci_group: record.fci_group,
    fci_section_de: record.fci_section_de,
    fci_provisional: record.fci_provisional,
    origin_country_de: record.origin_country_de,
    size_class: record.size_class,
    height_min_cm: record.height_cm?.min ?? null,
    height_max_cm: record.height_cm?.max ?? null,
    weight_min_kg: record.weight_kg?.min ?? null,
    weight_max_kg: record.weight_kg?.max ?? null,
    life_min_years: record.life_span_years?.min ?? null,
    life_max_years: record.life_span_years?.max ?? null,
    temperament: JSON.stringify(record.temperament),
    coat: record.coat,
    traits: record.traits ? JSON.stringify(record.traits) : null,
    status: record.status,
    parent_slugs: JSON.stringify(record.parent_slugs),
    field_sources: JSON.stringify(record.field_sources),
    source_hash: hashOf(record),
    updated_at: now,
  };
}

/** True when the file now says something for a field the AI had filled: then the file wins. */
function fileHasValue(columns: SourceColumns, field: AiField): boolean {
  return AI_FIELD_COLUMNS[field].some((c) => {
    const v = columns[c as keyof SourceColumns];
    return v !== null && v !== undefined && v !== '[]';
  });
}

/**
 * Keeps an AI-filled value when the changed file still has nothing for it (otherwise the next restart would wipe
 * what the enrichment job paid for), and forgets the AI mark where the file now provides the fact.
 */
function mergeWithAi(columns: SourceColumns, existing: Selectable<BreedsTable>): SourceColumns & { ai_fields: string } {
  const aiFields = parseAiFields(existing.ai_fields).filter((f) => f === 'description_de' || !fileHasValue(columns, f));
  const merged: Record<string, unknown> = { ...columns };
  for (const field of aiFields) {
    for (const c of AI_FIELD_COLUMNS[field]) {
      if (c in columns) merged[c] = existing[c as keyof Selectable<BreedsTable>];
    }
  }
  if (aiFields.includes('name_de')) {
    merged.sort_name = foldName(String(merged.name_de ?? columns.name_en));
    merged.search_text = searchTextOf([
      String(merged.name_de ?? ''),
      columns.name_en,
      ...(JSON.parse(columns.alt_names ?? '[]') as string[]),
      ...synonymsOf(columns.slug),
    ]);
  }
  return { ...(merged as SourceColumns), ai_fields: JSON.stringify(aiFields) };
}

export interface LoadResult {
  inserted: number;
  updated: number;
  unchanged: number;
}

/**
 * Loads reference/breeds.json into the breeds table. Idempotent: unchanged records cost one hash comparison, new ones
 * are inserted, changed ones rewritten (AI-filled values survive, see mergeWithAi). Breeds that left the file stay,
 * because dogs may link to their slug. Safe when several instances start at once (insert … on conflict do nothing).
 */
export async function loadBreeds(ctx: Pick<AppContext, 'db' | 'clock' | 'log'>, records: BreedRecord[] = readBreedFile()): Promise<LoadResult> {
  const now = ctx.clock.now().toISOString();
  const existing = await breedSourceHashes(ctx.db);
  const fresh = records.filter((r) => !existing.has(r.slug));
  const changed = records.filter((r) => {
    const hash = existing.get(r.slug);
    return hash !== undefined && hash !== hashOf(r);
  });
  if (!fresh.length && !changed.length) return { inserted: 0, updated: 0, unchanged: records.length };

  await ctx.db.transaction().execute(async (trx) => {
    for (let i = 0; i < fresh.length; i += CHUNK) {
      const rows = fresh.slice(i, i + CHUNK).map((r) => ({ ...sourceColumns(r, now), ai_fields: '[]', created_at: now }));
      await insertBreeds(trx, rows);
    }
    for (const record of changed) {
      const current = await findBreedBySlug(trx, record.slug);
      if (!current) continue;
      await updateBreed(trx, current.id, mergeWithAi(sourceColumns(record, now), current));
    }
  });
  breedCache(ctx).invalidate();
  ctx.log.info({ inserted: fresh.length, updated: changed.length }, 'breed data loaded');
  return { inserted: fresh.length, updated: changed.length, unchanged: records.length - fresh.length - changed.length };
}
