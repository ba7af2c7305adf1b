import { beforeAll, describe, expect, it } from 'vitest';
import { loadBreeds } from '../../../src/features/public-web/wiki/index.js';
import { buildAdmin, buildUser } from '../../helpers/factories.js';
import { agentAs } from '../../helpers/factories.js';
import { useBrowserHarness } from '../harness.js';

const h = useBrowserHarness();

beforeAll(async () => {
  await loadBreeds(h.ctx);
  const admin = agentAs(h.test, await buildAdmin(h.ctx));
  await admin
    .post('/api/admin/help-articles')
    .send({
      category: 'erste-schritte',
      title: 'Wie lege ich meinen Hund an?',
      body: 'Öffne die App und tippe auf „Hund anlegen“.\n\nName und Rasse reichen für den Anfang.',
      active: 1,
    })
    .expect(201);
  await admin
    .post('/api/admin/help-articles')
    .send({ category: 'app', title: 'Wie installiere ich die App?', body: 'Öffne das Browser-Menü und wähle „Zum Startbildschirm hinzufügen“.', active: 1 })
    .expect(201);
});

const PAGES = [
  ['landing', '/'],
  ['help', '/help'],
  ['rassen', '/rassen'],
  ['rasse', '/rassen/german-shepherd'],
] as const;

describe('public pages in the browser', () => {
  for (const [name, path] of PAGES) {
    it(`${path} renders without errors on phone and desktop, and the help items open natively`, async () => {
      const page = await h.newPage();
      for (const [label, viewport] of [
        ['phone', { width: 390, height: 844 }],
        ['desktop', { width: 1280, height: 800 }],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.goto(h.url(path));
        await h.screenshot(page, `public-${name}-${label}`);
      }
      if (name === 'help') {
        const item = page.locator('details').first();
        expect(await item.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
        await item.locator('summary').click();
        expect(await item.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
      }
      if (name === 'rasse') {
        // The honeypot link exists but nobody sees it.
        expect(await page.locator('a.hp').count()).toBe(1);
        expect(await page.locator('a.hp').isVisible()).toBe(false);
      }
      expect(h.pageErrors).toEqual([]);
      await page.close();
    });
  }

  it('looks right in dark mode', async () => {
    const page = await h.newPage();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(h.url('/help'));
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(28, 25, 23)');
    await h.screenshot(page, 'public-help-dark');
    await page.close();
  });

  it('shows "Zur App" instead of "Anmelden" once someone logged in in this browser, and "Anmelden" again after logout', async () => {
    const user = await buildUser(h.ctx);
    const page = await h.newPage();
    await page.goto(h.url('/rassen'));
    const link = page.locator('.site-header [data-session-link]');
    expect(await link.textContent()).toBe('Anmelden');
    // A real login through the API in this browser (the server sets the session and its readable marker).
    expect((await page.request.post(h.url('/api/auth/login'), { data: { email: user.email, password: user.password } })).status()).toBe(200);
    await page.goto(h.url('/rassen'));
    await expect.poll(() => link.textContent()).toBe('Zur App');
    expect(await link.getAttribute('href')).toBe('/app');
    await page.goto(h.url('/'));
    await expect.poll(() => page.locator('main [data-session-link]').textContent()).toBe('Zur App');
    expect((await page.request.post(h.url('/api/auth/logout'))).status()).toBe(204);
    await page.goto(h.url('/rassen'));
    expect(await link.textContent()).toBe('Anmelden');
    await page.close();
  });
});
