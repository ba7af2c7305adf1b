import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { idempotency } from '#core/http/guards/idempotency.js';
import { dismissReminderRoute } from '#core/records/dismiss-reminder.routes.js';
import { loadRecord, recordRoutes } from '#core/records/record-kind.js';
import { careRoutines } from './care.kind.js';
import { CareDoneBody, CareRoutine } from './care.schemas.js';
import { markDone } from './care.service.js';

export function careRoutes(ctx: AppContext, routes: Routes): void {
  recordRoutes(ctx, routes, careRoutines);
  dismissReminderRoute(ctx, routes, careRoutines);
  const api = routeGroup(routes, { tags: [careRoutines.tag], access: 'user' });
  api.post('/api/care-routines/:id/done', 'Pflegeroutine erledigt (heute oder am angegebenen Tag); antwortet mit dem neuen next_due', {
    authorize: ({ params, actor }) => loadRecord(ctx, actor, careRoutines, params.id, 'write'),
    body: CareDoneBody,
    idempotent: idempotency(ctx),
    responses: { 200: ['Erledigt', CareRoutine], 403: 'Kein Zugriff auf diesen Hund', 404: 'Pflegeroutine gibt es nicht' },
    run: ({ params, body, actor }) => markDone(ctx, actor, params.id, body.date),
  });
}
