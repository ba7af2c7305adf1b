import type { AppContext } from '../../../core/context.js';
import { GEOMETRY_MAX_VALUES } from '../../../core/http/json-body.js';
import { route, type Routes } from '../../../core/http/route.js';
import { IdParam } from '../../../core/http/schema-kit.js';
import { CreateWalkBody, WalkDetail, WalksPage, WalksQuery, Weekly, WeeklyQuery } from './walks.schemas.js';
import { createWalk, getWalk, listWalks, removeWalk } from './walks.service.js';
import { weeklyTotals } from './weekly.js';

const tags = ['Routen und Spaziergänge'];
const refused = { 403: { description: 'Gehört jemand anderem' }, 404: { description: 'Gibt es nicht' } };

export function walksRoutes(ctx: AppContext, routes: Routes): void {
  // Before /api/walks/:id, which would read "weekly" as an id.
  route(
    routes,
    {
      method: 'get',
      path: '/api/walks/weekly',
      summary: 'Wochensummen je Hund (Runden, Meter, Minuten), neueste Woche zuerst',
      tags,
      access: 'user',
      query: WeeklyQuery,
      responses: { 200: { description: 'Je Hund die Wochen', schema: Weekly } },
    },
    async ({ query, actor }, _req, res) => {
      res.json(await weeklyTotals(ctx, actor, query.weeks));
    },
  );
  route(
    routes,
    {
      method: 'get',
      path: '/api/walks',
      summary: 'Deine Spaziergänge, neueste zuerst',
      tags,
      access: 'user',
      query: WalksQuery,
      responses: { 200: { description: 'Spaziergänge', schema: WalksPage } },
    },
    async ({ query, actor }, _req, res) => {
      res.json(await listWalks(ctx, actor, query));
    },
  );
  route(
    routes,
    {
      method: 'post',
      path: '/api/walks',
      summary: 'Spaziergang speichern (mit Hunden, Dauer, Strecke oder aufgezeichnetem Weg)',
      tags,
      access: 'user',
      body: CreateWalkBody,
      jsonMaxValues: GEOMETRY_MAX_VALUES,
      responses: { 201: { description: 'Gespeichert', schema: WalkDetail }, ...refused },
    },
    async ({ body, actor }, _req, res) => {
      res.status(201).json(await createWalk(ctx, actor, body));
    },
  );
  route(
    routes,
    {
      method: 'get',
      path: '/api/walks/:id',
      summary: 'Ein Spaziergang mit seinem Weg',
      tags,
      access: 'user',
      params: IdParam,
      responses: { 200: { description: 'Der Spaziergang', schema: WalkDetail }, ...refused },
    },
    async ({ params, actor }, _req, res) => {
      res.json(await getWalk(ctx, actor, params.id));
    },
  );
  route(
    routes,
    {
      method: 'delete',
      path: '/api/walks/:id',
      summary: 'Spaziergang löschen',
      tags,
      access: 'user',
      params: IdParam,
      responses: { 204: { description: 'Gelöscht' }, ...refused },
    },
    async ({ params, actor }, _req, res) => {
      await removeWalk(ctx, actor, params.id);
      res.status(204).end();
    },
  );
}
