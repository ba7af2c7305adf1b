import type { AppContext } from '../../core/context.js';
import { unauthorized } from '../../core/http/errors.js';
import { route, type Routes } from '../../core/http/route.js';
import { WelcomeDashboard } from './dashboard.schemas.js';
import { welcomeDashboard, type DueSoonProvider } from './dashboard.service.js';

export function dashboardRoutes(ctx: AppContext, routes: Routes, dueSoon: DueSoonProvider[]): void {
  route(
    routes,
    {
      method: 'get',
      path: '/api/welcome-dashboard',
      summary: 'Startseite: Foto des Tages je Hund, „Heute vor … Jahren“, letzte Einträge, bald Fälliges',
      tags: ['Start'],
      access: 'user',
      responses: { 200: { description: 'Die Daten der Startseite', schema: WelcomeDashboard } },
    },
    async (_input, req, res) => {
      if (!req.user) throw unauthorized();
      res.json(await welcomeDashboard(ctx, req.user.id, dueSoon));
    },
  );
}
