import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { welcomeDashboardSchema } from './dashboard.schemas.js';
import { welcomeDashboard, type DashboardProvider } from './dashboard.service.js';

/** GET /api/welcome-dashboard, with the cards of the areas routes.ts registers. */
export function dashboardRoutes(ctx: AppContext, routes: Routes, providers: readonly DashboardProvider[]): void {
  const schema = welcomeDashboardSchema(
    Object.assign({}, ...providers.map((p) => p.dogFields?.shape)),
    Object.assign({}, ...providers.map((p) => p.cards?.shape)),
  );
  const api = routeGroup(routes, { tags: ['Start'], access: 'user' });
  api.get('/api/welcome-dashboard', 'Startseite: je Hund das Foto des Tages, Karten der Bereiche („Heute vor … Jahren“, letzte Einträge …), bald Fälliges', {
    responses: { 200: ['Die Daten der Startseite', schema] },
    run: ({ actor }) => welcomeDashboard(ctx, actor, providers),
  });
}
