import { z } from 'zod';
import type { AppContext } from '../../../core/context.js';
import { route, type Routes } from '../../../core/http/route.js';
import { foodAlerts } from './food-alerts.service.js';

const FoodAlert = z
  .object({ title: z.string(), product: z.string().nullable(), reason: z.string().nullable(), published_at: z.string(), url: z.string().nullable() })
  .meta({ id: 'FoodAlert' });

export function foodAlertsRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    {
      method: 'get',
      path: '/api/food-alerts',
      summary: 'Aktuelle Warnungen zu Tierfutter und Hundesnacks (lebensmittelwarnung.de, stündlich aktualisiert)',
      tags: ['Futterwarnungen'],
      access: 'user',
      responses: { 200: { description: 'Warnungen (leer, wenn der Dienst nichts liefert)', schema: z.object({ items: z.array(FoodAlert) }) } },
    },
    async (_input, _req, res) => {
      res.json({ items: await foodAlerts(ctx) });
    },
  );
}
