import { z } from 'zod';
import type { AppContext } from '../../../core/context.js';
import { GEOMETRY_MAX_VALUES } from '../../../core/http/json-body.js';
import { route, type Routes } from '../../../core/http/route.js';
import { IdParam } from '../../../core/http/schema-kit.js';
import { gpxDisposition } from './gpx.js';
import { planRoute } from './route-plan.service.js';
import { CreateRouteBody, Plan, PlanBody, RoutesPage, RoutesQuery, SavedRoute, UpdateRouteBody } from './routes.schemas.js';
import { changeRoute, createRoute, getRoute, listRoutes, removeRoute, routeAsGpx } from './routes.service.js';

const tags = ['Routen und Spaziergänge'];
const refused = { 403: { description: 'Gehört jemand anderem' }, 404: { description: 'Gibt es nicht' } };

export function routesRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    {
      method: 'post',
      path: '/api/routes/plan',
      summary: 'Fußweg-Route durch 2–25 Punkte planen (20 in 7 Tagen ohne Pro; dieselbe Anfrage am selben Tag zählt nicht)',
      tags,
      access: 'user',
      before: [ctx.limits.routePlan],
      body: PlanBody,
      responses: {
        200: { description: 'Die Route als GeoJSON-Linie mit Länge und Gehzeit', schema: Plan },
        422: { description: 'Kein Weg gefunden, Punkt zu weit vom Weg oder Route zu lang' },
        429: { description: '20 Planungen in 7 Tagen erreicht (Retry-After)' },
        503: { description: 'Routenplanung gerade nicht verfügbar (zählt nicht)' },
      },
    },
    async ({ body, actor }, _req, res) => {
      res.json(await planRoute(ctx, actor, body));
    },
  );
  route(
    routes,
    {
      method: 'get',
      path: '/api/routes',
      summary: 'Deine gespeicherten Routen, neueste zuerst',
      tags,
      access: 'user',
      query: RoutesQuery,
      responses: { 200: { description: 'Routen', schema: RoutesPage } },
    },
    async ({ query, actor }, _req, res) => {
      res.json(await listRoutes(ctx, actor, query));
    },
  );
  route(
    routes,
    {
      method: 'post',
      path: '/api/routes',
      summary: 'Route speichern (geteilt nur mit bestätigter E-Mail)',
      tags,
      access: 'user',
      body: CreateRouteBody,
      jsonMaxValues: GEOMETRY_MAX_VALUES,
      responses: { 201: { description: 'Gespeichert', schema: SavedRoute }, 403: { description: 'E-Mail nicht bestätigt' } },
    },
    async ({ body, actor }, _req, res) => {
      res.status(201).json(await createRoute(ctx, actor, body));
    },
  );
  route(
    routes,
    {
      method: 'get',
      path: '/api/routes/:id',
      summary: 'Eine Route (eine private nur für ihren Besitzer)',
      tags,
      access: 'user',
      params: IdParam,
      responses: { 200: { description: 'Die Route', schema: SavedRoute }, ...refused },
    },
    async ({ params, actor }, _req, res) => {
      res.json(await getRoute(ctx, actor, params.id));
    },
  );
  route(
    routes,
    {
      method: 'get',
      path: '/api/routes/:id/gpx',
      summary: 'Route als GPX 1.1 herunterladen (eine private nur für ihren Besitzer)',
      tags,
      access: 'user',
      params: IdParam,
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
  route(
    routes,
    {
      method: 'patch',
      path: '/api/routes/:id',
      summary: 'Route umbenennen, beschreiben oder teilen (nur der Besitzer)',
      tags,
      access: 'user',
      params: IdParam,
      body: UpdateRouteBody,
      responses: { 200: { description: 'Geändert', schema: SavedRoute }, ...refused },
    },
    async ({ params, body, actor }, _req, res) => {
      res.json(await changeRoute(ctx, actor, params.id, body));
    },
  );
  route(
    routes,
    {
      method: 'delete',
      path: '/api/routes/:id',
      summary: 'Route löschen (nur der Besitzer; Spaziergänge darauf bleiben)',
      tags,
      access: 'user',
      params: IdParam,
      responses: { 204: { description: 'Gelöscht' }, ...refused },
    },
    async ({ params, actor }, _req, res) => {
      await removeRoute(ctx, actor, params.id);
      res.status(204).end();
    },
  );
}
