import type { AppContext } from '#core/context.js';
import { forbidden } from '#core/http/route/errors.js';
import { route, type Routes } from '#core/http/route/route.js';
import { BreedDetail, BreedList, BreedListQuery, BreedSlugParams } from './wiki.schemas.js';
import { sendCached } from '#core/http/cached-body.js';
import { breedDetailJson, breedListJson } from './wiki.service.js';
import { isGenuineCrossSiteFetch } from './visitors.js';

const tags = ['Rassen-Wiki'];

export function wikiApiRoutes(ctx: AppContext, routes: Routes): void {
  route(
    routes,
    {
      method: 'get',
      path: '/api/wiki/rassen',
      summary: 'Rassen suchen und filtern (60 pro Minute)',
      tags,
      access: 'public',
      query: BreedListQuery,
      before: [ctx.limits.breedList],
      responses: {
        200: { description: 'Seite der Rassenliste', schema: BreedList },
        422: { description: 'Suchbegriff zu lang' },
        429: { description: 'Zu viele Anfragen' },
      },
    },
    async ({ query }, _req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=60');
      sendCached(res, 'json', await breedListJson(ctx, query));
    },
  );

  route(
    routes,
    {
      method: 'get',
      path: '/api/wiki/rassen/:slug',
      summary: 'Eine Rasse (30 pro Minute)',
      tags,
      access: 'public',
      params: BreedSlugParams,
      before: [ctx.limits.breedDetail],
      responses: {
        200: { description: 'Die Rasse', schema: BreedDetail },
        404: { description: 'Unbekannte Rasse' },
        429: { description: 'Zu viele Anfragen' },
      },
    },
    async ({ params }, _req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=60');
      sendCached(res, 'json', await breedDetailJson(ctx, params.slug));
    },
  );

  // The honeypot: linked only invisibly from the breed pages and forbidden in robots.txt, so only scrapers that
  // ignore both arrive here. Their address is blocked (IP_BLOCK_*, longer for each repeat) for requests without a
  // session; the blocklist middleware answers those 403.
  // Not blocked: logged-in users, and browsers sent here by another site (an <img src> planted elsewhere) —
  // otherwise any web page could lock its visitors out of the app. Sec-Fetch-Site alone does not spare a caller:
  // isGenuineCrossSiteFetch wants the whole set of signs a browser sends (visitors.ts).
  route(
    routes,
    {
      method: 'get',
      path: '/api/wiki/trap',
      summary: 'Falle für Scraper – nicht aufrufen: sperrt die aufrufende Adresse',
      tags,
      access: 'public',
      // Not in the published document: a client or scanner that walks it would lock out its whole network.
      undocumented: true,
      responses: { 403: { description: 'Adresse gesperrt' } },
    },
    async ({ actor }, req) => {
      const ip = req.ip ?? 'unknown';
      const crossSite = isGenuineCrossSiteFetch(req, ctx.config.publicUrl);
      const spared = actor !== null || crossSite;
      ctx.log.warn(
        { abuse: 'honeypot', ip, userAgent: req.get('user-agent') ?? null, crossSite, loggedIn: actor !== null, reqId: req.id },
        'abuse: honeypot hit',
      );
      if (!spared) await ctx.blocklist.block(ip, 'honeypot /api/wiki/trap', ctx.config.ipBlock);
      throw forbidden('Zugriff gesperrt.');
    },
  );
}
