import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentAs, buildAdmin, buildUser } from '../../helpers/factories.js';
import { checkScreen, SCREENS_DIR, useAppHarness } from './app-harness.js';

const h = useAppHarness();

/** The in-app help (/app/hilfe): GET /api/help as native <details>, for guests and logged-in users alike. */
describe('in-app help', () => {
  it('shows the empty state while no article is active', async () => {
    await h.logout();
    const page = await h.page();
    await page.goto(h.url('/app/hilfe'));
    await page.getByText('Noch keine Hilfe-Artikel.').waitFor();
    await checkScreen(page, 'hilfe-leer', 'Hilfe');
    await page.close();
  });

  it('shows the active articles an admin wrote (as plain text), never the inactive ones, to guests and users', async () => {
    const admin = agentAs(h.test, await buildAdmin(h.ctx));
    await admin
      .post('/api/admin/help-articles')
      .send({
        category: 'erste-schritte',
        title: 'Wie lege ich meinen Hund an?',
        body: 'Tippe unter „Hunde“ auf „Hund anlegen“.\n\nName reicht, den Rest kannst du <b>später</b> ergänzen.',
        active: 1,
      })
      .expect(201);
    await admin
      .post('/api/admin/help-articles')
      .send({ category: 'app', title: 'Wie installiere ich die App?', body: 'Im Browser-Menü „Zum Startbildschirm hinzufügen“ wählen.', active: 1 })
      .expect(201);
    await admin
      .post('/api/admin/help-articles')
      .send({ category: 'erste-schritte', title: 'Geheimer Entwurf', body: 'Noch nicht fertig.', active: 0 })
      .expect(201);

    // A guest: the guest screens link to the help, and the screen works without a session.
    await h.logout();
    h.pageErrors.length = 0;
    const guest = await h.page();
    await guest.goto(h.url('/app/anmelden'));
    await guest.getByRole('link', { name: 'Zur Hilfe' }).waitFor();
    await guest.screenshot({ path: join(SCREENS_DIR, 'anmelden-hilfe-link-phone.png'), fullPage: true });
    await guest.getByRole('link', { name: 'Zur Hilfe' }).click();
    await guest.waitForURL(h.url('/app/hilfe'));
    expect(await guest.getByRole('link', { name: 'Zur Hilfe' }).count()).toBe(0);
    // Nothing wider than the phone (the guest header has no room for more links).
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const article = guest.locator('details').filter({ hasText: 'Wie lege ich meinen Hund an?' });
    await article.waitFor();
    expect(await guest.locator('main h2').allTextContents()).toEqual(['Erste Schritte', 'App & Installation']);
    expect(await guest.locator('main summary').allTextContents()).toEqual(['Wie lege ich meinen Hund an?', 'Wie installiere ich die App?']);
    expect(await guest.getByText('Geheimer Entwurf').count()).toBe(0);
    expect(await guest.getByText('Noch nicht fertig.').count()).toBe(0);

    // Native <details>: closed at first, opens on a click; the body is text in paragraphs, never HTML.
    expect(await article.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    await article.locator('summary').click();
    expect(await article.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
    expect(await article.locator('p').allTextContents()).toEqual([
      'Tippe unter „Hunde“ auf „Hund anlegen“.',
      'Name reicht, den Rest kannst du <b>später</b> ergänzen.',
    ]);
    expect(await article.locator('b').count()).toBe(0);
    await checkScreen(guest, 'hilfe-gast', 'Hilfe');
    // A guest's session check (GET /api/auth/me) answers 401; nothing else may fail.
    expect(h.pageErrors.filter((e) => !/status of 401/.test(e))).toEqual([]);

    // A logged-in user reaches it from the tab bar.
    const user = await buildUser(h.ctx, { name: 'Hanna Hilfe' });
    await h.login(user);
    const page = await h.page();
    await page.goto(h.url('/app/hunde'));
    await page.getByRole('heading', { name: 'Deine Hunde' }).waitFor();
    const tab = page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Hilfe' });
    await tab.click();
    await page.waitForURL(h.url('/app/hilfe'));
    await expect.poll(() => tab.getAttribute('aria-current')).toBe('page');
    await page.locator('summary').filter({ hasText: 'Wie installiere ich die App?' }).click();
    await page.getByText('Im Browser-Menü „Zum Startbildschirm hinzufügen“ wählen.').waitFor();
    expect(await page.getByText('Geheimer Entwurf').count()).toBe(0);
    await checkScreen(page, 'hilfe', 'Hilfe');
    expect(h.pageErrors.filter((e) => !/status of 401/.test(e))).toEqual([]);

    // Staff have a seventh tab; the bar still fits a phone.
    await h.login(await buildAdmin(h.ctx));
    const staff = await h.page();
    await staff.goto(h.url('/app/hilfe'));
    await staff.locator('summary').first().waitFor();
    expect(await staff.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link').allTextContents()).toEqual([
      'Start',
      'Hunde',
      'Tagebuch',
      'Community',
      'Profil',
      'Verwaltung',
      'Hilfe',
    ]);
    expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await staff.screenshot({ path: join(SCREENS_DIR, 'hilfe-admin-phone.png'), fullPage: true });
  });

  it('shows the server’s error with a retry button, and the articles after retrying', async () => {
    const page = await h.page();
    await page.route('**/api/help', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal', message: 'Da ist etwas schiefgelaufen.' } }),
      }),
    );
    await page.goto(h.url('/app/hilfe'));
    await page.getByRole('alert').filter({ hasText: 'Da ist etwas schiefgelaufen.' }).waitFor();
    await checkScreen(page, 'hilfe-fehler', 'Hilfe');
    await page.unroute('**/api/help');
    await page.getByRole('button', { name: 'Noch mal versuchen' }).click();
    await page.locator('summary').filter({ hasText: 'Wie lege ich meinen Hund an?' }).waitFor();
  });
});

describe('help articles in the admin panel', () => {
  it('an admin writes an article, activates it and moves it up; it shows on the public help page', async () => {
    h.pageErrors.length = 0; // the earlier tests' provoked server errors are theirs
    const admin = await buildAdmin(h.ctx, { name: 'Hanna Hilfe' });
    const title = 'Wie finde ich Routen in der Nähe?';
    await agentAs(h.test, admin)
      .post('/api/admin/help-articles')
      .send({ category: 'karte', title: 'Wie melde ich einen Giftköder?', body: 'Über „In der Nähe“.', active: 1 })
      .expect(201);
    await h.login(admin);
    const page = await h.page();
    await page.goto(h.url('/app/admin'));
    await page.getByRole('link', { name: 'Hilfe-Artikel' }).click();
    await page.getByRole('heading', { name: 'Hilfe-Artikel', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Neuer Artikel' }).click();
    await page.getByLabel('Kategorie').selectOption('karte');
    await page.getByLabel('Frage oder Titel').fill(title);
    await page.getByLabel('Antwort').fill('Öffne „Route planen“.\n\nUnter „In der Nähe“ stehen geteilte Routen, die bei dir starten.');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `„${title}“ angelegt.` })
      .waitFor();
    const group = page.locator('section[aria-labelledby="help-cat-karte"]');
    await expect.poll(() => group.locator('li strong').allTextContents()).toEqual(['Wie melde ich einen Giftköder?', title]);
    // Written, not yet active: the public page does not show it.
    expect(await (await page.request.get(h.url('/help'))).text()).not.toContain(title);

    await group
      .locator('li', { hasText: title })
      .getByRole('button', { name: /^Aktivieren/ })
      .click();
    await page
      .getByRole('status')
      .filter({ hasText: `„${title}“ ist jetzt auf der Hilfe-Seite.` })
      .waitFor();
    await group
      .locator('li', { hasText: title })
      .getByRole('button', { name: /^Nach oben/ })
      .click();
    await expect.poll(() => group.locator('li strong').allTextContents()).toEqual([title, 'Wie melde ich einen Giftköder?']);
    await checkScreen(page, 'admin-hilfe', 'Hilfe-Artikel');

    const help = await h.page();
    await help.goto(h.url('/help'));
    const summaries = await help.locator('summary').allTextContents();
    expect(summaries.map((x) => x.trim())).toEqual(expect.arrayContaining([title]));
    expect(summaries.findIndex((x) => x.includes(title))).toBeLessThan(summaries.findIndex((x) => x.includes('Giftköder')));
    await help.getByText(title).click();
    await help.getByText('Unter „In der Nähe“ stehen geteilte Routen, die bei dir starten.').waitFor();
    expect(h.pageErrors).toEqual([]);
    await help.close();
    await page.close();
  });
});
