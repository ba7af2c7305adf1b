import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { agentAs, buildAdmin, buildModerator, buildUser, type BuiltUser } from '../../helpers/factories.js';
import { checkScreen, DESKTOP, PHONE, SCREENS_DIR, useAppHarness } from './app-harness.js';

/** Issue 32: a message and a person reported and a moderator's decision; an invoice reaching its recipient. */

const h = useAppHarness({ env: { INVOICE_ISSUER_ADDRESS: 'Pfotenbuch GmbH|Hauptstraße 1|10115 Berlin' } });

beforeEach(() => {
  h.pageErrors.length = 0;
});

async function befriend(a: BuiltUser, b: BuiltUser) {
  const req = await agentAs(h.test, a).post('/api/friends/requests').send({ user_id: b.id }).expect(201);
  await agentAs(h.test, b).post(`/api/friends/requests/${req.body.id}/accept`).expect(200);
}
const statusOf = async (page: Page, text: string | RegExp) => page.locator('[role="status"]').filter({ hasText: text }).first().waitFor();

describe('reports of messages and people', () => {
  it('a recipient reports a message and its sender; the moderator sees the message in its context and suspends the sender', async () => {
    const rita = await buildUser(h.ctx, { name: 'Rita Rüpel' });
    const mia = await buildUser(h.ctx, { name: 'Mia Meldet' });
    await befriend(rita, mia);
    const lines = ['Hallo Mia', 'Dein Hund ist hässlich', 'Ich weiß, wo du wohnst'];
    for (const text of lines) await agentAs(h.test, rita).post(`/api/conversations/${mia.id}/messages`).send({ text }).expect(201);
    await agentAs(h.test, mia).post(`/api/conversations/${rita.id}/messages`).send({ text: 'Lass mich in Ruhe!' }).expect(201);

    await h.login(mia);
    const page = await h.page();
    await page.goto(h.url(`/app/nachrichten/${rita.id}`));
    await page.getByRole('heading', { name: 'Chat mit Rita Rüpel' }).waitFor();
    // Only received messages carry "Melden".
    await expect.poll(() => page.getByRole('button', { name: /^Melden: / }).count()).toBe(3);
    await page.getByRole('button', { name: 'Melden: Ich weiß, wo du wohnst' }).click();
    await page.getByRole('button', { name: 'Meldung schicken' }).click();
    await page.getByRole('alert').filter({ hasText: 'Schreib kurz, was nicht in Ordnung ist.' }).waitFor();
    await page.getByLabel('Was ist passiert? (Nur die Moderation liest das.)').fill('Eine Drohung');
    await page.getByRole('button', { name: 'Meldung schicken' }).click();
    await statusOf(page, 'Danke! Die Moderation schaut sich das an.');
    await checkScreen(page, 'chat-gemeldet', 'Chat mit Rita Rüpel');

    await page.goto(h.url('/app/freunde'));
    const friends = page.locator('section[aria-labelledby="h-friends"]');
    await friends.getByRole('button', { name: 'Melden: Rita Rüpel' }).click();
    await friends.getByLabel('Was ist passiert? (Nur die Moderation liest das.)').fill('Belästigt mich');
    await friends.getByRole('button', { name: 'Meldung schicken' }).click();
    await statusOf(page, 'Danke!');
    await page.close();

    const moderator = await buildModerator(h.ctx, { name: 'Moni Moderation' });
    const modBrowser = await h.otherBrowser(moderator);
    const mod = await modBrowser.newPage();
    await mod.setViewportSize(DESKTOP);
    await mod.goto(h.url('/app/admin/moderation'));
    const report = mod.locator('li.report-card').filter({ hasText: 'Eine Drohung' });
    await report.waitFor();
    // The message in its context: the lines around it, of this conversation, the reported one marked.
    await expect
      .poll(() => report.locator('.report-context li').allTextContents())
      .toEqual(['Rita Rüpel: Hallo Mia', 'Rita Rüpel: Dein Hund ist hässlich', 'Rita Rüpel: Ich weiß, wo du wohnstgemeldet', 'Mia Meldet: Lass mich in Ruhe!']);
    await mod.locator('li.report-card').filter({ hasText: 'Belästigt mich' }).waitFor();
    await checkScreen(mod, 'moderation-nachrichten', 'Meldungen');
    await report.getByRole('button', { name: 'Absender sperren' }).click();
    await mod.getByText('Keine gemeldeten Nachrichten.').waitFor();
    expect(await h.ctx.db.selectFrom('users').select('status').where('id', '=', rita.id).executeTakeFirst()).toEqual({ status: 'suspended' });
    // The person's report stays for its own decision.
    await mod.locator('li.report-card').filter({ hasText: 'Belästigt mich' }).getByRole('button', { name: 'Verwerfen' }).click();
    await mod.getByText('Keine gemeldeten Personen.').waitFor();
    expect(h.pageErrors).toEqual([]);
    await mod.close();
  });
});

describe('invoices for their owner', () => {
  it('an admin issues an invoice; the customer sees the notification and opens the invoice from the profile', async () => {
    const customer = await buildUser(h.ctx, { name: 'Klara Kundin' });
    const admin = await buildAdmin(h.ctx, { name: 'Ines Invoice' });
    await h.login(admin);
    const page = await h.page();
    await page.setViewportSize(DESKTOP);
    await page.goto(h.url('/app/admin/rechnungen'));
    await page.getByLabel('Kundin oder Kunde').fill('Klara');
    await page.getByRole('button', { name: `Klara Kundin (${customer.email})` }).click();
    await page.locator('#inv-desc-0').fill('Pro-Jahreslizenz');
    await page.locator('#inv-amount-0').fill('29,9');
    await page.getByRole('button', { name: 'Rechnung erstellen' }).click();
    await statusOf(page, /^Rechnung RG-\d+ erstellt\.$/);
    const invoice = await h.ctx.db.selectFrom('invoices').select(['id', 'number']).where('user_id', '=', customer.id).executeTakeFirstOrThrow();
    await page.close();

    const customerBrowser = await h.otherBrowser(customer);
    const mine = await customerBrowser.newPage();
    await mine.goto(h.url('/app'));
    await expect.poll(() => mine.getByTestId('unread-badge').textContent(), { timeout: 10_000 }).toBe('1');
    await mine.getByTestId('bell').click();
    await mine.waitForURL(h.url('/app/benachrichtigungen'));
    await mine
      .locator('.notification-title')
      .filter({ hasText: `Neue Rechnung ${invoice.number}` })
      .waitFor();
    await mine.locator('.notification-open').first().click();
    await mine.waitForURL(h.url('/app/profil/rechnungen'));
    const row = mine.locator(`tr[data-number="${invoice.number}"]`);
    await expect.poll(() => row.textContent()).toContain('29,90\u00a0€');
    await checkScreen(mine, 'profil-rechnungen', 'Rechnungen');

    const [doc] = await Promise.all([mine.context().waitForEvent('page'), row.getByRole('link', { name: `Öffnen: ${invoice.number}` }).click()]);
    await doc.waitForLoadState();
    expect(doc.url()).toBe(h.url(`/api/me/invoices/${invoice.id}/print`));
    expect(await doc.locator('body').textContent()).toContain(invoice.number);
    expect(await doc.locator('body').textContent()).toContain('Pro-Jahreslizenz');
    await doc.close();

    // The profile leads there too.
    await mine.goto(h.url('/app/profil'));
    await mine.getByRole('link', { name: 'Rechnungen ansehen' }).click();
    await mine.waitForURL(h.url('/app/profil/rechnungen'));
    expect(h.pageErrors).toEqual([]);
    await mine.close();
  });
});

describe('a long invoice line', () => {
  it('a 10,000-character description wraps inside its column: nothing runs off the page at phone width or in print', async () => {
    const customer = await buildUser(h.ctx, { name: 'Lena Langtext' });
    const admin = await buildAdmin(h.ctx);
    // Words, a line break, and a long string without any place to break (a pasted link or reference).
    const description = `Jahreslizenz mit Zusatz\n${'Hundeschule am See '.repeat(300)}${'Z'.repeat(10_000 - 24 - 5_700)}`;
    expect(description).toHaveLength(10_000);
    const invoice = (
      await agentAs(h.test, admin)
        .post('/api/admin/invoices')
        .send({ user_id: customer.id, items: [{ description, amount_cents: 4_990 }] })
        .expect(201)
    ).body as { id: number };
    await h.login(admin);
    const page = await h.page();
    await page.goto(h.url(`/api/admin/invoices/${invoice.id}/print`));
    const overflow = () =>
      page.evaluate(() => {
        const amount = document.querySelector('tbody td.num:last-child')!.getBoundingClientRect();
        return { page: document.documentElement.scrollWidth - document.documentElement.clientWidth, amountRight: amount.right, width: window.innerWidth };
      });
    for (const size of [PHONE, { width: 794, height: 1123 }]) {
      await page.setViewportSize(size);
      const o = await overflow();
      expect(o.page, `page wider than ${size.width} px`).toBeLessThanOrEqual(0);
      expect(o.amountRight).toBeLessThanOrEqual(o.width);
      // The page's top as one sees it (a full-page shot of 10,000 characters is mostly text).
      await page.screenshot({ path: join(SCREENS_DIR, `rechnung-lange-zeile-${size.width}.png`) });
    }
    expect(await page.locator('tbody td.desc').textContent()).toBe(description);
    await page.emulateMedia({ media: 'print' });
    const o = await overflow();
    expect(o.page).toBeLessThanOrEqual(0);
    await page.emulateMedia({ media: 'screen' });
    expect(h.pageErrors).toEqual([]);
    await page.close();
  });
});
