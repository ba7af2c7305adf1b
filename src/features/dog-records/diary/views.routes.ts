import type { AppContext } from '../../../core/context.js';
import { route, type Routes } from '../../../core/http/route.js';
import { CalendarQuery, DiaryCalendar, DiaryLocations, DiaryStats, MosaicPage, MosaicQuery, ScopeQuery } from './views.schemas.js';
import { diaryCalendar, diaryLocations, diaryMosaic, diaryStats, dogScope } from './views.service.js';

const tags = ['Tagebuch'];
const owned = { 403: { description: 'dog_id gehört jemand anderem' }, 404: { description: 'dog_id gibt es nicht' } };

/** Registered before /api/diary/:entryId so the fixed paths win. */
export function viewsRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    {
      method: 'get',
      path: '/api/diary/stats',
      summary: 'Tagebuch-Statistik (ein Hund oder alle deine Hunde)',
      tags,
      access: 'user',
      query: ScopeQuery,
      responses: { 200: { description: 'Zahlen zum Tagebuch', schema: DiaryStats }, ...owned },
    },
    async ({ query, actor }, _req, res) => {
      res.json(await diaryStats(ctx, await dogScope(ctx, actor, query.dog_id)));
    },
  );

  route(
    routes,
    {
      method: 'get',
      path: '/api/diary/calendar',
      summary: 'Kalender eines Monats: Tage mit Einträgen, Fotos und Vorschau',
      tags,
      access: 'user',
      query: CalendarQuery,
      responses: { 200: { description: 'Die Tage des Monats mit Einträgen', schema: DiaryCalendar }, ...owned },
    },
    async ({ query, actor }, _req, res) => {
      res.json(await diaryCalendar(ctx, await dogScope(ctx, actor, query.dog_id), query.month));
    },
  );

  route(
    routes,
    {
      method: 'get',
      path: '/api/diary/locations',
      summary: 'Orte der Einträge für die Karte (aus den Fotos, auf etwa 100 m zusammengefasst)',
      tags,
      access: 'user',
      query: ScopeQuery,
      responses: { 200: { description: 'Orte mit Anzahl und Zeitraum', schema: DiaryLocations }, ...owned },
    },
    async ({ query, actor }, _req, res) => {
      res.json(await diaryLocations(ctx, await dogScope(ctx, actor, query.dog_id)));
    },
  );

  route(
    routes,
    {
      method: 'get',
      path: '/api/diary/media',
      summary: 'Foto-Mosaik: alle Tagebuchfotos, neueste zuerst (seitenweise)',
      tags,
      access: 'user',
      query: MosaicQuery,
      responses: { 200: { description: 'Eine Seite Fotos', schema: MosaicPage }, ...owned },
    },
    async ({ query, actor }, _req, res) => {
      res.json(await diaryMosaic(ctx, await dogScope(ctx, actor, query.dog_id), query));
    },
  );
}
