import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildAdmin, buildModerator, buildUser } from '../../helpers/factories.js';
import { checkScreen, useAppHarness } from './app-harness.js';

const h = useAppHarness({ viewport: { width: 1280, height: 800 }, env: { INVOICE_ISSUER_ADDRESS: 'Pfotenbuch GmbH|Hauptstraße 1|10115 Berlin' } });

/** Waits until `text` shows up in a status message (role=status or alert). */
async function message(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('[role="status"], [role="alert"]').filter({ hasText: text }).first().waitFor();
}

describe('admin and moderator panel', () => {
  it('admin creates a partner code; a new user registers with it (live check) and gets the founder badge', async () => {
    const admin = await buildAdmin(h.ctx, { name: 'Ada Admin' });
    await h.login(admin);
    const page = await h.page();
    await page.goto(h.url('/app/admin'));
    await checkScreen(page, 'admin', 'Verwaltung');
    await page.getByRole('link', { name: 'Partnercodes' }).click();
    await checkScreen(page, 'admin-partnercodes-leer', 'Partnercodes');

    // The client checks the code format before the server sees it.
    await page.locator('#f-code').fill('HUND SCHULE');
    await page.getByLabel('Bezeichnung').fill('Hundeschule Pfotenglück');
    await page.getByRole('button', { name: 'Code anlegen' }).click();
    await expect.poll(() => page.locator('#f-code-error').textContent()).toBe('Nur Buchstaben, Ziffern, - und _.');
    await page.locator('#f-code').fill('pfotenglueck');
    await page.getByLabel('Wie oft einlösbar').fill('2');
    await page.getByLabel('Gibt die Gründer-Lizenz').check();
    await page.getByRole('button', { name: 'Code anlegen' }).click();
    await message(page, 'Code PFOTENGLUECK ist angelegt.');
    const row = page.locator('tr[data-code="PFOTENGLUECK"]');
    await expect.poll(() => row.textContent()).toContain('0 / 2');
    await checkScreen(page, 'admin-partnercodes', 'Partnercodes');
    const stored = await h.ctx.db.selectFrom('partner_codes').selectAll().where('code', '=', 'PFOTENGLUECK').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ label: 'Hundeschule Pfotenglück', max_uses: 2, grants_founder: 1, uses: 0 });

    // A new visitor registers with the code: the form checks it live.
    await h.logout();
    const visitor = await h.page();
    await visitor.goto(h.url('/app/registrieren'));
    await visitor.getByLabel('Partnercode (optional)').fill('gibtsnicht');
    await expect.poll(() => visitor.locator('#partner-code-status').getAttribute('data-state')).toBe('invalid');
    await expect.poll(() => visitor.locator('#partner-code-status').textContent()).toBe('Diesen Code kennen wir nicht, oder er ist schon aufgebraucht.');
    await visitor.getByLabel('Partnercode (optional)').fill('pfotenglueck');
    await expect.poll(() => visitor.locator('#partner-code-status').getAttribute('data-state')).toBe('valid');
    await expect
      .poll(() => visitor.locator('#partner-code-status').textContent())
      .toBe('Gültiger Code: Hundeschule Pfotenglück. Damit bekommst du die Gründer-Lizenz.');
    await checkScreen(visitor, 'registrieren-mit-code', 'Konto anlegen');
    await visitor.getByLabel('Dein Name').fill('Frieda Gründer');
    await visitor.getByLabel('E-Mail-Adresse').fill('frieda@example.de');
    await visitor.locator('#f-password').fill('sicheres-passwort');
    await visitor.getByRole('button', { name: 'Konto anlegen' }).click();
    await visitor.waitForURL(h.url('/app'));

    await visitor.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Profil' }).click();
    await visitor.getByRole('link', { name: 'Tarif ansehen' }).click();
    await checkScreen(visitor, 'tarif-gruender', 'Tarif und Abzeichen');
    const badges = visitor.locator('main .badges').first();
    await expect.poll(() => badges.locator('[data-badge="founder"]').textContent()).toBe('Gründer #1');
    await visitor.getByText('Du bist Gründer Nr. 1. Danke, dass du von Anfang an dabei bist!').waitFor();
    const frieda = await h.ctx.db
      .selectFrom('users')
      .select(['is_founder', 'founder_number'])
      .where('email', '=', 'frieda@example.de')
      .executeTakeFirstOrThrow();
    expect(frieda).toEqual({ is_founder: 1, founder_number: 1 });
    expect((await h.ctx.db.selectFrom('partner_codes').select('uses').where('code', '=', 'PFOTENGLUECK').executeTakeFirstOrThrow()).uses).toBe(1);
  });

  it('a moderator sees masked emails and only the user tools; the admin sees full addresses and can grant founder', async () => {
    const target = await buildUser(h.ctx, { name: 'Maskierte Maria', email: 'maria.muster@example.de' });
    const moderator = await buildModerator(h.ctx, { name: 'Mona Moderator' });
    await h.login(moderator);
    const page = await h.page();
    await page.goto(h.url('/app/admin'));
    await checkScreen(page, 'moderation', 'Verwaltung');
    // Partner codes, upgrades and invoices are for admins only.
    expect(await page.getByRole('link', { name: 'Partnercodes' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Nutzer' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Maskierte');
    await page.getByRole('button', { name: 'Suchen' }).click();
    const card = page.locator(`li[data-user-id="${target.id}"]`);
    await expect.poll(() => card.getByTestId('user-email').textContent()).toBe('m***@e***.de');
    expect(await page.content()).not.toContain('maria.muster@example.de');
    expect(await card.getByLabel('Maskierte Maria ist Partner').count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Gründer-Lizenz geben' }).count()).toBe(0);
    await checkScreen(page, 'moderation-nutzer', 'Nutzer');

    // The moderator suspends the account: its sessions stop working.
    await card.getByLabel('Status von Maskierte Maria').selectOption('suspended');
    await card.getByRole('button', { name: 'Speichern' }).click();
    await message(page, 'Maskierte Maria: gespeichert.');
    expect((await h.ctx.db.selectFrom('users').select('status').where('id', '=', target.id).executeTakeFirstOrThrow()).status).toBe('suspended');

    // The admin sees the full address and grants the founder license.
    const admin = await buildAdmin(h.ctx, { name: 'Anton Admin' });
    await h.login(admin);
    const adminPage = await h.page();
    await adminPage.goto(h.url('/app/admin/nutzer?q=Maskierte'));
    const adminCard = adminPage.locator(`li[data-user-id="${target.id}"]`);
    await expect.poll(() => adminCard.getByTestId('user-email').textContent()).toBe('maria.muster@example.de');
    await adminCard.getByLabel('Gründer-Lizenz für Maskierte Maria').selectOption('now');
    await adminCard.getByRole('button', { name: 'Gründer-Lizenz geben' }).click();
    await message(adminPage, 'Maskierte Maria hat die Gründer-Lizenz.');
    await expect.poll(() => adminCard.locator('[data-badge="founder"]').count()).toBe(1);
    await checkScreen(adminPage, 'admin-nutzer', 'Nutzer');
    const founder = await h.ctx.db.selectFrom('users').select(['is_founder', 'founder_number']).where('id', '=', target.id).executeTakeFirstOrThrow();
    expect(founder.is_founder).toBe(1);
  });

  it('upgrade request: the user asks, the admin sees the to-do counter and fulfils it, the user has Pro', async () => {
    const user = await buildUser(h.ctx, { name: 'Paula Pro' });
    await h.login(user);
    const page = await h.page();
    await page.goto(h.url('/app/tarif'));
    // A request can be withdrawn; it then shows under the earlier ones.
    await page.getByLabel('Gewünschter Tarif').selectOption('breeder');
    await page.getByRole('button', { name: 'Anfrage senden' }).click();
    await page.getByText(/^Offene Anfrage: Züchter/).waitFor();
    await page.getByRole('button', { name: 'Anfrage zurückziehen' }).click();
    await message(page, 'Anfrage zurückgezogen.');
    await page.getByText(/Züchter – zurückgezogen$/).waitFor();
    await page.getByLabel('Gewünschter Tarif').selectOption('pro');
    await page.getByLabel('Nachricht (optional)').fill('Für meine zwei Hunde.');
    await page.getByRole('button', { name: 'Anfrage senden' }).click();
    await message(page, 'Deine Anfrage ist angekommen.');
    await page.getByText(/^Offene Anfrage: Pro/).waitFor();
    await checkScreen(page, 'tarif-anfrage', /^Tarif$/); // no badges besides the plan: no "Abzeichen" in the title

    const admin = await buildAdmin(h.ctx, { name: 'Armin Admin' });
    await h.login(admin);
    const adminPage = await h.page();
    await adminPage.goto(h.url('/app/admin'));
    await expect.poll(() => adminPage.getByTestId('todo-count').textContent()).toBe('1 offen');
    await adminPage.getByRole('link', { name: /Upgrade-Anfragen/ }).click();
    const card = adminPage.locator('li.request-card').filter({ hasText: 'Paula Pro' });
    await card.getByText('Für meine zwei Hunde.').waitFor();
    await checkScreen(adminPage, 'admin-upgrades', 'Upgrade-Anfragen');
    await card.getByLabel('Tarif für Paula Pro').selectOption('pro');
    await card.getByRole('button', { name: 'Freischalten' }).click();
    await message(adminPage, 'Paula Pro ist freigeschaltet.');
    const row = await h.ctx.db.selectFrom('users').select(['subscription_tier', 'is_premium']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ subscription_tier: 'pro', is_premium: 1 });
    await adminPage.goto(h.url('/app/admin'));
    await adminPage.getByRole('heading', { name: 'Verwaltung' }).waitFor();
    await adminPage.waitForFunction(() => !document.querySelector('.state-loading'));
    expect(await adminPage.getByTestId('todo-count').count()).toBe(0);

    await h.login(user);
    const again = await h.page();
    await again.goto(h.url('/app/tarif'));
    await expect.poll(() => again.locator('.plan-tier').textContent()).toBe('Pro');
    await expect.poll(() => again.locator('[data-badge="pro"]').count()).toBe(1);
  });

  it('invoices: the admin writes one with two items and cancels it', async () => {
    const customer = await buildUser(h.ctx, { name: 'Klara Kundin' });
    const admin = await buildAdmin(h.ctx, { name: 'Ines Invoice' });
    await h.login(admin);
    const page = await h.page();
    await page.goto(h.url('/app/admin/rechnungen'));
    await checkScreen(page, 'admin-rechnungen-leer', 'Rechnungen');
    // The customer is found by name, not by a number nobody knows.
    await page.getByLabel('Kundin oder Kunde').fill('Klara');
    await page.getByRole('button', { name: `Klara Kundin (${customer.email})` }).click();
    await page.locator('#inv-desc-0').fill('Pro-Jahreslizenz');
    await page.locator('#inv-amount-0').fill('12,5');
    await page.getByRole('button', { name: 'Position hinzufügen' }).click();
    await page.locator('#inv-desc-1').fill('Versand Halsband');
    await page.locator('#inv-amount-1').fill('3,99');
    await page.locator('#inv-qty-1').fill('2');
    await page.getByRole('button', { name: 'Rechnung erstellen' }).click();
    await message(page, /^Rechnung RG-\d+ erstellt\.$/);
    const invoice = await h.ctx.db.selectFrom('invoices').select(['id', 'number', 'total_cents']).where('user_id', '=', customer.id).executeTakeFirstOrThrow();
    expect(invoice.total_cents).toBe(1250 + 2 * 399);
    const row = page.locator(`tr[data-number="${invoice.number}"]`);
    await expect.poll(() => row.textContent()).toContain('20,48\u00a0€');
    await checkScreen(page, 'admin-rechnungen', 'Rechnungen');
    await row.getByRole('button', { name: `Stornieren: ${invoice.number}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Stornieren' }).click();
    await message(page, /^Stornorechnung ST-\d+ erstellt\.$/);
    await expect.poll(() => page.locator('tr[data-number^="ST-"]').count()).toBe(1);
  });

  it('settings: the admin enters the operator; the imprint and the plan comparison show it', async () => {
    h.pageErrors.length = 0; // the registration test before leaves its expected 401 of the session check
    const admin = await buildAdmin(h.ctx, { name: 'Sina Settings' });
    await h.login(admin);
    const page = await h.page();
    await page.goto(h.url('/app/admin'));
    await page.getByRole('link', { name: /Einstellungen/ }).click();
    await page.getByRole('heading', { name: 'Einstellungen' }).waitFor();
    await page.getByLabel('Name des Betreibers (Person oder Firma)').fill('Pfotenbuch UG');
    await page.getByLabel('Anschrift').fill('Hauptstraße 1\n10115 Berlin');
    await page.getByLabel('Kontakt-E-Mail').fill('hallo@pfotenbuch.example');
    await page.getByLabel('Preis Pro pro Jahr (€)').fill('abc');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Bitte einen Betrag wie 29,99.').waitFor();
    await page.getByLabel('Preis Pro pro Jahr (€)').fill('34,99');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Gespeichert.').waitFor();
    await checkScreen(page, 'admin-einstellungen', 'Einstellungen');
    expect(await h.ctx.db.selectFrom('operator_settings').select(['operator_name', 'price_pro_cents_year']).executeTakeFirstOrThrow()).toEqual({
      operator_name: 'Pfotenbuch UG',
      price_pro_cents_year: 3499,
    });

    await page.goto(h.url('/impressum'));
    await page.getByText('hallo@pfotenbuch.example').first().waitFor();
    await checkScreen(page, 'impressum', 'Impressum');
    await page.goto(h.url('/datenschutz'));
    await checkScreen(page, 'datenschutz', 'Datenschutzerklärung');

    await page.goto(h.url('/app/tarif'));
    await page.locator('.plan-card[data-tier="pro"]').getByText('34,99 € im Jahr').waitFor();
    await checkScreen(page, 'tarif-vergleich', 'Tarif und Abzeichen');
    expect(h.pageErrors).toEqual([]);
  });

  it('statistics (admin-stats): numbers and bar charts for the admin', async () => {
    h.pageErrors.length = 0;
    const admin = await buildAdmin(h.ctx, { name: 'Stella Statistik' });
    await buildUser(h.ctx, { subscription_tier: 'pro' });
    await h.login(admin);
    const page = await h.page();
    await page.goto(h.url('/app/admin'));
    await page.getByRole('link', { name: 'Statistik' }).click();
    await page.getByRole('heading', { name: 'Statistik' }).waitFor();
    await page.getByRole('region', { name: 'Konten nach Tarif' }).getByText('Pro').waitFor();
    await checkScreen(page, 'admin-statistik', 'Statistik');
    expect(h.pageErrors).toEqual([]);
  });

  it('blocked addresses (ip-blocks area): the admin sees the honeypot’s block with its hits and lifts it after a confirmation', async () => {
    await h.ctx.blocklist.block('198.51.100.200', 'honeypot /api/wiki/trap', h.ctx.config.ipBlock);
    await h.ctx.blocklist.block('198.51.100.200', 'honeypot /api/wiki/trap', h.ctx.config.ipBlock);
    await h.login(await buildAdmin(h.ctx));
    const page = await h.page();
    await page.goto(h.url('/app/admin'));
    await page.getByRole('link', { name: 'Gesperrte Adressen' }).click();
    const row = page.getByRole('row', { name: /198\.51\.100\.200/ });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('2');
    await checkScreen(page, 'admin-sperren', 'Gesperrte Adressen');
    await row.getByRole('button', { name: /Sperre aufheben/ }).click();
    await page.getByRole('dialog', { name: 'Sperre für 198.51.100.200 aufheben?' }).getByRole('button', { name: 'Sperre aufheben' }).click();
    await message(page, 'Die Sperre für 198.51.100.200 ist aufgehoben.');
    expect(h.ctx.blocklist.isBlocked('198.51.100.200')).toBe(false);
    await page.getByText('Gerade ist keine Adresse gesperrt.').waitFor();
    expect(h.pageErrors).toEqual([]);
  });

  it('CSP reports (csp-reports area): a style from elsewhere is refused, the browser reports it, and the admin sees it counted', async () => {
    await h.login(await buildAdmin(h.ctx));
    const page = await h.page();
    await page.goto(h.url('/app/admin'));
    await page.getByRole('link', { name: 'CSP-Meldungen' }).click();
    await page.getByText('Keine Meldungen in den letzten 30 Tagen.').waitFor();
    // An injected stylesheet from another host, as an HTML injection would add it: the policy refuses it.
    await page.evaluate(() => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = 'https://styles.evil.example/steal.css';
      document.head.append(link);
    });
    await expect.poll(() => h.cspViolations.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(h.cspViolations[0]).toContain('style-src-elem');
    h.cspViolations.length = 0; // provoked on purpose: not a screen that breaks the policy
    // The report reaches the endpoint (report-uri: the test app runs on plain HTTP, where report-to is left out).
    await expect
      .poll(async () => await h.ctx.db.selectFrom('csp_reports').select(['directive', 'blocked', 'page', 'count']).where('count', '>', 0).execute(), {
        timeout: 15_000,
      }) // the day's '(weitere)' counter row starts at 0
      .toEqual([{ directive: 'style-src-elem', blocked: 'https://styles.evil.example/steal.css', page: '/app/admin/csp', count: 1 }]);
    await page.reload();
    const row = page.getByRole('row', { name: /styles\.evil\.example/ });
    await row.waitFor();
    expect(await row.getByRole('cell').first().textContent()).toBe('1');
    await checkScreen(page, 'admin-csp', 'CSP-Meldungen');
  });
});
