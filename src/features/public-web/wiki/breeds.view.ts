import { displayName } from './breed-text.js';
import type { BreedRow, BreedSummaryRow } from './breeds.repo.js';
import { isStub, parseAiFields } from './breeds.repo.js';
import { temperamentDe } from './temperament-de.js';
import { COAT_DE, FCI_GROUPS_DE, SIZE_CLASSES, SIZE_DE, STATUS_DE, TRAIT_NAMES_DE, TRAIT_VALUES_DE, type SizeClass } from './wiki.labels.js';
import type { BreedDetail, BreedSummary } from './wiki.schemas.js';

const isSize = (v: string | null): v is SizeClass => v !== null && (SIZE_CLASSES as readonly string[]).includes(v);

function range(min: number | null, max: number | null): { min: number; max: number } | null {
  return min === null || max === null ? null : { min, max };
}

export function toBreedSummary(row: BreedSummaryRow): BreedSummary {
  const size = isSize(row.size_class) ? row.size_class : null;
  return {
    slug: row.slug,
    name: displayName(row),
    name_de: row.name_de,
    name_en: row.name_en,
    fci_group: row.fci_group,
    fci_group_label: row.fci_group ? (FCI_GROUPS_DE[row.fci_group] ?? null) : null,
    size_class: size,
    size_label: size ? SIZE_DE[size] : null,
    origin_country: row.origin_country_de,
    url: `/rassen/${row.slug}`,
    stub: row.stub ? 1 : 0,
  };
}

/** Keywords the table does not know are left out rather than shown in English. */
function temperamentOf(json: string): { keyword: string; label: string }[] {
  const keywords = JSON.parse(json) as string[];
  return keywords.flatMap((keyword) => {
    const label = temperamentDe(keyword);
    return label ? [{ keyword, label }] : [];
  });
}

function traitsOf(json: string | null): { key: string; label: string; value: string }[] {
  if (!json) return [];
  const traits = JSON.parse(json) as Record<string, string>;
  return Object.entries(traits).flatMap(([key, value]) => {
    const label = TRAIT_NAMES_DE[key];
    const de = TRAIT_VALUES_DE[value];
    return label && de ? [{ key, label, value: de }] : [];
  });
}

export function toBreedDetail(row: BreedRow, parents: { slug: string; name_de: string | null; name_en: string }[]): BreedDetail {
  const aiFields = parseAiFields(row.ai_fields);
  return {
    ...toBreedSummary({ ...row, rank: 0, stub: isStub(row) ? 1 : 0 }),
    alt_names: JSON.parse(row.alt_names) as string[],
    wikidata_id: row.wikidata_id,
    fci_number: row.fci_number,
    fci_section: row.fci_section_de,
    fci_provisional: row.fci_provisional === null ? null : row.fci_provisional ? 1 : 0,
    status: row.status,
    status_label: row.status ? (STATUS_DE[row.status] ?? null) : null,
    height_cm: range(row.height_min_cm, row.height_max_cm),
    weight_kg: range(row.weight_min_kg, row.weight_max_kg),
    life_span_years: range(row.life_min_years, row.life_max_years),
    temperament: temperamentOf(row.temperament),
    coat: row.coat,
    coat_label: row.coat ? (COAT_DE[row.coat] ?? null) : null,
    traits: traitsOf(row.traits),
    parent_breeds: parents.map((p) => ({ slug: p.slug, name: displayName(p) })),
    description_de: row.description_de,
    ai_generated: aiFields.length ? 1 : 0,
    ai_generated_fields: aiFields,
    updated_at: row.updated_at,
  };
}
