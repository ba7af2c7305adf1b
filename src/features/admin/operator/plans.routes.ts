import type { AppContext } from '#core/context.js';
import { setCache } from '#core/http/pages/cache-rules.js';
import { pageLocals } from '#core/http/pages/page-meta.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { PlanComparison, planComparison } from './plans.js';

/** The plan comparison for the app (GET /api/plans) and for visitors (/tarife; /preise is the other word people type). */
export function planRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags: ['Konto'], access: 'public' });
  api.get('/api/plans', 'Die Tarife im Vergleich: Preise und was jeder Tarif auf dieser Installation bietet', {
    responses: { 200: ['Der Vergleich', PlanComparison] },
    run: () => planComparison(ctx),
  });

  routes.router.get('/tarife', async (_req, res) => {
    const comparison = await planComparison(ctx);
    const pro = comparison.plans.find((p) => p.tier === 'pro');
    // Prices change in the admin panel: the browser asks again every time (like the imprint).
    setCache(res, 'revalidate');
    res.render('public/tarife', {
      ...pageLocals(ctx, {
        title: `Tarife – ${ctx.config.appName}`,
        description: `Free, Pro${pro ? ` (${pro.price})` : ''} und Züchter im Vergleich: was jeder Tarif von ${ctx.config.appName} bietet.`,
        path: '/tarife',
      }),
      comparison,
    });
  });
  routes.router.get('/preise', (_req, res) => res.redirect(301, '/tarife'));
}
