import type { AppContext } from '../../../core/context.js';
import { route, type Routes } from '../../../core/http/route.js';
import { DogIdParam } from '../../../core/http/schema-kit.js';
import { recordRoutes } from '../../../core/records/record-kind.js';
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
  recordRoutes(ctx, routes, medications);
  recordRoutes(ctx, routes, allergies);
  recordRoutes(ctx, routes, weights);
  recordRoutes(ctx, routes, vetVisits);
  recordRoutes(ctx, routes, findings);
  documentsRoutes(ctx, routes);
  route(
    routes,
    {
      method: 'get',
      path: '/api/dogs/:dogId/vet-practice',
      summary: 'Die Tierarztpraxis des Hundes (null, solange keine eingetragen ist)',
      tags,
      access: 'user',
      params: DogIdParam,
      responses: { 200: { description: 'Praxis, null wenn noch keine eingetragen ist', schema: VetPractice.nullable() }, ...refused },
    },
    async ({ params, actor }, _req, res) => {
      res.json(await getPractice(ctx, actor, params.dogId));
    },
  );
  route(
    routes,
    {
      method: 'put',
      path: '/api/dogs/:dogId/vet-practice',
      summary: 'Tierarztpraxis setzen (ersetzt sie ganz)',
      tags,
      access: 'user',
      params: DogIdParam,
      body: VetPracticeBody,
      responses: { 200: { description: 'Gespeichert', schema: VetPractice }, ...refused, 422: { description: 'Feld zu lang' } },
    },
    async ({ params, body, actor }, _req, res) => {
      res.json(await putPractice(ctx, actor, params.dogId, body));
    },
  );
  membersRoutes(ctx, routes);
  healthRecordRoutes(ctx, routes); // PDF, emergency card, /notfall/:token
}
