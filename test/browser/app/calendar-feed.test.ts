import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { agentAs, buildDog, buildUser } from '../../helpers/factories.js';
import { checkScreen, useAppHarness } from './app-harness.js';
import { decodeQr } from './qr-decode.js';

/** The calendar feed (src/features/accounts/calendar-feed) from the profile, with a real account. */
const h = useAppHarness();

/** The text of the screen's QR code, read from the PNG it shows. */
async function qrText(page: Page): Promise<string | null> {
  const src = await page.getByRole('img', { name: 'QR-Code der Feed-Adresse' }).getAttribute('src');
  return src ? decodeQr(Buffer.from(src.replace(/^data:image\/png;base64,/, ''), 'base64')) : null;
}

/** What a calendar app gets from the address: status and text. */
async function fetchFeed(url: string): Promise<{ status: number; text: string }> {
  const res = await fetch(url);
  return { status: res.status, text: await res.text() };
}

describe('calendar feed in the profile', () => {
  it('switch on, copy, scan, renew (the old address stops), switch off', async () => {
    const user = await buildUser(h.ctx, { name: 'Karla Kalender' });
    const dog = await buildDog(h.ctx, { user, name: 'Bello' });
    await agentAs(h.test, user).post(`/api/dogs/${dog.id}/vaccinations`).send({ vaccine: 'Tollwut', date: '2026-01-10', next_due: '2027-01-10' }).expect(201);
    await h.login(user);
    await h.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.baseUrl });
    const page = await h.page();
    await page.goto(h.url('/app/profil'));
    await page.getByRole('link', { name: 'Kalender-Feed' }).click();
    await page.getByRole('heading', { name: 'Termine im eigenen Kalender', level: 1 }).waitFor();
    await page.getByText('Wer die Adresse hat, kann deine Termine lesen').waitFor();
    await page.getByText('Der Kalender-Feed ist aus.').waitFor();
    await checkScreen(page, 'kalender-feed-aus', 'Termine im eigenen Kalender');

    await page.getByRole('button', { name: 'Kalender-Feed einschalten' }).click();
    const field = page.getByRole('textbox', { name: 'Deine Feed-Adresse' });
    await field.waitFor();
    const first = await field.inputValue();
    expect(first).toMatch(new RegExp(`^${h.baseUrl}/kalender/[A-Za-z0-9_-]{43}\\.ics$`));
    const feed = await fetchFeed(first);
    expect(feed.status).toBe(200);
    expect(feed.text).toContain('SUMMARY:Bello: Tollwut auffrischen');
    expect(await page.getByRole('link', { name: 'In der Kalender-App öffnen' }).getAttribute('href')).toBe(first.replace(/^http:/, 'webcal:'));

    await page.getByRole('button', { name: 'Adresse kopieren' }).click();
    await page.getByRole('status').filter({ hasText: 'Adresse kopiert.' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

    const qr = page.getByRole('img', { name: 'QR-Code der Feed-Adresse' });
    await qr.waitFor();
    expect(await qrText(page)).toBe(first);
    await checkScreen(page, 'kalender-feed', 'Termine im eigenen Kalender');

    // Renew: confirmed first; then the field, the QR code and the working address are the new one.
    await page.getByRole('button', { name: 'Neue Adresse erstellen' }).click();
    const renewDialog = page.getByRole('dialog', { name: 'Neue Adresse erstellen?' });
    await renewDialog.getByRole('button', { name: 'Neue Adresse erstellen' }).click();
    await page.getByRole('status').filter({ hasText: 'Neue Adresse erstellt. Die alte gilt nicht mehr.' }).waitFor();
    await expect.poll(() => field.inputValue()).not.toBe(first);
    const renewed = await field.inputValue();
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(renewed)).status).toBe(200);
    await expect.poll(() => qrText(page)).toBe(renewed);

    // Switch off: the address stops, the screen offers to switch on again.
    await page.getByRole('button', { name: 'Kalender-Feed ausschalten' }).click();
    await page.getByRole('dialog', { name: 'Kalender-Feed ausschalten?' }).getByRole('button', { name: 'Ausschalten' }).click();
    await page.getByRole('status').filter({ hasText: 'Der Kalender-Feed ist ausgeschaltet.' }).waitFor();
    await page.getByRole('button', { name: 'Kalender-Feed einschalten' }).waitFor();
    expect(await field.count()).toBe(0);
    expect((await fetchFeed(renewed)).status).toBe(404);
    expect(h.pageErrors).toEqual([]);
    await page.close();
  });
});
