import type { AppContext } from '../../../core/context.js';
import { route, type Routes } from '../../../core/http/route.js';
import { AiStatus, TrainingPlanAnswer, TrainingPlanBody } from './ai.schemas.js';
import { aiClientOf } from './ai.service.js';
import { isPremium, usesLeft } from './quota.js';
import { trainingPlan } from './training-plan.js';

const tags = ['KI'];

export function aiRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    {
      method: 'get',
      path: '/api/ai/status',
      summary: 'KI verfügbar? Einwilligung und übrige Nutzungen (die App blendet die KI-Knöpfe danach ein oder aus)',
      tags,
      access: 'user',
      responses: { 200: { description: 'Stand', schema: AiStatus } },
    },
    async ({ actor }, _req, res) => {
      const available = aiClientOf(ctx) !== null;
      res.json({
        available,
        consent: actor.notes_ki_enabled === 1,
        premium: isPremium(actor),
        note_analyses_left: await usesLeft(ctx, actor, 'note_analysis'),
        training_plans_left: await usesLeft(ctx, actor, 'training_plan'),
      });
    },
  );
  route(
    routes,
    {
      method: 'post',
      path: '/api/ai/training-plan',
      summary: 'KI-Trainingsplan für einen Hund (Einwilligung nötig; kostenlos 1 pro Woche, Pro 10 pro Stunde)',
      tags,
      access: 'user',
      body: TrainingPlanBody,
      before: [ctx.limits.aiTraining],
      responses: {
        200: { description: 'Plan', schema: TrainingPlanAnswer },
        403: { description: 'Einwilligung fehlt oder fremder Hund' },
        404: { description: 'Hund gibt es nicht' },
        429: { description: 'Kontingent aufgebraucht' },
        502: { description: 'Unbrauchbare KI-Antwort' },
        503: { description: 'KI nicht eingerichtet oder nicht erreichbar' },
      },
    },
    async ({ body, actor }, _req, res) => {
      res.json(await trainingPlan(ctx, actor, body));
    },
  );
}
