import type { RequestHandler } from 'express';
import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import { notFound } from '#core/http/route/errors.js';
import type { Routes } from '#core/http/route/route.js';
import { setCache } from '#core/http/pages/cache-rules.js';
import { pageLocals, renderView } from '#core/http/pages/page-meta.js';
import { sendCached } from '#core/http/cached-body.js';
import { breedCache } from './breeds.cache.js';
import { aiFieldList, breedFacts, breedJsonLd, breedMetaDescription } from './breed-page.js';
import type { BreedFilter } from './breeds.repo.js';
import { FCI_GROUPS_DE, SIZE_CLASSES, SIZE_DE } from './wiki.labels.js';
import { BreedSlugParams } from './wiki.schemas.js';
import { breedDetail, breedListPage } from './wiki.service.js';
import { isSearchCrawler } from './visitors.js';

/**
 * The HTML pages count in the same families as the API (a scraper gains nothing by switching), except search
 * engines, which get their own larger allowance (docs/operations.md).
 */
const pageLimit =
  (ctx: AppContext, family: 'breedList' | 'breedDetail'): RequestHandler =>
  (req, res, next) =>
    (isSearchCrawler(req) ? ctx.limits.breedPagesCrawler : ctx.limits[family])(req, res, next);

/** Form values of /rassen; a value that does not fit is ignored (a search form should not answer 400). */
const ListForm = z.object({
  q: z.string().trim().max(100).catch(''),
  gruppe: z.coerce.number().int().min(1).max(10).optional().catch(undefined),
  groesse: z.enum(SIZE_CLASSES).optional().catch(undefined),
  seite: z.coerce.number().int().min(1).max(1000).catch(1),
});

const groupOptions = Object.entries(FCI_GROUPS_DE).map(([value, label]) => ({ value: Number(value), label }));
const sizeOptions = SIZE_CLASSES.map((value) => ({ value, label: SIZE_DE[value] }));

export function wikiPageRoutes(ctx: AppContext, routes: Routes): void {
  routes.router.get('/rassen', pageLimit(ctx, 'breedList'), async (req, res) => {
    const form = ListForm.parse({ q: '', seite: 1, ...req.query });
    const filter: BreedFilter = { q: form.q || undefined, fciGroup: form.gruppe, size: form.groesse };
    const key = JSON.stringify(['list-page', form.q, form.gruppe ?? 0, form.groesse ?? '', form.seite]);
    const html = await breedCache(ctx).getOrSet(key, async () => {
      const { items, total, pages, page } = await breedListPage(ctx, filter, form.seite);
      const filtered = !!(filter.q || filter.fciGroup || filter.size);
      const params = (p: number) => {
        const s = new URLSearchParams();
        if (form.q) s.set('q', form.q);
        if (form.gruppe) s.set('gruppe', String(form.gruppe));
        if (form.groesse) s.set('groesse', form.groesse);
        if (p > 1) s.set('seite', String(p));
        const qs = s.toString();
        return qs ? `/rassen?${qs}` : '/rassen';
      };
      return renderView(res, 'wiki/list', {
        ...pageLocals(ctx, {
          title: filtered
            ? `Rassen-Wiki: Suchergebnisse – ${ctx.config.appName}`
            : `Rassen-Wiki: ${total.toLocaleString('de-DE')} Hunderassen von A bis Z – ${ctx.config.appName}`,
          description: 'Über 1.000 Hunderassen mit Herkunft, Größe, Gewicht und Wesen – auf Deutsch. Such nach Namen, FCI-Gruppe oder Größe.',
          path: params(page),
        }),
        items,
        total,
        pages,
        page,
        filtered,
        form: { q: form.q, gruppe: form.gruppe ? String(form.gruppe) : '', groesse: form.groesse ?? '' },
        groupOptions,
        sizeOptions,
        pageHref: params,
      });
    });
    setCache(res, 'publicPage');
    sendCached(res, 'html', html);
  });

  routes.router.get('/rassen/:slug', pageLimit(ctx, 'breedDetail'), async (req, res) => {
    const parsed = BreedSlugParams.safeParse(req.params);
    if (!parsed.success) throw notFound('Diese Rasse kennen wir nicht.');
    const html = await breedCache(ctx).getOrSet(JSON.stringify(['page', parsed.data.slug]), async () => {
      const breed = await breedDetail(ctx, parsed.data.slug);
      const path = `/rassen/${breed.slug}`;
      const description = breedMetaDescription(breed, ctx.config.appName);
      const jsonLd = breedJsonLd(breed, ctx.config.publicUrl + path, ctx.config.appName, ctx.config.publicUrl, description);
      return renderView(res, 'wiki/breed', {
        ...pageLocals(ctx, { title: `${breed.name} – Steckbrief und Wesen | ${ctx.config.appName}`, description, path, ogType: 'article', jsonLd }),
        breed,
        facts: breedFacts(breed),
        aiFields: aiFieldList(breed),
        // The enrichment job runs only with an AI provider; the stub page says how it grows either way.
        aiEnrichment: Boolean(ctx.config.upstream.aiBaseUrl),
      });
    });
    setCache(res, 'publicPage');
    sendCached(res, 'html', html);
  });
}
