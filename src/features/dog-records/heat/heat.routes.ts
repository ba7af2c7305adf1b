import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { recordRoutes } from '#core/records/record-kind.js';
import { heatCycles } from './heat.kind.js';
import { HeatPrediction } from './heat.schemas.js';
import { predictionFor } from './heat.service.js';

export function heatRoutes(ctx: AppContext, routes: Routes): void {
  // The fixed path first: /api/dogs/:dogId/heat-cycles/prediction is not a record id.
  const api = routeGroup(routes, { tags: [heatCycles.tag], access: 'user' });
  api.get('/api/dogs/:dogId/heat-cycles/prediction', 'Voraussichtlicher Beginn der nächsten Läufigkeit (Mittel der letzten 5 Abstände, sonst 182 Tage)', {
    responses: { 200: ['Schätzung', HeatPrediction], 403: 'Kein Zugriff auf diesen Hund', 404: 'Hund gibt es nicht' },
    run: ({ params, actor }) => predictionFor(ctx, actor, params.dogId),
  });
  recordRoutes(ctx, routes, heatCycles);
}
