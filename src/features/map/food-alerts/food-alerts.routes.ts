import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { foodAlerts } from './food-alerts.service.js';

const FoodAlert = z
  .object({ title: z.string(), product: z.string().nullable(), reason: z.string().nullable(), published_at: z.string(), url: z.string().nullable() })
  .meta({ id: 'FoodAlert' });

const FoodAlertList = z
  .object({
    items: z.array(FoodAlert),
    status: z.enum(['ok', 'stale', 'unreachable']).meta({
      description:
        'ok: frisch vom Dienst. stale: der Dienst ist gerade nicht erreichbar, items ist die letzte Liste, die er geliefert hat. unreachable: der Dienst ist nicht erreichbar und keine frühere Liste liegt vor (items leer; auch bei 404, 410 oder 503 vom Dienst).',
    }),
    checked_at: z.iso.datetime().meta({ description: 'ok/stale: wann die Liste in items abgerufen wurde; unreachable: wann der Dienst zuletzt gefragt wurde' }),
  })
  .meta({ id: 'FoodAlertList' });

export function foodAlertsRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags: ['Futterwarnungen'], access: 'user' });
  api.get('/api/food-alerts', 'Aktuelle Warnungen zu Tierfutter und Hundesnacks (lebensmittelwarnung.de, stündlich aktualisiert)', {
    responses: { 200: ['Warnungen und ob der Dienst erreichbar war (leer, wenn der Dienst nichts liefert)', FoodAlertList] },
    run: () => foodAlerts(ctx),
  });
}
