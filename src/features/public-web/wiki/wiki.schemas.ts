import { z } from 'zod';
import { PageQuery, pageSchema } from '#core/http/route/pagination.js';
import { flag, LIMITS } from '#core/http/route/schema-kit.js';
import { SIZE_CLASSES } from './wiki.labels.js';

export const BreedListQuery = PageQuery.extend({
  q: z.string().trim().max(LIMITS.slug).optional().meta({ description: 'Suche im deutschen, englischen oder einem anderen Namen' }),
  fci_group: z.coerce.number().int().min(1).max(10).optional().meta({ description: 'FCI-Gruppe 1–10' }),
  size: z.enum(SIZE_CLASSES).optional(),
});
export type BreedListQuery = z.infer<typeof BreedListQuery>;

export const BreedCursor = z.strictObject({ r: z.number().int().min(0).max(3).optional(), n: z.string().max(200), id: z.number().int().positive() });

export const BreedSlugParams = z.object({
  slug: z
    .string()
    .max(LIMITS.slug)
    .regex(/^[a-z0-9-]+$/, 'Ungültiger Rassen-Name.'),
});

const Range = z.object({ min: z.number(), max: z.number() }).nullable();

export const BreedSummary = z
  .object({
    slug: z.string(),
    name: z.string().meta({ description: 'Deutscher Name, sonst der englische' }),
    name_de: z.string().nullable(),
    name_en: z.string(),
    fci_group: z.number().int().nullable(),
    fci_group_label: z.string().nullable(),
    size_class: z.enum(SIZE_CLASSES).nullable(),
    size_label: z.string().nullable(),
    origin_country: z.string().nullable(),
    url: z.string().meta({ description: 'Die öffentliche Rassenseite' }),
    stub: flag.meta({ description: '1 für einen Kurzeintrag: bisher nur der Name bekannt (Listen zeigen sie nach den vollständigen Einträgen)' }),
  })
  .meta({ id: 'BreedSummary' });
export type BreedSummary = z.infer<typeof BreedSummary>;

export const BreedList = pageSchema(BreedSummary).meta({ id: 'BreedList' });

export const BreedDetail = BreedSummary.extend({
  alt_names: z.array(z.string()),
  wikidata_id: z.string().nullable(),
  fci_number: z.number().int().nullable(),
  fci_section: z.string().nullable(),
  fci_provisional: flag.nullable(),
  status: z.string().nullable(),
  status_label: z.string().nullable(),
  height_cm: Range,
  weight_kg: Range,
  life_span_years: Range,
  temperament: z.array(z.object({ keyword: z.string(), label: z.string() })),
  coat: z.string().nullable(),
  coat_label: z.string().nullable(),
  traits: z.array(z.object({ key: z.string(), label: z.string(), value: z.string() })),
  parent_breeds: z.array(z.object({ slug: z.string(), name: z.string() })),
  description_de: z.string().nullable(),
  ai_generated: flag.meta({ description: '1, wenn Felder per KI ergänzt wurden' }),
  ai_generated_fields: z.array(z.string()),
  updated_at: z.string(),
}).meta({ id: 'BreedDetail' });
export type BreedDetail = z.infer<typeof BreedDetail>;
