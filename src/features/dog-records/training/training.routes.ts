import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { recordRoutes } from '#core/records/record-kind.js';
import { trainingSessions } from './training.kind.js';
import { TrainingStreak } from './training.schemas.js';
import { streakFor } from './training.service.js';

export function trainingRoutes(ctx: AppContext, routes: Routes): void {
  recordRoutes(ctx, routes, trainingSessions);
  const api = routeGroup(routes, { tags: [trainingSessions.tag], access: 'user' });
  api.get('/api/dogs/:dogId/training-streak', 'Trainingsserie: Tage in Folge mit mindestens einer Einheit (Europe/Berlin), aktuell und längste', {
    responses: { 200: ['Serie', TrainingStreak], 403: 'Kein Zugriff auf diesen Hund', 404: 'Hund gibt es nicht' },
    run: ({ params, actor }) => streakFor(ctx, actor, params.dogId),
  });
}
