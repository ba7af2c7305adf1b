import { requireDogAccess } from '#core/auth/ownership.js';
import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { DogDuties, DutyBody, DutyCodeParams, DutyItem } from './duties.schemas.js';
import { dogDuties, putDuty, removeDuty } from './duties.service.js';

const refused = { 403: 'Kein Zugriff auf diesen Hund (Betreuer lesen nur)', 404: 'Hund gibt es nicht' };

export function dutiesRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags: ['Pflichten'], access: 'user' });
  api.get('/api/dogs/:dogId/duties', 'Pflichten am Wohnort des Hundes (Region des Besitzers) mit dem Eingetragenen, Stand und Quelle', {
    responses: { 200: ['Pflichten', DogDuties], ...refused },
    run: ({ params, actor }) => dogDuties(ctx, actor, params.dogId),
  });
  api.put('/api/dogs/:dogId/duties/:code', 'Eintragen, was der Besitzer hat: Versicherer und Police, Register und Nummer, Steuer, Bescheinigung', {
    params: DutyCodeParams,
    authorize: ({ params, actor }) => requireDogAccess(ctx.db, actor, params.dogId, 'manage'),
    body: DutyBody,
    responses: { 200: ['Gespeichert', DutyItem], ...refused, 422: 'Feld zu lang' },
    run: ({ params, actor, body }) => putDuty(ctx, actor, params.dogId, params.code, body),
  });
  api.delete('/api/dogs/:dogId/duties/:code', 'Das Eingetragene löschen', {
    params: DutyCodeParams,
    authorize: ({ params, actor }) => requireDogAccess(ctx.db, actor, params.dogId, 'manage'),
    responses: { 204: 'Gelöscht', ...refused, 404: 'Hund gibt es nicht oder nichts eingetragen' },
    run: ({ params, actor }) => removeDuty(ctx, actor, params.dogId, params.code),
  });
}
