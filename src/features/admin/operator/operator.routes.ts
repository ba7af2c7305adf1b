import type { AppContext } from '../../../core/context.js';
import { route, type Routes } from '../../../core/http/route.js';
import { OperatorSettings, PlanPrices, UpdateOperatorSettingsBody } from './operator.schemas.js';
import { changeSettings, operatorSettings, toView } from './operator.service.js';

export function operatorRoutes(ctx: AppContext, routes: Routes): void {
  const tags = ['Verwaltung'];
  route(
    routes,
    {
      method: 'get',
      path: '/api/admin/settings',
      summary: 'Betreiberangaben (Impressum, Rechnungen, Preise)',
      tags,
      access: 'admin',
      responses: { 200: { description: 'Die Angaben', schema: OperatorSettings } },
    },
    async (_input, _req, res) => {
      res.json(toView(await operatorSettings(ctx)));
    },
  );
  route(
    routes,
    {
      method: 'patch',
      path: '/api/admin/settings',
      summary: 'Betreiberangaben ändern',
      tags,
      access: 'admin',
      body: UpdateOperatorSettingsBody,
      responses: { 200: { description: 'Geändert', schema: OperatorSettings } },
    },
    async ({ body, actor }, _req, res) => {
      res.json(await changeSettings(ctx, actor, body));
    },
  );
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
