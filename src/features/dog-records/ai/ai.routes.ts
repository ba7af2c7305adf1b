import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { AiStatus, TrainingPlanAnswer, TrainingPlanBody } from './ai.schemas.js';
import { aiClientOf } from './ai.service.js';
import { isPremium, usesLeft } from './quota.js';
import { trainingPlan } from './training-plan.js';

const tags = ['KI'];

export function aiRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags, access: 'user' });
  api.get('/api/ai/status', 'KI verfügbar? Einwilligung und übrige Nutzungen (die App blendet die KI-Knöpfe danach ein oder aus)', {
    responses: { 200: ['Stand', AiStatus] },
    run: async ({ actor }) => {
      const available = aiClientOf(ctx) !== null;
      return {
        available,
        consent: actor.notes_ki_enabled === 1,
        premium: isPremium(actor),
        note_analyses_left: await usesLeft(ctx, actor, 'note_analysis'),
        training_plans_left: await usesLeft(ctx, actor, 'training_plan'),
      };
    },
  });
  api.post('/api/ai/training-plan', 'KI-Trainingsplan für einen Hund (Einwilligung nötig; kostenlos 1 pro Woche, Pro 10 pro Stunde)', {
    body: TrainingPlanBody,
    before: [ctx.limits.aiTraining],
    responses: {
      200: ['Plan', TrainingPlanAnswer],
      403: 'Einwilligung fehlt oder fremder Hund',
      404: 'Hund gibt es nicht',
      429: 'Kontingent aufgebraucht',
      502: 'Unbrauchbare KI-Antwort',
      503: 'KI nicht eingerichtet oder nicht erreichbar',
    },
    run: ({ body, actor }) => trainingPlan(ctx, actor, body),
  });
}
