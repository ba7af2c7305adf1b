import { z } from 'zod';
import { CalendarDate, LIMITS, optionalText } from '#core/http/route/schema-kit.js';

/** The duties an owner records something for (the table's two other codes, listed_breeds and leash_season, only inform). */
export const RECORDABLE = ['liability_insurance', 'competence_certificate', 'registry', 'dog_tax'] as const;
export type RecordableCode = (typeof RECORDABLE)[number];

export const DUTY_TITLES: Record<string, string> = {
  liability_insurance: 'Hundehaftpflicht',
  competence_certificate: 'Sachkunde / Hundeführerschein',
  registry: 'Chip und Register',
  dog_tax: 'Hundesteuer',
  listed_breeds: 'Rasseliste',
  leash_season: 'Brut- und Setzzeit',
};

export const DISCLAIMER = 'Keine Rechtsberatung: Regeln ändern sich und deine Gemeinde kann mehr verlangen. Im Zweifel frag dort nach.';

/** Ten million in cents: far above any dog tax. */
const MAX_AMOUNT = 1_000_000_000;

export const DutyBody = z
  .strictObject({
    provider: optionalText(LIMITS.title).meta({ description: 'Versicherer, Register (TASSO, FINDEFIX, Heimtierdatenbank, AMICUS …) oder Prüfstelle' }),
    number: optionalText(LIMITS.title).meta({ description: 'Policen-, Register-, Steuer- oder Bescheinigungsnummer' }),
    amount_cents: z.number().int().min(0).max(MAX_AMOUNT).nullable().optional().meta({ description: 'Betrag in Cent (Steuer, Beitrag)' }),
    due_on: CalendarDate.nullable().optional().meta({ description: 'Fällig am (Steuer, Beitrag)' }),
    renews_on: CalendarDate.nullable().optional().meta({ description: 'Verlängert sich am (Police)' }),
    notes: optionalText(LIMITS.note),
  })
  .meta({ id: 'DutyBody' });
export type DutyBody = z.infer<typeof DutyBody>;

export const DutyRecord = z
  .object({
    provider: z.string().nullable(),
    number: z.string().nullable(),
    amount_cents: z.number().int().nullable(),
    due_on: z.string().nullable(),
    renews_on: z.string().nullable(),
    notes: z.string().nullable(),
    updated_at: z.string(),
  })
  .meta({ id: 'DutyRecord' });
export type DutyRecord = z.infer<typeof DutyRecord>;

export const RegistryHelp = z
  .object({ name: z.string(), hotline: z.string().nullable(), website: z.string(), note: z.string(), source_url: z.string(), as_of: z.string() })
  .meta({ id: 'RegistryHelp' });

export const DutyItem = z
  .object({
    code: z.string(),
    title: z.string(),
    recordable: z.boolean(),
    required: z.enum(['yes', 'no', 'depends', 'unknown']),
    rule: z.string(),
    source_url: z.string().nullable(),
    as_of: z.string().nullable(),
    status: z.enum(['done', 'todo', 'unknown']).meta({ description: 'done: eingetragen oder nichts zu tun; todo: Pflicht, noch nichts eingetragen' }),
    record: DutyRecord.nullable(),
    registry: RegistryHelp.nullable().meta({ description: 'Beim Register: das eingetragene mit seiner öffentlichen Hotline' }),
  })
  .meta({ id: 'DutyItem' });
export type DutyItem = z.infer<typeof DutyItem>;

export const DogDuties = z
  .object({
    region: z.string().nullable(),
    region_name: z.string().nullable(),
    currency: z.enum(['EUR', 'CHF']),
    as_of: z.string().nullable().meta({ description: '„Stand“: der jüngste Tag, an dem eine der gezeigten Quellen gelesen wurde' }),
    disclaimer: z.string(),
    can_edit: z.boolean().meta({ description: 'Nur der Besitzer trägt ein; Betreuer lesen' }),
    items: z.array(DutyItem),
  })
  .meta({ id: 'DogDuties' });
export type DogDuties = z.infer<typeof DogDuties>;

export const DutyCodeParams = z.object({ dogId: z.coerce.number().int().min(1).max(2_147_483_647), code: z.enum(RECORDABLE) });
