import { z } from 'zod';
import type { AppContext } from '../../../core/context.js';
import { route, type Routes } from '../../../core/http/route.js';
import { IdParam } from '../../../core/http/schema-kit.js';
import { parseBbox } from '../map-layers/index.js';
import { CreatePlaceBody, Place, UpdatePlaceBody } from './places.schemas.js';
import { changePlace, createPlace, getPlace, listPlaces, removePlace } from './places.service.js';

const tags = ['Orte'];
const refused = { 403: { description: 'Gehört jemand anderem' }, 404: { description: 'Gibt es nicht' } };

export function placesRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    {
      method: 'get',
      path: '/api/places',
      summary: 'Öffentliche und eigene Orte im Kartenausschnitt (höchstens 0,5° × 0,5°)',
      tags,
      access: 'user',
      query: z.object({ bbox: z.string().max(100).meta({ description: 'süd,west,nord,ost in Grad' }) }),
      responses: {
        200: { description: 'Orte, neueste zuerst (höchstens 500)', schema: z.object({ items: z.array(Place) }) },
        400: { description: 'Ausschnitt ungültig' },
      },
    },
    async ({ query, actor }, _req, res) => {
      res.json(await listPlaces(ctx, actor, parseBbox(query.bbox)));
    },
  );
  route(
    routes,
    {
      method: 'post',
      path: '/api/places',
      summary: 'Ort anlegen (mehrere Typen; öffentlich nur mit bestätigter E-Mail)',
      tags,
      access: 'user',
      body: CreatePlaceBody,
      responses: { 201: { description: 'Angelegt', schema: Place }, 403: { description: 'E-Mail nicht bestätigt' } },
    },
    async ({ body, actor }, _req, res) => {
      res.status(201).json(await createPlace(ctx, actor, body));
    },
  );
  route(
    routes,
    {
      method: 'get',
      path: '/api/places/:id',
      summary: 'Ein Ort (ein privater nur für seinen Besitzer)',
      tags,
      access: 'user',
      params: IdParam,
      responses: { 200: { description: 'Der Ort', schema: Place }, ...refused },
    },
    async ({ params, actor }, _req, res) => {
      res.json(await getPlace(ctx, actor, params.id));
    },
  );
  route(
    routes,
    {
      method: 'patch',
      path: '/api/places/:id',
      summary: 'Ort ändern (nur der Besitzer)',
      tags,
      access: 'user',
      params: IdParam,
      body: UpdatePlaceBody,
      responses: { 200: { description: 'Geändert', schema: Place }, ...refused },
    },
    async ({ params, body, actor }, _req, res) => {
      res.json(await changePlace(ctx, actor, params.id, body));
    },
  );
  route(
    routes,
    {
      method: 'delete',
      path: '/api/places/:id',
      summary: 'Ort löschen (nur der Besitzer)',
      tags,
      access: 'user',
      params: IdParam,
      responses: { 204: { description: 'Gelöscht' }, ...refused },
    },
    async ({ params, actor }, _req, res) => {
      await removePlace(ctx, actor, params.id);
      res.status(204).end();
    },
  );
}
