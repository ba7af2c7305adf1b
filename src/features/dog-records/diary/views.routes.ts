import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { CalendarQuery, DiaryCalendar, DiaryLocations, DiaryStats, MosaicPage, MosaicQuery, ScopeQuery } from './views.schemas.js';
import { diaryCalendar, diaryLocations, diaryMosaic, diaryStats, dogScope } from './views.service.js';

const tags = ['Tagebuch'];
const owned = { 403: { description: 'dog_id gehört jemand anderem' }, 404: { description: 'dog_id gibt es nicht' } };

/** Registered before /api/diary/:entryId so the fixed paths win. */
export function viewsRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags, access: 'user' });
  api.get('/api/diary/stats', 'Tagebuch-Statistik (ein Hund oder alle deine Hunde)', {
    query: ScopeQuery,
    responses: { 200: ['Zahlen zum Tagebuch', DiaryStats], ...owned },
    run: async ({ query, actor }) => await diaryStats(ctx, await dogScope(ctx, actor, query.dog_id)),
  });

  api.get('/api/diary/calendar', 'Kalender eines Monats: Tage mit Einträgen, Fotos und Vorschau', {
    query: CalendarQuery,
    responses: { 200: ['Die Tage des Monats mit Einträgen', DiaryCalendar], ...owned },
    run: async ({ query, actor }) => await diaryCalendar(ctx, await dogScope(ctx, actor, query.dog_id), query.month),
  });

  api.get('/api/diary/locations', 'Orte der Einträge für die Karte (aus den Fotos, auf etwa 100 m zusammengefasst)', {
    query: ScopeQuery,
    responses: { 200: ['Orte mit Anzahl und Zeitraum', DiaryLocations], ...owned },
    run: async ({ query, actor }) => await diaryLocations(ctx, await dogScope(ctx, actor, query.dog_id)),
  });

  api.get('/api/diary/media', 'Foto-Mosaik: alle Tagebuchfotos, neueste zuerst (seitenweise)', {
    query: MosaicQuery,
    responses: { 200: ['Eine Seite Fotos', MosaicPage], ...owned },
    run: async ({ query, actor }) => await diaryMosaic(ctx, await dogScope(ctx, actor, query.dog_id), query),
  });
}
