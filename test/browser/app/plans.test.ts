import { describe, expect, it } from 'vitest';
import { buildUser } from '../../helpers/factories.js';
import { checkScreen, PHONE, useAppHarness } from './app-harness.js';

/** Issue 48: the comparison showed no advantage of Pro, and its Züchter column sat off-screen at 390 px. */
const h = useAppHarness({ viewport: PHONE });

const scrollWidth = (page: Awaited<ReturnType<typeof h.page>>) => page.evaluate(() => document.documentElement.scrollWidth);

describe('the plans at 390 px', () => {
  it('the app compares Free, Pro and Züchter as cards that fit, with Pro’s advantages; /tarife shows the same', async () => {
    await h.login(await buildUser(h.ctx, { name: 'Frida Free' }));
    const page = await h.page();
    await page.goto(h.url('/app/tarif'));
    await checkScreen(page, 'tarif-karten', /^Tarif$/);
    await page.setViewportSize(PHONE);
    const cards = page.locator('main .plan-card');
    await expect.poll(() => cards.count()).toBe(3);
    expect(await page.locator('main .plan-card[aria-current="true"] h3').textContent()).toBe('Freedein Tarif');
    const pro = page.locator('main .plan-card[data-tier="pro"]');
    for (const text of ['Eigene Hunde', 'unbegrenzt', 'bis zu 20 Personen pro Hund', 'bis zu 100 Fotos']) await pro.getByText(text).first().waitFor();
    expect(await page.locator('main').getByText(/KI-/).count()).toBe(0); // no AI on this install: no AI row
    // Every card inside the viewport, the Züchter card too.
    for (const tier of ['free', 'pro', 'breeder']) {
      const box = await page.locator(`main .plan-card[data-tier="${tier}"]`).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    }
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);

    await page.getByRole('link', { name: 'Vergleich zum Teilen' }).click();
    await page.waitForURL(h.url('/tarife'));
    await page.getByRole('heading', { name: 'Tarife', level: 1 }).waitFor();
    await checkScreen(page, 'tarife-oeffentlich', 'Tarife');
    await page.setViewportSize(PHONE);
    expect(await page.locator('.plan-card').count()).toBe(3);
    await page.locator('.plan-card[data-tier="pro"]').getByText('bis zu 100 Fotos').waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    expect(h.pageErrors).toEqual([]);
  });
});
