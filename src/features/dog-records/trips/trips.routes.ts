import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import { dateInZone } from '#core/clock.js';
import { route, type Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { idParam } from '#core/http/route/schema-kit.js';
import { renderTravelSheet } from './travel-sheet.pdf.js';
import { requireDogAccess } from '#core/auth/ownership.js';
import { changeTrip, tripAccess, createTrip, getTrip, listTrips, removeTrip, travelCountries, tripWithFacts } from './trips.service.js';
import { CreateTripBody, TravelCountries, Trip, TripList, UpdateTripBody } from './trips.schemas.js';

const tags = ['Reisen'];
const refused = { 403: 'Kein Zugriff auf diesen Hund', 404: 'Hund oder Reise gibt es nicht' };

/** Trips abroad (decisions: Trips abroad): owner and caregivers; the checks are recomputed on every answer. */
export function tripsRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags, access: 'user' });
  api.get('/api/travel/countries', 'Reiseziele mit ihren Regeln (deutsche Namen)', {
    responses: { 200: ['Die Reiseziele', TravelCountries] },
    run: () => travelCountries(),
  });
  api.get('/api/dogs/:dogId/trips', 'Die Reisen eines Hundes mit ihrer Prüfung, späteste zuerst', {
    responses: { 200: ['Die Reisen', TripList], ...refused },
    run: ({ params, actor }) => listTrips(ctx, actor, params.dogId),
  });
  api.post('/api/dogs/:dogId/trips', 'Eine Reise planen', {
    authorize: ({ params, actor }) => requireDogAccess(ctx.db, actor, params.dogId, 'write'),
    body: CreateTripBody,
    responses: { 201: ['Geplant, mit Prüfung', Trip], ...refused, 422: 'Rückkehr vor Einreise oder unbekanntes Land' },
    run: ({ params, body, actor }) => createTrip(ctx, actor, params.dogId, body),
  });
  api.get('/api/trips/:tripId', 'Eine Reise mit ihrer Prüfung', {
    responses: { 200: ['Die Reise', Trip], ...refused },
    run: ({ params, actor }) => getTrip(ctx, actor, params.tripId),
  });
  api.patch('/api/trips/:tripId', 'Eine Reise ändern (Termine, Bandwurmbehandlung, Bescheinigung, Antikörpertest)', {
    authorize: ({ params, actor }) => tripAccess(ctx, actor, params.tripId, 'write'),
    body: UpdateTripBody,
    responses: { 200: ['Geändert, neu geprüft', Trip], ...refused, 422: 'Rückkehr vor Einreise oder unbekanntes Land' },
    run: ({ params, body, actor }) => changeTrip(ctx, actor, params.tripId, body),
  });
  api.delete('/api/trips/:tripId', 'Eine Reise löschen', {
    responses: { 204: 'Gelöscht', ...refused },
    run: ({ params, actor }) => removeTrip(ctx, actor, params.tripId),
  });
  route(
    routes,
    {
      method: 'get',
      path: '/api/trips/:tripId/travel-sheet.pdf',
      summary: 'Das Reiseblatt als PDF',
      tags,
      access: 'user',
      params: idParam('tripId'),
      responses: {
        200: { description: 'Das PDF', contentType: 'application/pdf', schema: z.string().meta({ format: 'binary' }) },
        403: { description: refused[403] },
        404: { description: refused[404] },
      },
    },
    async ({ params, actor }, _req, res) => {
      const { trip, facts } = await tripWithFacts(ctx, actor, params.tripId);
      const pdf = await renderTravelSheet(trip, facts, ctx.config.appName, dateInZone(ctx.clock.now(), ctx.config.timeZone));
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader(
        'Content-Disposition',
        `attachment; filename="reiseblatt.pdf"; filename*=UTF-8''${encodeURIComponent(`Reiseblatt ${facts.dog.name.slice(0, 80)}`)}.pdf`,
      );
      res.setHeader('Cache-Control', 'private, no-store');
      res.send(pdf);
    },
  );
}
