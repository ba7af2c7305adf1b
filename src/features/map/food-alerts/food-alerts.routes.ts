import { z } from 'zod';
import type { AppContext } from '../../../core/context.js';
import type { Routes } from '../../../core/http/route.js';
import { routeGroup } from '../../../core/http/route-group.js';
import { foodAlerts } from './food-alerts.service.js';

const FoodAlert = z
  .object({ title: z.string(), product: z.string().nullable(), reason: z.string().nullable(), published_at: z.string(), url: z.string().nullable() })
  .meta({ id: 'FoodAlert' });

export function foodAlertsRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags: ['Futterwarnungen'], access: 'user' });
  api.get('/api/food-alerts', 'Aktuelle Warnungen zu Tierfutter und Hundesnacks (lebensmittelwarnung.de, stündlich aktualisiert)', {
    responses: { 200: ['Warnungen (leer, wenn der Dienst nichts liefert)', z.object({ items: z.array(FoodAlert) })] },
    run: async (_input) => ({ items: await foodAlerts(ctx) }),
  });
}
