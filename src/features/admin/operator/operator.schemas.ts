import { z } from 'zod';
import { flag, flagInput, LIMITS, optionalText, requiredText } from '#core/http/route/schema-kit.js';

/** Decisions: Operator, legal pages. Prices are cents per year, as everywhere money is stored. */
const Cents = z.number().int().min(0).max(1_000_000);

export const OperatorSettings = z
  .object({
    operator_name: z.string(),
    operator_address: z.string().meta({ description: 'Zeilen durch Zeilenumbrüche getrennt' }),
    contact_email: z.string(),
    contact_phone: z.string().nullable(),
    vat_id: z.string().nullable(),
    register_court: z.string().nullable().meta({ description: 'Registergericht, z. B. „Amtsgericht Hamburg“ (Impressum einer Firma)' }),
    register_number: z.string().nullable().meta({ description: 'Registernummer, z. B. „HRB 12345“' }),
    representatives: z.string().nullable().meta({ description: 'Vertretungsberechtigte (Geschäftsführung, Vorstand)' }),
    small_business: flag.meta({ description: '1: Kleinunternehmer nach § 19 UStG, Rechnungen ohne Umsatzsteuer' }),
    price_pro_cents_year: z.number().int(),
    price_breeder_cents_year: z.number().int(),
    updated_at: z.string(),
    missing: z.array(z.string()).meta({ description: 'Was für Rechnungen und Impressum noch fehlt (deutsch); leer, wenn alles da ist' }),
  })
  .meta({ id: 'OperatorSettings' });
export type OperatorSettings = z.infer<typeof OperatorSettings>;

export const UpdateOperatorSettingsBody = z
  .strictObject({
    operator_name: requiredText(LIMITS.title),
    operator_address: z.string().trim().max(500),
    contact_email: z.union([z.email().max(LIMITS.email), z.literal('')]),
    contact_phone: optionalText(50),
    vat_id: optionalText(40),
    register_court: optionalText(200),
    register_number: optionalText(100),
    representatives: optionalText(500),
    small_business: flagInput,
    price_pro_cents_year: Cents,
    price_breeder_cents_year: Cents,
  })
  .partial()
  .meta({ id: 'UpdateOperatorSettingsBody' });
export type UpdateOperatorSettingsBody = z.infer<typeof UpdateOperatorSettingsBody>;

/** What the plan comparison needs (every logged-in user): the prices and whether VAT is included. */
export const PlanPrices = z
  .object({
    pro_cents_year: z.number().int(),
    breeder_cents_year: z.number().int(),
    small_business: z.boolean(),
    features: z
      .object({
        ai: z.boolean().meta({ description: 'KI-Auswertungen sind auf dieser Installation eingerichtet (AI_BASE_URL)' }),
        routing: z.boolean().meta({ description: 'Routenplanung ist eingerichtet (ROUTING_API_KEY)' }),
      })
      .meta({ description: 'Was diese Installation anbietet: der Tarifvergleich verspricht nur das' }),
  })
  .meta({ id: 'PlanPrices' });
