import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { AdminStats, adminStats } from './admin-stats.js';

export function adminStatsRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags: ['Verwaltung'], access: 'admin' });
  api.get('/api/admin/stats', 'Statistik: Konten, Hunde, Orte je Typ, OSM-Punkte im Zwischenspeicher, Kartenbeiträge', {
    responses: { 200: ['Zahlen', AdminStats] },
    run: (_input) => adminStats(ctx),
  });
}
