import { z } from 'zod';
import { CalendarDate, LIMITS, optionalText } from '#core/http/route/schema-kit.js';

/** Trips abroad (decisions: Trips abroad): times are ISO 8601 instants with an offset, days YYYY-MM-DD. */

const Instant = z.iso.datetime({ offset: true }).meta({ description: 'Zeitpunkt (ISO 8601 mit Zeitzone)', example: '2026-07-10T10:00:00+02:00' });
const Country = z
  .string()
  .regex(/^[A-Z]{2}$/, 'Bitte den Ländercode (ISO 3166-1, z. B. NO) angeben.')
  .meta({ description: 'Reiseziel als Ländercode (ISO 3166-1 alpha-2)', example: 'NO' });

const editable = {
  return_at: Instant.nullable().optional(),
  notes: optionalText(LIMITS.note),
  tapeworm_treated_at: Instant.nullable().optional().meta({ description: 'Zeitpunkt der Bandwurmbehandlung beim Tierarzt' }),
  ahc_issued_on: CalendarDate.nullable().optional().meta({ description: 'Tag der Tiergesundheitsbescheinigung (Großbritannien)' }),
  titer_sampled_on: CalendarDate.nullable().optional().meta({ description: 'Tag der Blutentnahme für den Tollwut-Antikörpertest' }),
  titer_result_iu_ml: z.number().min(0).max(1000).nullable().optional().meta({ description: 'Ergebnis des Antikörpertests in IE/ml' }),
};

export const CreateTripBody = z.strictObject({ country: Country, entry_at: Instant, ...editable }).meta({ id: 'CreateTripBody' });
export type CreateTripBody = z.infer<typeof CreateTripBody>;
export const UpdateTripBody = z.strictObject({ country: Country.optional(), entry_at: Instant.optional(), ...editable }).meta({ id: 'UpdateTripBody' });
export type UpdateTripBody = z.infer<typeof UpdateTripBody>;

export const TripCheck = z
  .object({
    code: z.enum(['chip', 'rabies', 'passport', 'ahc', 'tapeworm', 'titer']),
    status: z.enum(['ok', 'todo', 'blocked']),
    message: z.string(),
    window_from: z.string().optional(),
    window_until: z.string().optional(),
    ready_from: z.string().optional(),
  })
  .meta({ id: 'TripCheck' });

export const Trip = z
  .object({
    id: z.number().int(),
    dog_id: z.number().int(),
    country: z.string(),
    country_name: z.string(),
    entry_at: z.string(),
    return_at: z.string().nullable(),
    notes: z.string().nullable(),
    tapeworm_treated_at: z.string().nullable(),
    ahc_issued_on: z.string().nullable(),
    titer_sampled_on: z.string().nullable(),
    titer_result_iu_ml: z.number().nullable(),
    ready: z.boolean(),
    ready_from: z.string().nullable().meta({ description: 'Erster Tag, an dem die Reise beginnen könnte, wenn eine Prüfung blockiert; sonst null' }),
    checks: z.array(TripCheck),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Trip' });
export type Trip = z.infer<typeof Trip>;

export const TripList = z.object({ items: z.array(Trip) }).meta({ id: 'TripList' });

export const TravelCountries = z
  .object({ items: z.array(z.object({ code: z.string(), name: z.string(), rules: z.array(z.string()) })) })
  .meta({ id: 'TravelCountries' });
