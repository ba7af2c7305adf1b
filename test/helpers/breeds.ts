import type { BreedRecord } from '../../src/features/public-web/wiki/breed-file.js';

/** A breed record as the data file holds it, with every optional fact empty unless given. */
export function buildBreedRecord(slug: string, over: Partial<BreedRecord> = {}): BreedRecord {
  return {
    slug,
    name_en: `${slug} dog`,
    name_de: null,
    alt_names: [],
    wikidata_id: null,
    fci_number: null,
    fci_group: null,
    fci_section_de: null,
    fci_provisional: null,
    origin_country_de: null,
    size_class: null,
    height_cm: null,
    weight_kg: null,
    life_span_years: null,
    temperament: [],
    coat: null,
    traits: null,
    status: null,
    parent_slugs: [],
    field_sources: {},
    ...over,
  };
}
