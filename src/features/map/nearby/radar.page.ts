import type { AppContext } from '#core/context.js';
import { notFound } from '#core/http/route/errors.js';
import { sendCached } from '#core/http/cached-body.js';
import { setCache } from '#core/http/pages/cache-rules.js';
import { pageLocals, renderView } from '#core/http/pages/page-meta.js';
import type { Routes } from '#core/http/route/route.js';
import { cityFigures, lastMonths, MIN_WARNINGS, monthLabel, radarCities } from './radar-figures.js';
import { radarCache } from './radar.cache.js';

/**
 * The public poison-bait figures (decisions, "Walk weather and hazards"), server-rendered and the same for
 * everyone, so each is rendered and compressed once per RADAR_TTL_MS: /giftkoeder-radar lists the towns with
 * warnings in the last 12 months, /giftkoeder-radar/<town> shows the months and kinds with a chart as inline SVG.
 * Counts only: never a position, a text or a user.
 */

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/;
const MISSING = 'Für diesen Ort zeigen wir keine Zahlen: Es gibt dort zu wenige Warnungen, oder wir kennen ihn nicht.';

export function radarPages(ctx: AppContext, routes: Routes): void {
  const { appName } = ctx.config;

  routes.router.get('/giftkoeder-radar', ctx.limits.publicWarning, async (_req, res) => {
    const html = await radarCache(ctx).getOrSet('index', async () => {
      const { months } = lastMonths(ctx);
      const period = `${monthLabel(months[0]!)} – ${monthLabel(months[months.length - 1]!)}`;
      return renderView(res, 'giftkoeder-radar/index', {
        ...pageLocals(ctx, {
          title: `Giftköder-Radar: Warnungen nach Stadt – ${appName}`,
          description: `Wie viele Giftköder und andere Gefahren für Hunde in deiner Stadt gemeldet und bestätigt wurden (${period}).`,
          path: '/giftkoeder-radar',
        }),
        cities: await radarCities(ctx),
        period,
        minWarnings: MIN_WARNINGS,
      });
    });
    setCache(res, 'publicPage');
    sendCached(res, 'html', html);
  });

  routes.router.get('/giftkoeder-radar/:slug', ctx.limits.publicWarning, async (req, res) => {
    const slug = String(req.params.slug);
    if (!SLUG.test(slug)) throw notFound(MISSING);
    // A town under the threshold is not cached (any slug would fill the cache); its 404 costs one indexed query.
    const figures = await radarCache(ctx).getOrSet(`city:${slug}`, async () => {
      const city = await cityFigures(ctx, slug);
      if (!city) throw notFound(MISSING);
      const period = `${city.months[0]!.label} – ${city.months[city.months.length - 1]!.label}`;
      return renderView(res, 'giftkoeder-radar/city', {
        ...pageLocals(ctx, {
          title: `Giftköder in ${city.city}: ${city.total.reported} Warnungen in 12 Monaten – ${appName}`,
          description: `${city.total.reported} Warnungen vor Giftködern und anderen Gefahren für Hunde in ${city.city} (${period}), ${city.total.confirmed} davon bestätigt. Monat für Monat und nach Art.`,
          path: `/giftkoeder-radar/${slug}`,
          ogType: 'article',
        }),
        city,
        period,
      });
    });
    setCache(res, 'publicPage');
    sendCached(res, 'html', figures);
  });
}
