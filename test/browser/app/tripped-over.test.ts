import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildDog, buildUser } from '../../helpers/factories.js';
import { useAppHarness } from './app-harness.js';

/**
 * What users tripped over (wave 4, issue 48), in Chromium at 390 px: the small things a screen got wrong.
 */
const h = useAppHarness();

beforeEach(() => {
  h.pageErrors.length = 0;
});

/** The horizontal room between each tab label and the next one (negative: they overlap). */
async function labelGaps(page: Page): Promise<{ pair: string; gap: number }[]> {
  return page.locator('.tabbar a span').evaluateAll((spans) => {
    const boxes = spans.map((s) => {
      const range = document.createRange();
      range.selectNodeContents(s);
      const r = range.getBoundingClientRect();
      return { text: s.textContent ?? '', left: r.left, right: r.right };
    });
    return boxes.slice(1).map((b, i) => ({ pair: `${boxes[i]!.text}|${b.text}`, gap: Math.round(b.left - boxes[i]!.right) }));
  });
}

/** A page the app's service worker controls: from then on the app's screens load without a connection. */
async function openControlled(path: string): Promise<Page> {
  const page = await h.page();
  await page.goto(h.url(path));
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 15_000 });
  return page;
}

describe('what users tripped over', () => {
  it('a diary entry saved offline shows as waiting in the list, with no red "Keine Verbindung"', async () => {
    const me = await buildUser(h.ctx, { name: 'Frida Funkloch' });
    const dog = await buildDog(h.ctx, { user: me, name: 'Motte' });
    await h.login(me);
    const page = await openControlled(`/app/tagebuch/neu?hund=${dog.id}`);
    await page.getByRole('heading', { level: 1, name: 'Neuer Eintrag' }).waitFor();
    await h.context.setOffline(true);
    try {
      await page.getByLabel('Überschrift (optional)').fill('Am See');
      await page.getByLabel('Was habt ihr erlebt?').fill('Kein Netz, aber viel Wasser.');
      await page.getByRole('button', { name: 'Speichern' }).click();
      const entry = page.getByTestId('pending-write').filter({ hasText: 'Tagebuch: Am See' });
      await entry.getByText('wird gesendet, sobald du online bist').waitFor();
      await page.waitForFunction(() => !document.querySelector('.state-loading'), undefined, { timeout: 10_000 });
      await h.screenshot(page, 'tagebuch-offline-gespeichert');
      expect(await page.getByText('Keine Verbindung zum Server').count()).toBe(0);
      expect(await page.locator('.state-error, .notice-error, [role="alert"]').count()).toBe(0);
    } finally {
      await h.context.setOffline(false);
    }
    await page.close();
  });

  it('the tab labels keep room between them at 390 px, also with the breeder and admin tabs', async () => {
    for (const extra of [{}, { subscription_tier: 'breeder' as const }, { subscription_tier: 'breeder' as const, rolle: 'admin' as const }]) {
      const user = await buildUser(h.ctx, extra);
      await h.login(user);
      const page = await h.page();
      await page.goto(h.url('/app'));
      await page.locator('.tabbar a').first().waitFor();
      const gaps = await labelGaps(page);
      for (const g of gaps) expect(g.gap, g.pair).toBeGreaterThanOrEqual(4);
      await h.screenshot(page, `tabbar-${Object.values(extra).join('-') || 'user'}`);
      await page.close();
    }
  });
});
