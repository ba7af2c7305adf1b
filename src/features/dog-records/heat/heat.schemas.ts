import { z } from 'zod';
import { CalendarDate, LIMITS, optionalText } from '#core/http/route/schema-kit.js';

const frame = { id: z.number().int(), dog_id: z.number().int(), created_at: z.string(), updated_at: z.string() };

export const HeatCycleFields = z.strictObject({
  start_date: CalendarDate.meta({ description: 'Erster Tag der Läufigkeit (Blutung), nicht in der Zukunft' }),
  end_date: CalendarDate.nullable().optional().meta({ description: 'Letzter Tag; leer, solange sie andauert' }),
  notes: optionalText(LIMITS.note),
});
export const HeatCycle = z
  .object({ ...frame, start_date: z.string(), end_date: z.string().nullable(), notes: z.string().nullable() })
  .meta({ id: 'HeatCycle' });
export type HeatCycle = z.infer<typeof HeatCycle>;

export const HeatPrediction = z
  .object({
    next_start: z.string().nullable().meta({ description: 'Voraussichtlicher Beginn der nächsten Läufigkeit (YYYY-MM-DD); null ohne Zyklus' }),
    mean_interval_days: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Mittlerer Abstand der letzten (höchstens 5) Zyklusbeginne; 182 bei weniger als zwei' }),
    based_on_cycles: z.number().int().meta({ description: 'Wie viele Zyklen in die Schätzung eingehen' }),
  })
  .meta({ id: 'HeatPrediction' });
export type HeatPrediction = z.infer<typeof HeatPrediction>;
