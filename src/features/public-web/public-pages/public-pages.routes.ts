import type { AppContext } from '#core/context.js';
import { cachedBody, sendCached, type CachedBody } from '#core/http/cached-body.js';
import type { Routes } from '#core/http/route/route.js';
import { setCache } from '#core/http/pages/cache-rules.js';
import { pageLocals, renderView } from '#core/http/pages/page-meta.js';
import { radarCities } from '../../map/nearby/index.js';
import { listBreedSlugs } from '../wiki/index.js';

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The landing page and the sitemap of every server-rendered page. */
export function publicPagesRoutes(ctx: AppContext, routes: Routes): void {
  const { appName, publicUrl } = ctx.config;

  // The same for everyone (no login state), so rendered once and served from memory: fast without JavaScript.
  let landing: Promise<CachedBody> | undefined;
  routes.router.get('/', async (_req, res) => {
    landing ??= renderView(res, 'public/landing', {
      ...pageLocals(ctx, {
        title: `${appName} – die App für dich und deinen Hund`,
        description: 'Hundetagebuch mit Fotos, Gesundheit, Pflege-Erinnerungen, Community und Rassen-Wiki mit über 1.000 Rassen. Kostenlos starten.',
        path: '/',
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': 'WebApplication',
          name: appName,
          url: `${publicUrl}/`,
          applicationCategory: 'LifestyleApplication',
          operatingSystem: 'Web',
          inLanguage: 'de-DE',
          offers: { '@type': 'Offer', price: '0', priceCurrency: 'EUR' },
        },
      }),
    })
      .then(cachedBody)
      .catch((err: unknown) => {
        landing = undefined;
        throw err;
      });
    const page = await landing;
    setCache(res, 'publicPage');
    sendCached(res, 'html', page);
  });

  routes.router.get('/sitemap.xml', async (_req, res) => {
    const [breeds, cities] = await Promise.all([listBreedSlugs(ctx.db), radarCities(ctx)]);
    const url = (path: string, lastmod?: string) =>
      `<url><loc>${xmlEscape(publicUrl + path)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`;
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      url('/'),
      url('/help'),
      url('/tarife'),
      url('/rassen'),
      url('/giftkoeder-radar'),
      ...cities.map((c) => url(`/giftkoeder-radar/${c.slug}`)),
      ...breeds.map((b) => url(`/rassen/${b.slug}`, b.updated_at)),
      '</urlset>',
      '',
    ].join('\n');
    setCache(res, 'publicPage');
    res.type('application/xml').send(xml);
  });
}
