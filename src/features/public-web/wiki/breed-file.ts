import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { flag } from '#core/http/route/schema-kit.js';
import { PROJECT_ROOT } from '#core/paths.js';
import { SIZE_CLASSES } from './wiki.labels.js';

/** The project's own breed data (facts only), derived from the research set; see docs/breeds-sources.md. */
export const BREEDS_FILE = join(PROJECT_ROOT, 'reference', 'breeds.json');

const Range = z.strictObject({ min: z.number().nonnegative(), max: z.number().nonnegative() }).nullable();

export const BreedRecord = z.strictObject({
  slug: z.string().regex(/^[a-z0-9-]{1,100}$/),
  name_en: z.string().min(1).max(200),
  name_de: z.string().min(1).max(200).nullable(),
  alt_names: z.array(z.string().max(200)),
  wikidata_id: z.string().max(20).nullable(),
  fci_number: z.number().int().nullable(),
  fci_group: z.number().int().min(1).max(10).nullable(),
  fci_section_de: z.string().max(200).nullable(),
  fci_provisional: flag.nullable(),
  origin_country_de: z.string().max(200).nullable(),
  size_class: z.enum(SIZE_CLASSES).nullable(),
  height_cm: Range,
  weight_kg: Range,
  life_span_years: Range,
  temperament: z.array(z.string().max(100)),
  coat: z.string().max(20).nullable(),
  traits: z.record(z.string(), z.string()).nullable(),
  status: z.string().max(30).nullable(),
  parent_slugs: z.array(z.string()),
  field_sources: z.record(z.string(), z.string()),
});
export type BreedRecord = z.infer<typeof BreedRecord>;

/** Reads and validates the whole file; a broken record stops the start with its slug in the message. */
export function readBreedFile(file = BREEDS_FILE): BreedRecord[] {
  const parsed = z.array(BreedRecord).safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${file}: invalid breed record at ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? ''}`);
  }
  return parsed.data;
}
