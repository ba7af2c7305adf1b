import { z } from 'zod';
import data from './regional-rules.json' with { type: 'json' };
import { REGION_NAMES } from './regions.js';

/**
 * THE rules table (decisions: "Your place"): one reviewed data file, regional-rules.json, read and checked once
 * at start. A row without a source, with an unknown code or a bad date fails the check (and the test), so no row
 * ships unsourced. "unknown" is an honest value: its `rule` says why.
 */
export const RULE_CODES = ['liability_insurance', 'competence_certificate', 'registry', 'dog_tax', 'listed_breeds', 'leash_season'] as const;
export type RuleCode = (typeof RULE_CODES)[number];
export const REQUIRED = ['yes', 'no', 'depends', 'unknown'] as const;

/** MM-DD of a real day (a leap year, so 02-29 is allowed; 04-31 is not). */
const MonthDay = z
  .string()
  .regex(/^\d\d-\d\d$/)
  .refine((md) => {
    const t = Date.parse(`2024-${md}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().slice(5, 10) === md;
  }, 'not a day');
const Day = z.iso.date();

export const RuleRow = z.strictObject({
  region: z.string().refine((r) => r === 'CH' || r in REGION_NAMES, 'unknown region'),
  code: z.enum(RULE_CODES),
  required: z.enum(REQUIRED),
  rule: z.string().min(5),
  source_url: z.url({ protocol: /^https?$/ }),
  as_of: Day,
  from: MonthDay.optional(),
  until: MonthDay.optional(),
});
export type RuleRow = z.infer<typeof RuleRow>;

export const Registry = z.strictObject({
  key: z.string().min(2),
  name: z.string().min(2),
  hotline: z.string().nullable(),
  website: z.url(),
  note: z.string(),
  source_url: z.url({ protocol: /^https?$/ }),
  as_of: Day,
});
export type Registry = z.infer<typeof Registry>;

const Table = z.strictObject({ about: z.string(), rules: z.array(RuleRow), registries: z.array(Registry) });

/** Parses and checks the table; exported for the test, which feeds it broken rows too. */
export function checkTable(raw: unknown): z.infer<typeof Table> {
  const table = Table.parse(raw);
  const seen = new Set<string>();
  for (const row of table.rules) {
    const key = `${row.region}/${row.code}`;
    if (seen.has(key)) throw new Error(`rules table: ${key} twice`);
    seen.add(key);
    if (row.code === 'leash_season' && row.required === 'yes' && (!row.from || !row.until)) throw new Error(`rules table: ${key} needs from/until`);
    if ((row.from || row.until) && row.code !== 'leash_season') throw new Error(`rules table: ${key} has dates`);
  }
  return table;
}

const TABLE = checkTable(data);
export const RULES: readonly RuleRow[] = TABLE.rules;
export const REGISTRIES: readonly Registry[] = TABLE.registries;

/** The table's rows for a region: a Swiss canton reads the rows for all of Switzerland. */
export function rulesFor(region: string | null): RuleRow[] {
  if (!region) return [];
  const key = region.startsWith('CH') ? 'CH' : region;
  return RULES.filter((r) => r.region === key);
}

export const ruleOf = (region: string | null, code: RuleCode): RuleRow | undefined => rulesFor(region).find((r) => r.code === code);

/** The newest as_of of the rows shown ("Stand …"). */
export const asOfOf = (rows: readonly { as_of: string }[]): string | null =>
  rows.reduce<string | null>((m, r) => (m === null || r.as_of > m ? r.as_of : m), null);

/** Is the day (YYYY-MM-DD) within from..until (MM-DD, both inclusive; a span across New Year wraps)? */
export function withinSeason(day: string, from: string, until: string): boolean {
  const md = day.slice(5);
  return from <= until ? md >= from && md <= until : md >= from || md <= until;
}

/** A recorded registry's entry (by key, or by name case-insensitively); undefined for "another". */
export function registryOf(provider: string | null | undefined): Registry | undefined {
  if (!provider) return undefined;
  const p = provider.trim().toLowerCase();
  return REGISTRIES.find((r) => r.key.toLowerCase() === p || r.name.toLowerCase() === p);
}
