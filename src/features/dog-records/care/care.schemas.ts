import { z } from 'zod';
import { CalendarDate, LIMITS, optionalText } from '#core/http/route/schema-kit.js';

export const CARE_KINDS = ['tick_flea', 'deworming', 'claws', 'coat', 'teeth', 'ears', 'custom'] as const;

const frame = { id: z.number().int(), dog_id: z.number().int(), created_at: z.string(), updated_at: z.string() };

export const CareRoutineFields = z.strictObject({
  kind: z.enum(CARE_KINDS).meta({
    description:
      'tick_flea (Zecken- und Flohschutz), deworming (Entwurmung), claws (Krallen), coat (Fellpflege), teeth (Zähne), ears (Ohren), custom (eigene, mit label)',
  }),
  label: optionalText(100).meta({ description: 'Name einer eigenen Routine (nötig bei kind custom)' }),
  intervall_tage: z.number().int().min(1).max(365).meta({ description: 'Alle wie viele Tage (1–365)' }),
  last_done: CalendarDate.nullable().optional().meta({ description: 'Zuletzt erledigt am, nicht in der Zukunft' }),
  product: optionalText(LIMITS.title),
  notes: optionalText(LIMITS.note),
});
export const CareRoutine = z
  .object({
    ...frame,
    kind: z.enum(CARE_KINDS),
    label: z.string().nullable(),
    intervall_tage: z.number().int(),
    last_done: z.string().nullable(),
    next_due: z.string().nullable().meta({ description: 'last_done + intervall_tage (vom Server berechnet); null, solange nie erledigt' }),
    product: z.string().nullable(),
    notes: z.string().nullable(),
    reminder_dismissed_due: z
      .string()
      .nullable()
      .meta({ description: 'Für diesen Fälligkeitstag sind die Erinnerungen an die Überfälligkeit ausgeblendet (dismiss-reminder); null sonst' }),
  })
  .meta({ id: 'CareRoutine' });
export type CareRoutine = z.infer<typeof CareRoutine>;

export const CareDoneBody = z
  .strictObject({ date: CalendarDate.optional().meta({ description: 'Erledigt am (Standard: heute)' }) })
  .meta({ id: 'CareDoneBody' });
