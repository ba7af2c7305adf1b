import { z } from 'zod';
import { CalendarDate, LIMITS, optionalText, requiredText } from '#core/http/route/schema-kit.js';

const frame = { id: z.number().int(), dog_id: z.number().int(), created_at: z.string(), updated_at: z.string() };

export const TrainingSessionFields = z.strictObject({
  date: CalendarDate.meta({ description: 'Tag der Einheit, nicht in der Zukunft' }),
  skill: requiredText(LIMITS.title).meta({ description: 'Was geübt wurde, z. B. „Rückruf“' }),
  duration_min: z.number().int().min(1).max(600).meta({ description: 'Dauer in Minuten (1–600)' }),
  rating: z.number().int().min(1).max(5).nullable().optional().meta({ description: 'Wie gut es lief (1–5)' }),
  notes: optionalText(LIMITS.note),
});
export const TrainingSession = z
  .object({
    ...frame,
    date: z.string(),
    skill: z.string(),
    duration_min: z.number().int(),
    rating: z.number().int().nullable(),
    notes: z.string().nullable(),
  })
  .meta({ id: 'TrainingSession' });
export type TrainingSession = z.infer<typeof TrainingSession>;

export const TrainingStreak = z
  .object({
    current_days: z.number().int().meta({ description: 'Tage in Folge mit Training bis heute (zählt noch, wenn das letzte Training gestern war)' }),
    longest_days: z.number().int().meta({ description: 'Längste Serie bisher' }),
    last_date: z.string().nullable().meta({ description: 'Tag des letzten Trainings (YYYY-MM-DD)' }),
  })
  .meta({ id: 'TrainingStreak' });
export type TrainingStreak = z.infer<typeof TrainingStreak>;
