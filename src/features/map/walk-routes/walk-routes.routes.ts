import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import { GEOMETRY_MAX_VALUES } from '#core/http/route/json-body.js';
import { route, type Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { IdParam } from '#core/http/route/schema-kit.js';
import { gpxDisposition } from './gpx.js';
import { planRoute } from './route-plan.service.js';
import { CreateRouteBody, Plan, PlanBody, RoutesPage, RoutesQuery, SavedRoute, UpdateRouteBody } from './walk-routes.schemas.js';
import { changeRoute, createRoute, getRoute, listRoutes, ownRoute, removeRoute, routeAsGpx } from './walk-routes.service.js';

const tags = ['Routen und Spaziergänge'];
const refused = { 403: { description: 'Gehört jemand anderem' }, 404: { description: 'Gibt es nicht' } };

export function walkRoutesRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags, access: 'user' });
  api.post('/api/routes/plan', 'Fußweg-Route durch 2–25 Punkte planen (20 in 7 Tagen ohne Pro; dieselbe Anfrage am selben Tag zählt nicht)', {
    before: [ctx.limits.routePlan],
    body: PlanBody,
    responses: {
      200: ['Die Route als GeoJSON-Linie mit Länge und Gehzeit', Plan],
      422: 'Kein Weg gefunden, Punkt zu weit vom Weg oder Route zu lang',
      429: '20 Planungen in 7 Tagen erreicht oder die Routenplanung ist heute ausgelastet (Retry-After)',
      503: 'Routenplanung gerade nicht verfügbar (zählt nicht)',
    },
    run: ({ body, actor }) => planRoute(ctx, actor, body),
  });
  api.get('/api/routes', 'Deine gespeicherten Routen, neueste zuerst; mit lat/lon: geteilte und deine, die in der Nähe starten, nächste zuerst', {
    query: RoutesQuery,
    responses: { 200: ['Routen', RoutesPage], 400: 'Position, Umkreis (1–200 km) oder Cursor ungültig' },
    run: ({ query, actor }) => listRoutes(ctx, actor, query),
  });
  api.post('/api/routes', 'Route speichern (geteilt nur mit bestätigter E-Mail)', {
    body: CreateRouteBody,
    jsonMaxValues: GEOMETRY_MAX_VALUES,
    responses: { 201: ['Gespeichert', SavedRoute], 403: 'E-Mail nicht bestätigt' },
    run: ({ body, actor }) => createRoute(ctx, actor, body),
  });
  api.get('/api/routes/:id', 'Eine Route (eine private nur für ihren Besitzer)', {
    responses: { 200: ['Die Route', SavedRoute], ...refused },
    run: ({ params, actor }) => getRoute(ctx, actor, params.id),
  });
  route(
    routes,
    {
      method: 'get',
      path: '/api/routes/:id/gpx',
      params: IdParam,
      summary: 'Route als GPX 1.1 herunterladen (eine private nur für ihren Besitzer)',
      tags,
      access: 'user',
      responses: { 200: { description: 'GPX 1.1', contentType: 'application/gpx+xml', schema: z.string() }, ...refused },
    },
    async ({ params, actor }, _req, res) => {
      const { gpx, row } = await routeAsGpx(ctx, actor, params.id);
      res.setHeader('Content-Type', 'application/gpx+xml; charset=utf-8');
      res.setHeader('Content-Disposition', gpxDisposition(row.id, row.name));
      res.setHeader('Cache-Control', 'private, no-store');
      res.send(gpx);
    },
  );
  api.patch('/api/routes/:id', 'Route umbenennen, beschreiben oder teilen (nur der Besitzer)', {
    authorize: ({ params, actor }) => ownRoute(ctx, actor, params.id),
    body: UpdateRouteBody,
    responses: { 200: ['Geändert', SavedRoute], ...refused },
    run: ({ params, body, actor }) => changeRoute(ctx, actor, params.id, body),
  });
  api.delete('/api/routes/:id', 'Route löschen (nur der Besitzer; Spaziergänge darauf bleiben)', {
    responses: { 204: 'Gelöscht', ...refused },
    run: ({ params, actor }) => removeRoute(ctx, actor, params.id),
  });
}
