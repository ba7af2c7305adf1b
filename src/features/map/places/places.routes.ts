import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { CreatePlaceBody, Place, PlacesPage, PlacesQuery, UpdatePlaceBody } from './places.schemas.js';
import { changePlace, createPlace, getPlace, listPlaces, ownPlace, removePlace } from './places.service.js';

const tags = ['Orte'];
const refused = { 403: { description: 'Gehört jemand anderem' }, 404: { description: 'Gibt es nicht' } };

export function placesRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags, access: 'user' });
  api.get('/api/places', 'Öffentliche und eigene Orte: im Kartenausschnitt (bbox, höchstens 0,5° × 0,5°) oder in der Nähe (lat/lon, nächste zuerst)', {
    query: PlacesQuery,
    responses: {
      200: ['Orte: im Ausschnitt neueste zuerst (höchstens 500, eine Seite), in der Nähe nächste zuerst in Seiten', PlacesPage],
      400: 'Ausschnitt, Position oder Umkreis (1–200 km) ungültig',
    },
    run: ({ query, actor }) => listPlaces(ctx, actor, query),
  });
  api.post('/api/places', 'Ort anlegen (mehrere Typen; öffentlich nur mit bestätigter E-Mail)', {
    body: CreatePlaceBody,
    responses: { 201: ['Angelegt', Place], 403: 'E-Mail nicht bestätigt' },
    run: ({ body, actor }) => createPlace(ctx, actor, body),
  });
  api.get('/api/places/:id', 'Ein Ort (ein privater nur für seinen Besitzer)', {
    responses: { 200: ['Der Ort', Place], ...refused },
    run: ({ params, actor }) => getPlace(ctx, actor, params.id),
  });
  api.patch('/api/places/:id', 'Ort ändern (nur der Besitzer)', {
    authorize: ({ params, actor }) => ownPlace(ctx, actor, params.id),
    body: UpdatePlaceBody,
    responses: { 200: ['Geändert', Place], ...refused },
    run: ({ params, body, actor }) => changePlace(ctx, actor, params.id, body),
  });
  api.delete('/api/places/:id', 'Ort löschen (nur der Besitzer)', {
    responses: { 204: 'Gelöscht', ...refused },
    run: ({ params, actor }) => removePlace(ctx, actor, params.id),
  });
}
