import { describe, expect, it } from 'vitest';
import { agentAs, buildUser } from '../../helpers/factories.js';
import { checkScreen, PHONE, useAppHarness } from './app-harness.js';

const h = useAppHarness({ viewport: PHONE });

/** Issue 48: a poison warning is shared with neighbours who have no account: "Teilen" in the app, the public page. */
describe('sharing a poison warning', () => {
  it('Teilen in the app hands the public page to the share sheet; the page fits 390 px and shares too, or copies the link', async () => {
    const reporter = await buildUser(h.ctx, { name: 'Rudi Reporterich' });
    const warning = (
      await agentAs(h.test, reporter)
        .post('/api/poison-warnings')
        .send({ lat: 52.5219, lon: 13.4132, kind: 'poison', description: 'Fleischbällchen mit Tabletten im Gebüsch am Spielplatz' })
        .expect(201)
    ).body as { id: number };
    await h.login(await buildUser(h.ctx, { name: 'Nora Nachbarin' }));
    const page = await h.page();
    // The share sheet, recorded: headless Chromium has none.
    await page.addInitScript(() => {
      const shared: unknown[] = [];
      (window as unknown as { __shared: unknown[] }).__shared = shared;
      Object.defineProperty(navigator, 'share', { configurable: true, value: async (data: unknown) => void shared.push(data) });
    });
    await page.goto(h.url(`/app/giftkoeder/${warning.id}`));
    await page.getByText('Fleischbällchen mit Tabletten').waitFor();
    await page.getByRole('button', { name: 'Teilen' }).click();
    const shared = () => page.evaluate(() => (window as unknown as { __shared: { url: string }[] }).__shared);
    await expect.poll(async () => (await shared()).map((s) => s.url)).toEqual([h.url(`/giftkoeder/${warning.id}`)]);

    await page.goto(h.url(`/giftkoeder/${warning.id}`));
    await page.getByRole('heading', { name: '⚠️ Giftköder gemeldet' }).waitFor();
    await checkScreen(page, 'giftkoeder-oeffentlich', 'Giftköder gemeldet');
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await page.content()).not.toContain('Rudi');
    await page.getByRole('button', { name: 'Teilen' }).click();
    await expect.poll(async () => (await shared()).length).toBe(1); // a fresh page: its own record
    await expect.poll(async () => (await shared())[0]?.url).toBe(h.url(`/giftkoeder/${warning.id}`));

    // Without a share sheet the link is copied.
    const plain = await h.page();
    await plain.addInitScript(() => {
      const copied: string[] = [];
      (window as unknown as { __copied: string[] }).__copied = copied;
      Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
      Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } });
    });
    await plain.goto(h.url(`/giftkoeder/${warning.id}`));
    await plain.getByRole('button', { name: 'Teilen' }).click();
    await plain.getByText('Link kopiert – füg ihn in eine Nachricht ein.').waitFor();
    expect(await plain.evaluate(() => (window as unknown as { __copied: string[] }).__copied)).toEqual([h.url(`/giftkoeder/${warning.id}`)]);
    expect(h.pageErrors).toEqual([]);
  });
});
