import type { Updateable } from 'kysely';
import { z } from 'zod';
import { AiError, type AiClient, createAiClient } from '#core/ai/ai-client.js';
import type { AppContext } from '#core/context.js';
import type { BreedsTable } from '#core/db/tables/wiki.js';
import { displayName, foldName, searchTextOf } from './breed-text.js';
import { breedCache } from './breeds.cache.js';
import { countAttempt, enrichmentCandidates, parseAiFields, updateBreed, type AiField, type BreedRow } from './breeds.repo.js';
import { synonymsOf } from './german-synonyms.js';
import { TEMPERAMENT_KEYWORDS, temperamentDe } from './temperament-de.js';
import { FCI_GROUPS_DE, STATUS_DE, type SizeClass } from './wiki.labels.js';

/** Breeds per run and how often one breed may fail before the job leaves it alone. */
export const ENRICH_BATCH = 20;
export const ENRICH_MAX_ATTEMPTS = 3;

const nullableRange = {
  type: ['object', 'null'],
  additionalProperties: false,
  required: ['min', 'max'],
  properties: { min: { type: 'number' }, max: { type: 'number' } },
};

export const BREED_FACTS_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['name_de', 'description_de', 'origin_country_de', 'height_cm', 'weight_kg', 'life_span_years', 'temperament'],
  properties: {
    name_de: { type: ['string', 'null'] },
    description_de: { type: 'string' },
    origin_country_de: { type: ['string', 'null'] },
    height_cm: nullableRange,
    weight_kg: nullableRange,
    life_span_years: nullableRange,
    temperament: { type: 'array', items: { type: 'string', enum: TEMPERAMENT_KEYWORDS } },
  },
};

const Range = z.object({ min: z.number(), max: z.number() }).nullable();
export const BreedFacts = z.object({
  name_de: z.string().nullable(),
  description_de: z.string(),
  origin_country_de: z.string().nullable(),
  height_cm: Range,
  weight_kg: Range,
  life_span_years: Range,
  temperament: z.array(z.string()),
});
type BreedFacts = z.infer<typeof BreedFacts>;

const SYSTEM_PROMPT = [
  'Du bist Kynologin und schreibst für ein deutschsprachiges Hunderassen-Wiki.',
  'Du bekommst die bekannten Fakten zu einer Rasse und ergänzt fehlende Angaben als JSON.',
  'Erfinde nichts: Wenn du eine Angabe nicht sicher weißt, gib null zurück (bei temperament eine leere Liste).',
  'name_de: der im deutschen Sprachraum übliche Name, sonst null.',
  'description_de: 2 bis 4 sachliche Sätze auf Deutsch zu Herkunft, ursprünglicher Verwendung und Wesen; keine Werbung, keine Gesundheitsversprechen.',
  'height_cm, weight_kg, life_span_years: Spanne für erwachsene Hunde beider Geschlechter.',
  'temperament: höchstens 6 passende Begriffe, nur aus der erlaubten englischen Liste.',
].join('\n');

function rangeOf(min: number | null, max: number | null) {
  return min === null || max === null ? null : { min, max };
}

function promptFor(row: BreedRow): string {
  return JSON.stringify({
    name_en: row.name_en,
    name_de: row.name_de,
    alt_names: JSON.parse(row.alt_names) as string[],
    fci_group: row.fci_group ? FCI_GROUPS_DE[row.fci_group] : null,
    status: row.status ? (STATUS_DE[row.status] ?? row.status) : null,
    origin_country_de: row.origin_country_de,
    height_cm: rangeOf(row.height_min_cm, row.height_max_cm),
    weight_kg: rangeOf(row.weight_min_kg, row.weight_max_kg),
    life_span_years: rangeOf(row.life_min_years, row.life_max_years),
    temperament: JSON.parse(row.temperament) as string[],
  });
}

/** A range the model may plausibly mean for a dog; anything else is dropped rather than shown. */
function plausible(r: { min: number; max: number } | null, lowest: number, highest: number) {
  if (!r || !Number.isFinite(r.min) || !Number.isFinite(r.max) || r.min <= 0 || r.min > r.max || r.min < lowest || r.max > highest) return null;
  return { min: Math.round(r.min * 10) / 10, max: Math.round(r.max * 10) / 10 };
}

/** The data set's own rule (BREEDS-SOURCES.md §4): size class from the mid-point weight. */
export function sizeFromWeight(w: { min: number; max: number }): SizeClass {
  const mid = (w.min + w.max) / 2;
  return mid < 5 ? 'toy' : mid < 11 ? 'small' : mid < 25 ? 'medium' : mid < 45 ? 'large' : 'giant';
}

const text = (v: string | null, max: number) => {
  const t = v?.trim();
  return t && t.length <= max ? t : null;
};

/** Only fields the row lacks are filled; each filled field is recorded so the page can mark it as AI-generated. */
export function enrichmentUpdate(row: BreedRow, facts: BreedFacts, now: string): Updateable<BreedsTable> {
  const set: Updateable<BreedsTable> = {};
  const filled: AiField[] = [];
  const nameDe = row.name_de ?? text(facts.name_de, 200);
  if (!row.name_de && nameDe) {
    set.name_de = nameDe;
    set.sort_name = foldName(nameDe);
    set.search_text = searchTextOf([nameDe, row.name_en, ...(JSON.parse(row.alt_names) as string[]), ...synonymsOf(row.slug)]);
    filled.push('name_de');
  }
  const description = text(facts.description_de, 2000);
  if (!row.description_de && description) {
    set.description_de = description;
    filled.push('description_de');
  }
  const origin = text(facts.origin_country_de, 200);
  if (!row.origin_country_de && origin) {
    set.origin_country_de = origin;
    filled.push('origin_country_de');
  }
  const height = row.height_min_cm === null ? plausible(facts.height_cm, 10, 120) : null;
  if (height) {
    Object.assign(set, { height_min_cm: height.min, height_max_cm: height.max });
    filled.push('height');
  }
  const weight = row.weight_min_kg === null ? plausible(facts.weight_kg, 0.5, 120) : null;
  if (weight) {
    Object.assign(set, { weight_min_kg: weight.min, weight_max_kg: weight.max });
    filled.push('weight');
    if (!row.size_class) {
      set.size_class = sizeFromWeight(weight);
      filled.push('size_class');
    }
  }
  const life = row.life_min_years === null ? plausible(facts.life_span_years, 4, 25) : null;
  if (life) {
    Object.assign(set, { life_min_years: life.min, life_max_years: life.max });
    filled.push('life_span');
  }
  const temperament = [...new Set(facts.temperament.filter((k) => temperamentDe(k) !== undefined))].slice(0, 6);
  if (row.temperament === '[]' && temperament.length) {
    set.temperament = JSON.stringify(temperament);
    filled.push('temperament');
  }
  const aiFields = [...new Set([...parseAiFields(row.ai_fields), ...filled])];
  return { ...set, ai_fields: JSON.stringify(aiFields), ai_enriched_at: now, updated_at: now };
}

/**
 * Fills missing breed fields and a German description through the AI client, a batch per run. Without AI
 * configuration it does nothing. When the provider is down (timeout, 5xx, quota, bad key) the batch stops and
 * the next run tries again; an unusable answer counts as an attempt, and after ENRICH_MAX_ATTEMPTS the breed keeps
 * what is known. The AI call happens outside any transaction; each result is one UPDATE.
 */
export async function enrichBreeds(ctx: AppContext, options: { client?: AiClient; batch?: number } = {}): Promise<number> {
  const client = options.client ?? createAiClient(ctx);
  if (!client) return 0;
  const rows = await enrichmentCandidates(ctx.db, options.batch ?? ENRICH_BATCH, ENRICH_MAX_ATTEMPTS);
  let enriched = 0;
  for (const row of rows) {
    let facts: BreedFacts;
    try {
      facts = await client.chatJson({
        name: 'breed_facts',
        system: SYSTEM_PROMPT,
        user: promptFor(row),
        jsonSchema: BREED_FACTS_JSON_SCHEMA,
        schema: BreedFacts,
        maxTokens: 700,
      });
    } catch (err) {
      if (!(err instanceof AiError)) throw err;
      ctx.log.warn({ slug: row.slug, kind: err.kind }, 'breed enrichment failed');
      if (err.providerDown) break;
      await countAttempt(ctx.db, row.id, ctx.clock.now().toISOString());
      continue;
    }
    await updateBreed(ctx.db, row.id, enrichmentUpdate(row, facts, ctx.clock.now().toISOString()));
    enriched++;
  }
  if (enriched) breedCache(ctx).invalidate();
  ctx.log.info({ enriched, candidates: rows.length, name: rows.map(displayName).slice(0, 3) }, 'breed enrichment run');
  return enriched;
}
