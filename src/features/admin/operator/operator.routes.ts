import type { AppContext } from '#core/context.js';
import { route, type Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { OperatorSettings, PlanPrices, UpdateOperatorSettingsBody } from './operator.schemas.js';
import { changeSettings, operatorSettings, toView } from './operator.service.js';

export function operatorRoutes(ctx: AppContext, routes: Routes): void {
  const tags = ['Verwaltung'];
  const api = routeGroup(routes, { tags, access: 'admin' });
  api.get('/api/admin/settings', 'Betreiberangaben (Impressum, Rechnungen, Preise)', {
    responses: { 200: ['Die Angaben', OperatorSettings] },
    run: async (_input) => toView(await operatorSettings(ctx)),
  });
  api.patch('/api/admin/settings', 'Betreiberangaben ändern', {
    body: UpdateOperatorSettingsBody,
    responses: { 200: ['Geändert', OperatorSettings] },
    run: ({ body, actor }) => changeSettings(ctx, actor, body),
  });
  route(
    routes,
    {
      method: 'get',
      path: '/api/plans/prices',
      summary: 'Preise der Tarife (für den Tarifvergleich)',
      tags: ['Konto'],
      access: 'user',
      responses: { 200: { description: 'Preise pro Jahr in Cent', schema: PlanPrices } },
    },
    async (_input, _req, res) => {
      const s = await operatorSettings(ctx);
      const { aiBaseUrl, routingApiKey } = ctx.config.upstream;
      res.json({
        pro_cents_year: s.price_pro_cents_year,
        breeder_cents_year: s.price_breeder_cents_year,
        small_business: s.small_business === 1,
        features: { ai: Boolean(aiBaseUrl), routing: Boolean(routingApiKey) },
      });
    },
  );
}
