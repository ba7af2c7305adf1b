import type { AppContext } from '../../../core/context.js';
import { route, type Routes } from '../../../core/http/route.js';
import { IdParam } from '../../../core/http/schema-kit.js';
import { recordRoutes } from '../../../core/records/record-kind.js';
import { careRoutines } from './care.kind.js';
import { CareDoneBody, CareRoutine } from './care.schemas.js';
import { markDone } from './care.service.js';

export function careRoutes(ctx: AppContext, routes: Routes): void {
  recordRoutes(ctx, routes, careRoutines);
  route(
    routes,
    {
      method: 'post',
      path: '/api/care-routines/:id/done',
      summary: 'Pflegeroutine erledigt (heute oder am angegebenen Tag); antwortet mit dem neuen next_due',
      tags: [careRoutines.tag],
      access: 'user',
      params: IdParam,
      body: CareDoneBody,
      responses: {
        200: { description: 'Erledigt', schema: CareRoutine },
        403: { description: 'Kein Zugriff auf diesen Hund' },
        404: { description: 'Pflegeroutine gibt es nicht' },
      },
    },
    async ({ params, body, actor }, _req, res) => {
      res.json(await markDone(ctx, actor, params.id, body.date));
    },
  );
}
