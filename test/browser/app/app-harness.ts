import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildClient } from '../../../scripts/build-client.mjs';
import { PROJECT_ROOT } from '#core/paths.js';
import { FakeWeatherServer } from '../../fakes/weather-server.js';
import { ARTIFACTS_DIR, startBrowserHarness, type BrowserHarness, type HarnessOptions } from '../harness.js';

/**
 * What the client's browser tests add to the shared harness: a fresh client bundle, a fake weather server (photo
 * uploads fetch historic weather), local map tiles, axe-core and screenshots at phone and desktop width.
 */

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
export const SCREENS_DIR = join(ARTIFACTS_DIR, 'screens');
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** A 1×1 PNG for every map tile: the tests never reach tile.openstreetmap.org. */
const TILE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds public/build/ when it is missing or older than the client sources (CI starts without a bundle). */
export async function ensureClientBuilt(): Promise<void> {
  const manifest = join(PROJECT_ROOT, 'public', 'build', 'asset-manifest.json');
  const sources = Math.max(
    newestMtime(join(PROJECT_ROOT, 'src', 'client')),
    statSync(join(PROJECT_ROOT, 'VERSION')).mtimeMs,
    statSync(join(PROJECT_ROOT, 'scripts', 'build-client.mjs')).mtimeMs,
  );
  if (existsSync(manifest) && statSync(manifest).mtimeMs >= sources) return;
  await buildClient();
}

export interface AppHarness extends BrowserHarness {
  weather: FakeWeatherServer;
  /** A new page (map tiles come from the test, see above). */
  page(): Promise<Page>;
}

/** One harness per test file: bundle, weather fake, app and browser (phone-sized unless told otherwise). */
export function useAppHarness(options: HarnessOptions = {}): AppHarness {
  const holder: { h?: BrowserHarness; weather?: FakeWeatherServer } = {};
  beforeAll(async () => {
    await ensureClientBuilt();
    holder.weather = new FakeWeatherServer();
    const weatherUrl = await holder.weather.start();
    holder.h = await startBrowserHarness({ viewport: PHONE, ...options, env: { BRIGHTSKY_URL: weatherUrl, WEATHER_PROVIDER: 'brightsky', ...options.env } });
    // Tiles the page fetches itself get a local PNG (registered after the harness's "abort every other host"
    // route, so it wins). Once the app's service worker controls the page it fetches tiles on its own, and
    // those requests stay unanswered: the harness lets nothing leave 127.0.0.1.
    await holder.h.context.route('https://tile.openstreetmap.org/**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'image/png',
        headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'max-age=604800' },
        body: TILE_PNG,
      }),
    );
  });
  afterAll(async () => {
    await holder.h?.close();
    await holder.weather?.stop();
  });
  return new Proxy({} as AppHarness, {
    get(_target, prop: keyof AppHarness) {
      const h = holder.h;
      if (!h || !holder.weather) throw new Error('useAppHarness: not ready (use it inside a test)');
      if (prop === 'weather') return holder.weather;
      if (prop === 'page') return () => h.newPage();
      return h[prop];
    },
  });
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Runs axe-core in the page (evaluated through the DevTools protocol, so the app's CSP does not block it). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

/** The issue's rule: no serious or critical axe violation on any screen. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const serious = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${screen}: ${v.id} (${v.impact}) ${v.help} → ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join(', ')}`),
  ).toEqual([]);
}

/**
 * checkScreen's photographs are for people looking at the screens, so CI skips them (two full-page PNGs and two
 * resizes per screen, about a tenth of the suite's time); TEST_SCREENSHOTS=1 takes them there too, =0 skips them
 * anywhere. A failing test is photographed by the failure report either way.
 */
const TAKE_SCREENSHOTS = (process.env.TEST_SCREENSHOTS ?? (process.env.CI ? '0' : '1')) === '1';

/** Full-page screenshots at phone and desktop width into test-artifacts/screens/<name>-{phone,desktop}.png. */
export async function screenshots(page: Page, name: string): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  mkdirSync(SCREENS_DIR, { recursive: true });
  const before = page.viewportSize() ?? PHONE;
  // A modal dialog is shown as the user sees it; a full-page shot would scroll the page under it.
  const modal = (await page.locator('dialog[open]').count()) > 0;
  for (const [label, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    // Let layout (and Leaflet) settle at the new width.
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(SCREENS_DIR, `${name}-${label}.png`), fullPage: !modal });
  }
  await page.setViewportSize(before);
}

/** Each screen in the tests: wait for its heading, check it with axe in light and dark mode, and photograph it. */
export async function checkScreen(page: Page, name: string, heading?: string | RegExp): Promise<void> {
  if (heading) await expect.poll(() => page.locator('main h1').first().textContent(), { timeout: 10_000 }).toMatch(heading);
  await page.waitForFunction(() => !document.querySelector('.state-loading'), undefined, { timeout: 10_000 });
  await expectAccessible(page, name);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, `${name} (dunkel)`);
  await page.emulateMedia({ colorScheme: 'light' });
  await screenshots(page, name);
}
