import type { AppContext } from '#core/context.js';
import { GEOMETRY_MAX_VALUES } from '#core/http/route/json-body.js';
import { idempotency } from '#core/http/guards/idempotency.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { CreateWalkBody, WalkDetail, WalksPage, WalksQuery, Weekly, WeeklyQuery } from './walks.schemas.js';
import { createWalk, getWalk, listWalks, removeWalk } from './walks.service.js';
import { weeklyTotals } from './weekly.js';

const tags = ['Routen und Spaziergänge'];
const refused = { 403: { description: 'Gehört jemand anderem' }, 404: { description: 'Gibt es nicht' } };

export function walksRoutes(ctx: AppContext, routes: Routes): void {
  // Before /api/walks/:id, which would read "weekly" as an id.
  const api = routeGroup(routes, { tags, access: 'user' });
  api.get('/api/walks/weekly', 'Wochensummen je Hund (Runden, Meter, Minuten), neueste Woche zuerst', {
    query: WeeklyQuery,
    responses: { 200: ['Je Hund die Wochen', Weekly] },
    run: ({ query, actor }) => weeklyTotals(ctx, actor, query.weeks),
  });
  api.get('/api/walks', 'Deine Spaziergänge, neueste zuerst; mit lat/lon: die in der Nähe gestarteten, nächste zuerst', {
    query: WalksQuery,
    responses: { 200: ['Spaziergänge', WalksPage], 400: 'Position, Umkreis (1–200 km) oder Cursor ungültig' },
    run: ({ query, actor }) => listWalks(ctx, actor, query),
  });
  api.post('/api/walks', 'Spaziergang speichern (mit Hunden, Dauer, Strecke oder aufgezeichnetem Weg)', {
    body: CreateWalkBody,
    jsonMaxValues: GEOMETRY_MAX_VALUES,
    idempotent: idempotency(ctx),
    responses: { 201: ['Gespeichert', WalkDetail], ...refused },
    run: ({ body, actor }) => createWalk(ctx, actor, body),
  });
  api.get('/api/walks/:id', 'Ein Spaziergang mit seinem Weg', {
    responses: { 200: ['Der Spaziergang', WalkDetail], ...refused },
    run: ({ params, actor }) => getWalk(ctx, actor, params.id),
  });
  api.delete('/api/walks/:id', 'Spaziergang löschen', {
    responses: { 204: 'Gelöscht', ...refused },
    run: ({ params, actor }) => removeWalk(ctx, actor, params.id),
  });
}
