import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { agentAs, buildDog, buildUser, shareDog } from '../../helpers/factories.js';
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

  it('a caregiver who opens an owner-only screen by its address gets a line, not a form; the owner gets the form', async () => {
    const owner = await buildUser(h.ctx, { name: 'Olga Owner' });
    const carer = await buildUser(h.ctx, { name: 'Carl Carer' });
    const dog = await buildDog(h.ctx, { user: owner, name: 'Pünktchen' });
    await shareDog(h.test, agentAs(h.test, owner), dog.id, carer);
    await h.login(carer);
    const page = await h.page();
    for (const screen of ['bearbeiten', 'notfallausweis', 'familie']) {
      await page.goto(h.url(`/app/hunde/${dog.id}/${screen}`));
      await page.getByText('Nur die Besitzerin/der Besitzer kann das ändern.').waitFor();
      expect(await page.locator('main form').count(), screen).toBe(0);
      await page.getByRole('link', { name: 'Zum Profil von Pünktchen' }).waitFor();
    }
    await h.screenshot(page, 'nur-besitzer');
    await h.login(owner);
    for (const screen of ['bearbeiten', 'notfallausweis', 'familie']) {
      await page.goto(h.url(`/app/hunde/${dog.id}/${screen}`));
      await page.locator('main form').first().waitFor();
      expect(await page.getByText('Nur die Besitzerin/der Besitzer').count(), screen).toBe(0);
    }
    await page.close();
  });

  it('texts: the password rule said once, the poison edit title names the warning', async () => {
    await h.logout();
    const page = await h.page();
    await page.goto(h.url('/app/registrieren'));
    await page.getByLabel('Passwort').fill('kurz');
    await page.getByRole('button', { name: 'Konto anlegen' }).click();
    const field = page.locator('.field', { has: page.getByLabel('Passwort') });
    await field.locator('.field-error').waitFor();
    expect(await field.getByText('Mindestens 8 Zeichen.').count()).toBe(1);

    const me = await buildUser(h.ctx, { name: 'Gitta Gift', lat: 52.52, lon: 13.41 });
    const warning = await agentAs(h.test, me)
      .post('/api/poison-warnings')
      .send({ lat: 52.52, lon: 13.41, kind: 'poison', description: 'Wurst mit Nägeln' })
      .expect(201);
    await h.login(me);
    await page.goto(h.url(`/app/giftkoeder/${warning.body.id}/bearbeiten`));
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Giftköder-Warnung ändern');
    await page.close();
  });

  it('the map starts on the phone’s first screen, and tiles that cannot load leave a hint over it', async () => {
    // A profile no service worker controls yet: a worker would answer tiles from its cache (or fetch them itself).
    await h.freshContext();
    const me = await buildUser(h.ctx, { name: 'Karla Karte', lat: 52.52, lon: 13.405 });
    await h.login(me);
    const page = await h.page();
    // Every tile fails (any tile server: the z/x/y path), as when the tile host is down or blocked.
    await page.route(/\/\d+\/\d+\/\d+(@2x)?\.png/, (route) => route.abort('connectionrefused'));
    await page.goto(h.url('/app/karte'));
    const map = page.locator('.nearby-map');
    await map.locator('.leaflet-tile-pane').waitFor({ state: 'attached' });
    const box = await map.boundingBox();
    const tabbar = await page.locator('.tabbar').boundingBox();
    // At least 200 px of the map above the tab bar at 390 × 844, without scrolling.
    expect(box?.y ?? 9999).toBeLessThan((tabbar?.y ?? 844) - 200);
    await map.getByText('Kartenkacheln laden gerade nicht').waitFor();
    await h.screenshot(page, 'karte-ohne-kacheln');
    await page.close();
  });
});
