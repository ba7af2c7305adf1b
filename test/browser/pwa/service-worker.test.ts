import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserHarness } from '../harness.js';

const h = useBrowserHarness();

interface CacheState {
  names: string[];
  urls: string[];
}

/** Cache names and the URLs (path + query) in the build cache, read inside the page. */
async function cacheState(page: Page, cacheName: string): Promise<CacheState> {
  return page.evaluate(async (name) => {
    const names = await caches.keys();
    const cache = await caches.open(name);
    const urls = (await cache.keys()).map((r) => {
      const u = new URL(r.url);
      return u.pathname + u.search;
    });
    return { names, urls };
  }, cacheName);
}

function precacheList(sw: string): string[] {
  return JSON.parse(/const PRECACHE = (\[.*\]);/.exec(sw)?.[1] ?? '[]') as string[];
}

describe('service worker', () => {
  it('installs from the /app shell, takes control and caches every listed asset under the build-named cache', async () => {
    const build = h.ctx.config.build;
    const page = await h.newPage();
    await page.goto(h.url('/app'));
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 15_000 });

    const sw = await (await page.request.get(h.url('/sw.js'))).text();
    const listed = precacheList(sw);
    expect(listed).toEqual(expect.arrayContaining(['/app', `/js/early-boot.js?v=${build}`, `/js/boot.js?v=${build}`]));
    const state = await cacheState(page, `pfotenbuch-${build}`);
    expect(state.names).toContain(`pfotenbuch-${build}`);
    expect([...state.urls].sort()).toEqual([...listed].sort());
    await h.screenshot(page, 'pwa-shell');
  });

  it('serves the shell for every client route from the cache when offline', async () => {
    const page = await h.newPage();
    await page.goto(h.url('/app'));
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 15_000 });
    await h.context.setOffline(true);
    try {
      const res = await page.goto(h.url('/app/hunde/3'));
      expect(res?.status()).toBe(200);
      expect(await page.locator('meta[name="app-build"]').getAttribute('content')).toBe(h.ctx.config.build);
    } finally {
      await h.context.setOffline(false);
    }
  });

  it('loads CSS network-first, other assets cache-first, and keeps only immutable runtime responses', async () => {
    const build = h.ctx.config.build;
    const page = await h.newPage();
    await page.goto(h.url('/app'));
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 15_000 });
    h.requests.length = 0;
    await page.evaluate(async (b) => {
      await fetch(`/js/boot.js?v=${b}`);
      await fetch(`/css/site.css?v=${b}`);
      await fetch(`/js/force-update.js?v=${b}`);
      await fetch('/icons/apple-touch-icon.png');
    }, build);
    // boot.js came from the cache; the CSS went to the network although the worker could have answered.
    expect(h.requests).not.toContain(`GET /js/boot.js?v=${build}`);
    expect(h.requests).toContain(`GET /css/site.css?v=${build}`);
    const cached = (await cacheState(page, `pfotenbuch-${build}`)).urls;
    expect(cached).toContain(`/js/force-update.js?v=${build}`); // immutable: kept
    expect(cached).not.toContain('/icons/apple-touch-icon.png'); // only max-age: not kept
    // Offline, the CSS falls back to the copy the network-first fetch stored.
    await h.context.setOffline(true);
    try {
      const status = await page.evaluate(async (b) => (await fetch(`/css/site.css?v=${b}`)).status, build);
      expect(status).toBe(200);
    } finally {
      await h.context.setOffline(false);
    }
  });

  it('never answers API requests from a cache', async () => {
    const page = await h.newPage();
    await page.goto(h.url('/app'));
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 15_000 });
    h.requests.length = 0;
    await page.evaluate(async () => {
      await fetch('/api/version');
      await fetch('/api/version');
    });
    expect(h.requests.filter((r) => r === 'GET /api/version')).toHaveLength(2);
  });
});
