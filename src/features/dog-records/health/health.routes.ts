import type { AppContext } from '#core/context.js';
import { requireDogAccess } from '#core/auth/ownership.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { recordRoutes } from '#core/records/record-kind.js';
import { dismissReminderRoute } from '#core/records/dismiss-reminder.routes.js';
import { allergies, findings, medications, vaccinations, vetVisits, weights } from './health.kinds.js';
import { documentsRoutes } from './documents.routes.js';
import { healthRecordRoutes } from './health-record.routes.js';
import { VetPractice, VetPracticeBody } from './health.schemas.js';
import { membersRoutes } from './members.routes.js';
import { getPractice, putPractice } from './practice.service.js';

const tags = ['Gesundheit'];
const refused = { 403: { description: 'Kein Zugriff auf diesen Hund' }, 404: { description: 'Hund (oder Praxis) gibt es nicht' } };

export function healthRoutes(ctx: AppContext, routes: Routes): void {
  // One line per kind (each keeps its own item type); documents add their upload and file routes.
  recordRoutes(ctx, routes, vaccinations);
  dismissReminderRoute(ctx, routes, vaccinations);
  recordRoutes(ctx, routes, medications);
  recordRoutes(ctx, routes, allergies);
  recordRoutes(ctx, routes, weights);
  recordRoutes(ctx, routes, vetVisits);
  recordRoutes(ctx, routes, findings);
  documentsRoutes(ctx, routes);
  const api = routeGroup(routes, { tags, access: 'user' });
  api.get('/api/dogs/:dogId/vet-practice', 'Die Tierarztpraxis des Hundes (null, solange keine eingetragen ist)', {
    responses: { 200: ['Praxis, null wenn noch keine eingetragen ist', VetPractice.nullable()], ...refused },
    run: ({ params, actor }) => getPractice(ctx, actor, params.dogId),
  });
  api.put('/api/dogs/:dogId/vet-practice', 'Tierarztpraxis setzen (ersetzt sie ganz)', {
    authorize: ({ params, actor }) => requireDogAccess(ctx.db, actor, params.dogId, 'manage'),
    body: VetPracticeBody,
    responses: { 200: ['Gespeichert', VetPractice], ...refused, 422: 'Feld zu lang' },
    run: ({ params, body, actor }) => putPractice(ctx, actor, params.dogId, body),
  });
  membersRoutes(ctx, routes);
  healthRecordRoutes(ctx, routes); // PDF, emergency card, /notfall/:token
}
