import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserHarness } from '../harness.js';

const h = useBrowserHarness();
const TILE_CACHE = 'pfotenbuch-tiles';
const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  // navigator.storage.estimate, stubbed in every page: the share of used storage comes from localStorage.
  await h.context.addInitScript(() => {
    const quota = 1_000_000_000;
    Object.defineProperty(navigator.storage, 'estimate', {
      configurable: true,
      value: async () => ({ quota, usage: Math.round(Number(localStorage.getItem('test.storageRatio') ?? '0') * quota) }),
    });
  });
});

async function setRatio(page: Page, ratio: number): Promise<void> {
  await page.evaluate((r) => localStorage.setItem('test.storageRatio', String(r)), ratio);
}

/** Fills the tile cache with `count` fake tiles (oldest first), as the worker would have stored them. */
async function fillTiles(page: Page, count: number): Promise<void> {
  await page.evaluate(
    async ({ name, n }) => {
      await caches.delete(name);
      const cache = await caches.open(name);
      for (let i = 0; i < n; i++) {
        await cache.put(
          `https://tile.openstreetmap.org/12/${i}/0.png`,
          new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } }),
        );
      }
    },
    { name: TILE_CACHE, n: count },
  );
}

async function tiles(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname), TILE_CACHE);
}

/** Reloads the shell and waits for the storage check at start to finish. */
async function startApp(page: Page): Promise<void> {
  await page.goto(h.url('/app'));
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-storage-checked'), undefined, { timeout: 10_000 });
}

const toast = (page: Page) => page.locator('.boot-toast[role="status"]');

describe('client storage rules', () => {
  it('keeps at most 500 map tiles, dropping the oldest', async () => {
    const page = await h.newPage();
    await page.goto(h.url('/app'));
    await setRatio(page, 0.5);
    await fillTiles(page, 520);
    await startApp(page);
    const kept = await tiles(page);
    expect(kept).toHaveLength(500);
    expect(kept[0]).toBe('/12/20/0.png');
    expect(await toast(page).count()).toBe(0);
    await page.close();
  });

  it('cuts the tile cache to 100 when storage is 80 % full, without a warning below 90 %', async () => {
    const page = await h.newPage();
    await page.goto(h.url('/app'));
    await setRatio(page, 0.8);
    await fillTiles(page, 300);
    await startApp(page);
    const kept = await tiles(page);
    expect(kept).toHaveLength(100);
    expect(kept[0]).toBe('/12/200/0.png');
    expect(await toast(page).count()).toBe(0);
    await page.close();
  });

  it('leaves 300 tiles alone below 80 %, and cuts them at the next check 60 s later when storage filled up', async () => {
    const page = await h.newPage();
    await page.clock.install();
    await page.goto(h.url('/app'));
    await setRatio(page, 0.79);
    await fillTiles(page, 300);
    await startApp(page);
    expect(await tiles(page)).toHaveLength(300);
    await setRatio(page, 0.85);
    const before = await page.evaluate(() => document.documentElement.getAttribute('data-storage-checked'));
    await page.clock.runFor(59_000);
    expect(await tiles(page)).toHaveLength(300);
    await page.clock.runFor(1_500);
    await page.waitForFunction((b) => document.documentElement.getAttribute('data-storage-checked') !== b, before, { timeout: 10_000 });
    expect(await tiles(page)).toHaveLength(100);
    await page.close();
  });

  it('shows one storage warning per session at 90 % or more', async () => {
    const page = await h.newPage();
    await page.goto(h.url('/app'));
    await setRatio(page, 0.9);
    await page.evaluate(() => sessionStorage.clear());
    await startApp(page);
    await expect.poll(() => toast(page).count()).toBe(1);
    expect(await toast(page).textContent()).toContain('Dein Gerätespeicher ist fast voll');
    await h.screenshot(page, 'pwa-storage-warning');
    // Same session: a reload does not warn again.
    await startApp(page);
    await page.waitForTimeout(300);
    expect(await toast(page).count()).toBe(0);
    // The toast can be dismissed.
    await page.evaluate(() => sessionStorage.clear());
    await startApp(page);
    await expect.poll(() => toast(page).count()).toBe(1);
    await page.getByRole('button', { name: 'Okay' }).click();
    expect(await toast(page).count()).toBe(0);
    await page.close();
  });

  it('tells the service worker the lower limit, so the worker trims the tiles it stores', async () => {
    const page = await h.newPage();
    await page.goto(h.url('/app'));
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 15_000 });
    await setRatio(page, 0.85);
    await fillTiles(page, 100);
    // The check at start runs in a controlled page, so it sends the worker the limit 100.
    await startApp(page);
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    await h.context.route('https://tile.openstreetmap.org/**', (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', headers: { 'Access-Control-Allow-Origin': '*' }, body: ONE_PIXEL_PNG }),
    );
    try {
      // As Leaflet loads tiles: an <img> in CORS mode (the page's CSP allows tile images, not fetch()).
      const loaded = await page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const img = new Image();
            img.crossOrigin = 'anonymous';
            img.onload = () => resolve(true);
            img.onerror = () => resolve(false);
            img.src = 'https://tile.openstreetmap.org/12/999/0.png';
          }),
      );
      expect(loaded).toBe(true);
      await expect.poll(async () => (await tiles(page)).includes('/12/999/0.png')).toBe(true);
      const kept = await tiles(page);
      expect(kept).toHaveLength(100);
      expect(kept).not.toContain('/12/0/0.png');
    } finally {
      await h.context.unroute('https://tile.openstreetmap.org/**');
      await page.close();
    }
  });
});
