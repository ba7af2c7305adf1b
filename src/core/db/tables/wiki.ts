import type { Generated } from 'kysely';

/** One breed of the wiki. JSON columns are text on both engines; the repo parses them. */
export interface BreedsTable {
  id: Generated<number>;
  slug: string;
  name_en: string;
  name_de: string | null;
  sort_name: string;
  search_text: string;
  alt_names: string;
  wikidata_id: string | null;
  fci_number: number | null;
  fci_group: number | null;
  fci_section_de: string | null;
  fci_provisional: number | null;
  origin_country_de: string | null;
  size_class: string | null;
  height_min_cm: number | null;
  height_max_cm: number | null;
  weight_min_kg: number | null;
  weight_max_kg: number | null;
  life_min_years: number | null;
  life_max_years: number | null;
  temperament: string;
  coat: string | null;
  traits: string | null;
  status: string | null;
  parent_slugs: string;
  field_sources: string;
  description_de: string | null;
  ai_fields: string;
  ai_attempts: Generated<number>;
  ai_enriched_at: string | null;
  source_hash: string;
  created_at: string;
  updated_at: string;
}

export interface WikiTables {
  breeds: BreedsTable;
}
