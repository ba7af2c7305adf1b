import type { AppContext } from '../../../core/context.js';
import { route, type Routes } from '../../../core/http/route.js';
import { DogIdParam } from '../../../core/http/schema-kit.js';
import { recordRoutes } from '../../../core/records/record-kind.js';
import { trainingSessions } from './training.kind.js';
import { TrainingStreak } from './training.schemas.js';
import { streakFor } from './training.service.js';

export function trainingRoutes(ctx: AppContext, routes: Routes): void {
  recordRoutes(ctx, routes, trainingSessions);
  route(
    routes,
    {
      method: 'get',
      path: '/api/dogs/:dogId/training-streak',
      summary: 'Trainingsserie: Tage in Folge mit mindestens einer Einheit (Europe/Berlin), aktuell und längste',
      tags: [trainingSessions.tag],
      access: 'user',
      params: DogIdParam,
      responses: {
        200: { description: 'Serie', schema: TrainingStreak },
        403: { description: 'Kein Zugriff auf diesen Hund' },
        404: { description: 'Hund gibt es nicht' },
      },
    },
    async ({ params, actor }, _req, res) => {
      res.json(await streakFor(ctx, actor, params.dogId));
    },
  );
}
