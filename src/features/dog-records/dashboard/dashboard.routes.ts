import type { AppContext } from '../../../core/context.js';
import { route, type Routes } from '../../../core/http/route.js';
import { welcomeDashboardSchema } from './dashboard.schemas.js';
import { welcomeDashboard, type DashboardProvider } from './dashboard.service.js';

/** GET /api/welcome-dashboard, with the cards of the areas routes.ts registers. */
export function dashboardRoutes(ctx: AppContext, routes: Routes, providers: readonly DashboardProvider[]): void {
  const schema = welcomeDashboardSchema(
    Object.assign({}, ...providers.map((p) => p.dogFields?.shape)),
    Object.assign({}, ...providers.map((p) => p.cards?.shape)),
  );
  route(
    routes,
    {
      method: 'get',
      path: '/api/welcome-dashboard',
      summary: 'Startseite: je Hund das Foto des Tages, Karten der Bereiche („Heute vor … Jahren“, letzte Einträge …), bald Fälliges',
      tags: ['Start'],
      access: 'user',
      responses: { 200: { description: 'Die Daten der Startseite', schema } },
    },
    async ({ actor }, _req, res) => {
      res.json(await welcomeDashboard(ctx, actor, providers));
    },
  );
}
