import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { PageQuery } from '#core/http/route/pagination.js';
import { MapReportList, MapResolveBody, mapReportQueue, resolveMapReport } from './map-moderation.js';

export function mapModerationRoutes(ctx: AppContext, routes: Routes): void {
  const tags = ['Moderation'];
  const api = routeGroup(routes, { tags, access: 'staff' });
  api.get('/api/moderation/map-reports', 'Gemeldete Einträge auf der Karte, älteste zuerst, seitenweise', {
    query: PageQuery,
    responses: { 200: ['Eine Seite Meldungen', MapReportList] },
    run: ({ query, actor }) => mapReportQueue(ctx, actor, query),
  });
  api.post('/api/moderation/map-reports/:id/resolve', 'Meldung erledigen: verwerfen oder den Eintrag löschen', {
    body: MapResolveBody,
    responses: { 204: 'Erledigt', 404: 'Meldung gibt es nicht' },
    run: ({ params, body, actor }) => resolveMapReport(ctx, actor, params.id, body.action),
  });
}
