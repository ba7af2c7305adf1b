import type { AppContext } from '../../../core/context.js';
import { route, type Routes } from '../../../core/http/route.js';
import { DogIdParam } from '../../../core/http/schema-kit.js';
import { recordRoutes } from '../../../core/records/record-kind.js';
import { heatCycles } from './heat.kind.js';
import { HeatPrediction } from './heat.schemas.js';
import { predictionFor } from './heat.service.js';

export function heatRoutes(ctx: AppContext, routes: Routes): void {
  // The fixed path first: /api/dogs/:dogId/heat-cycles/prediction is not a record id.
  route(
    routes,
    {
      method: 'get',
      path: '/api/dogs/:dogId/heat-cycles/prediction',
      summary: 'Voraussichtlicher Beginn der nächsten Läufigkeit (Mittel der letzten 5 Abstände, sonst 182 Tage)',
      tags: [heatCycles.tag],
      access: 'user',
      params: DogIdParam,
      responses: {
        200: { description: 'Schätzung', schema: HeatPrediction },
        403: { description: 'Kein Zugriff auf diesen Hund' },
        404: { description: 'Hund gibt es nicht' },
      },
    },
    async ({ params, actor }, _req, res) => {
      res.json(await predictionFor(ctx, actor, params.dogId));
    },
  );
  recordRoutes(ctx, routes, heatCycles);
}
