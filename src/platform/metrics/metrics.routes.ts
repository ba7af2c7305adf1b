import { createHash, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { setCache } from '#core/http/pages/cache-rules.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics for Prometheus (docs/operations.md "Metrics"): only with METRICS_TOKEN, and only to
 * `Authorization: Bearer <token>`. Without the setting the route does not exist (the app's 404). The header is
 * compared as SHA-256 digests with timingSafeEqual: equal lengths, and no timing that tells how much matched.
 */
export function metricsRoutes(ctx: AppContext, routes: Routes): void {
  const { metrics } = ctx;
  const token = ctx.config.metricsToken;
  if (!metrics || !token) return;
  const expected = digest(`Bearer ${token}`);
  routes.router.get('/metrics', async (req, res) => {
    setCache(res, 'never');
    const given = req.headers.authorization;
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      res.status(401).type('text/plain').send('Für /metrics braucht es Authorization: Bearer mit dem Token aus METRICS_TOKEN.\n');
      return;
    }
    const { contentType, body } = await metrics.render();
    res.type(contentType).send(body);
  });
}
