import { requireDogAccess } from '#core/auth/ownership.js';
import type { Actor } from '#core/auth/session-user.js';
import { dateInZone } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import { findDog } from '../dogs/index.js';
import { TRAINING_PLAN_JSON_SCHEMA, TrainingPlan, type TrainingPlanBody } from './ai.schemas.js';
import { askAi } from './ai.service.js';
import { describeDog } from './dog-profile.js';
import type { z } from 'zod';

const SYSTEM =
  'Du bist eine erfahrene, gewaltfrei arbeitende Hundetrainerin. Du erstellst kurze, machbare Trainingspläne auf Deutsch ' +
  '(Du-Form, freundlich) mit positiver Verstärkung. Keine medizinischen Diagnosen; bei Schmerzen oder Aggression rätst du zu ' +
  'Tierarzt oder Fachtrainer. Antworte nur mit JSON.';

/** POST /api/ai/training-plan: a plan of 2–6 weeks for one of the actor's dogs (caregivers may ask too: 'read'). */
export async function trainingPlan(ctx: AppContext, actor: Actor, body: z.infer<typeof TrainingPlanBody>): Promise<{ plan: TrainingPlan }> {
  const access = await requireDogAccess(ctx.db, actor, body.dog_id, 'read');
  const dog = (await findDog(ctx.db, access.dog_id))!;
  const minutes = body.minutes_per_day ?? 15;
  const user = [
    `Hund: ${describeDog(dog, dateInZone(ctx.clock.now(), ctx.config.timeZone))}.`,
    `Ziel: ${body.goal}`,
    `Zeit pro Tag: ${minutes} Minuten.`,
    'Erstelle einen Plan über 2 bis 6 Wochen: je Woche ein Schwerpunkt und 1 bis 4 Übungen mit kurzer Anleitung und Minuten.',
  ].join('\n');
  const plan = await askAi(ctx, actor, 'training_plan', {
    name: 'training_plan',
    system: SYSTEM,
    user,
    jsonSchema: TRAINING_PLAN_JSON_SCHEMA,
    schema: TrainingPlan,
    maxTokens: 2000,
    temperature: 0.4,
  });
  return { plan };
}
