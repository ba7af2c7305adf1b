import { z } from 'zod';
import { Id, requiredText } from '#core/http/route/schema-kit.js';

/** What the note analysis answers (validated; anything else is a 502 and nothing is stored). */
export const NoteAnalysis = z
  .object({
    summary: z.string().min(1).max(600),
    observations: z.array(z.string().min(1).max(300)).max(8),
    suggestions: z.array(z.string().min(1).max(300)).max(8),
    see_vet: z.boolean().meta({ description: 'true, wenn die KI einen Tierarztbesuch nahelegt' }),
  })
  .meta({ id: 'NoteAnalysis' });
export type NoteAnalysis = z.infer<typeof NoteAnalysis>;

export const TrainingPlanBody = z
  .strictObject({
    dog_id: Id,
    goal: requiredText(200).meta({ description: 'Trainingsziel, z. B. „Leinenführigkeit“' }),
    minutes_per_day: z.number().int().min(5).max(120).optional().meta({ description: 'Minuten pro Tag (5–120, Standard 15)' }),
  })
  .meta({ id: 'TrainingPlanBody' });

const Exercise = z.object({ name: z.string().min(1).max(120), description: z.string().min(1).max(600), minutes: z.number().int().min(1).max(120) });
const Week = z.object({ week: z.number().int().min(1).max(12), focus: z.string().min(1).max(200), exercises: z.array(Exercise).min(1).max(7) });
export const TrainingPlan = z.object({ title: z.string().min(1).max(200), weeks: z.array(Week).min(1).max(12) }).meta({ id: 'TrainingPlan' });
export type TrainingPlan = z.infer<typeof TrainingPlan>;
export const TrainingPlanAnswer = z.object({ plan: TrainingPlan }).meta({ id: 'TrainingPlanAnswer' });

export const AiStatus = z
  .object({
    available: z.boolean().meta({ description: 'KI auf diesem Server eingerichtet (sonst blendet die App die Knöpfe aus)' }),
    consent: z.boolean().meta({ description: 'notes_ki_enabled: die Einwilligung, Texte an die KI zu schicken' }),
    premium: z.boolean(),
    note_analyses_left: z.number().int().nullable().meta({ description: 'Übrige Notiz-Analysen in diesem Monat; null = ohne Obergrenze' }),
    training_plans_left: z.number().int().nullable().meta({ description: 'Übrige Trainingspläne in dieser Woche (7 Tage); null = 10 pro Stunde' }),
  })
  .meta({ id: 'AiStatus' });
export type AiStatus = z.infer<typeof AiStatus>;

/** JSON Schemas sent as response_format (strict structured output); zod above checks what comes back. */
const str = (maxLength: number) => ({ type: 'string', maxLength });
export const NOTE_ANALYSIS_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['summary', 'observations', 'suggestions', 'see_vet'],
  properties: {
    summary: str(600),
    observations: { type: 'array', items: str(300), maxItems: 8 },
    suggestions: { type: 'array', items: str(300), maxItems: 8 },
    see_vet: { type: 'boolean' },
  },
};
export const TRAINING_PLAN_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'weeks'],
  properties: {
    title: str(200),
    weeks: {
      type: 'array',
      maxItems: 12,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['week', 'focus', 'exercises'],
        properties: {
          week: { type: 'integer' },
          focus: str(200),
          exercises: {
            type: 'array',
            maxItems: 7,
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['name', 'description', 'minutes'],
              properties: { name: str(120), description: str(600), minutes: { type: 'integer' } },
            },
          },
        },
      },
    },
  },
};
