import type { Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../src/client/core/format.js';
import { HOUR, MINUTE } from '#core/clock.js';
import type { DiaryEntriesTable } from '#core/db/tables/diary.js';
import { distanceKm } from '#core/geo/index.js';
import { FakeFoodAlertServer } from '../../fakes/food-alert-server.js';
import { buildDiaryEntry, buildDog, buildUser } from '../../helpers/factories.js';
import { checkScreen, PHONE, useAppHarness } from './app-harness.js';

const feed = new FakeFoodAlertServer();
await feed.start();
afterAll(() => feed.stop());
/** Real time plus the jumps a test makes, so the server's feed cache (an hour, ten minutes after a failure) runs out. */
let jumped = 0;
const clock = { now: () => new Date(Date.now() + jumped) };
const h = useAppHarness({ clock, env: { FOOD_ALERTS_URL: feed.url, FOOD_ALERTS_TIMEOUT_MS: '2000' } });

/** Nothing wider than the phone: the page does not scroll sideways at 390 px. */
async function expectPhoneWide(page: Page): Promise<void> {
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

describe('food alerts: the dashboard card and the list', () => {
  it('tells "feed unreachable" from "no warnings": a note on the list and the card, the list back when the feed is, "Stand vom" while it is away again', async () => {
    const me = await buildUser(h.ctx, { name: 'Wanda Warnung' });
    await buildDog(h.ctx, { user: me, name: 'Pepper' });
    await h.login(me);
    const page = await h.page();
    feed.mode = 'down'; // the connection is cut: the server has no list yet
    await page.goto(h.url('/app/futterwarnungen'));
    const away = 'Die Futterwarnungen sind gerade nicht erreichbar – wir versuchen es später wieder.';
    await page.getByText(away).waitFor();
    expect(await page.getByText('Gerade gibt es keine Warnungen zu Tierfutter.').count()).toBe(0);
    await checkScreen(page, 'futterwarnungen-dienst-weg', 'Futterwarnungen');
    await expectPhoneWide(page);
    await page.goto(h.url('/app'));
    const card = page.locator('.food-alerts-card');
    await card.getByText(away).waitFor();
    expect(await card.getByText('Gerade gibt es keine Warnungen zu Tierfutter.').count()).toBe(0);

    // The feed is back; ten minutes on the server asks again.
    feed.mode = 'ok';
    jumped += 10 * MINUTE;
    await page.goto(h.url('/app/futterwarnungen'));
    await page.getByText('Salmonellen nachgewiesen').waitFor();
    expect(await page.locator('.food-alerts-away').count()).toBe(0);
    const fetchedAt = clock.now().getTime(); // the server fetched the list a moment before

    // Away again an hour later: the last list stays, dated.
    feed.mode = '500';
    jumped += HOUR;
    await page.reload();
    const stale = page.locator('.food-alerts-stale');
    await stale.waitFor();
    const shown = (await stale.textContent()) ?? '';
    // The list's date is when the server fetched it (a few seconds before `fetchedAt` at most; shown to the minute).
    const candidates = [0, 5, 10].map((s) => formatDateTime(new Date(fetchedAt - s * 1000).toISOString()));
    expect(candidates.map((d) => `Stand vom ${d}: lebensmittelwarnung.de ist gerade nicht erreichbar, neuere Warnungen können fehlen.`)).toContain(shown);
    await page.getByText('Salmonellen nachgewiesen').waitFor();
    await checkScreen(page, 'futterwarnungen-stand-vom', 'Futterwarnungen');
    await page.goto(h.url('/app'));
    await card.locator('.food-alerts-stale').waitFor();
    expect(await card.locator('li').count()).toBe(2);
    feed.mode = 'ok';
    jumped += HOUR; // the next tests see the feed fresh
    expect(h.pageErrors).toEqual([]);
  });

  it('says so kindly when the alerts cannot be loaded, and loads them on "Noch mal versuchen"', async () => {
    const me = await buildUser(h.ctx, { name: 'Udo Unterwegs' });
    await h.login(me);
    // The app's own request fails (the server away, no saved copy yet): a friendly line with a retry, no error page.
    await h.context.route('**/api/food-alerts', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"weg"}' }));
    const page = await h.page();
    await page.goto(h.url('/app/futterwarnungen'));
    await page.getByText('Die Futterwarnungen sind gerade nicht erreichbar. Schau später noch mal rein.').waitFor();
    expect(await page.locator('.state-error').count()).toBe(0);
    await checkScreen(page, 'futterwarnungen-nicht-erreichbar', 'Futterwarnungen');
    await h.context.unroute('**/api/food-alerts');
    await page.getByRole('button', { name: 'Noch mal versuchen' }).click();
    await page.getByText('Salmonellen nachgewiesen').waitFor();
    h.pageErrors.length = 0; // the 500 above, on purpose
  });

  it('shows the fake feed’s pet-food warnings newest first on the dashboard and in the list, linked to the source', async () => {
    const me = await buildUser(h.ctx, { name: 'Frida Futter' });
    await buildDog(h.ctx, { user: me, name: 'Bello' });
    await h.login(me);
    const page = await h.page();
    await page.goto(h.url('/app'));
    const card = page.locator('.food-alerts-card');
    await card.getByRole('heading', { name: 'Futterwarnungen' }).waitFor();
    // The feed has three warnings; the chocolate is no pet food. Newest (3 January) first.
    await expect.poll(() => card.locator('li').allTextContents()).toEqual(['Katzenfutter Huhn · 03.01.2026', 'Hundesnack Kaurolle Rind, 200 g · 02.01.2026']);
    expect(await card.getByRole('link', { name: 'Hundesnack Kaurolle Rind, 200 g' }).getAttribute('href')).toBe(
      'https://www.lebensmittelwarnung.de/warnung/98765',
    );
    await checkScreen(page, 'start-futterwarnungen', /Hallo/);
    await expectPhoneWide(page);

    await card.getByRole('link', { name: 'Alle 2 Warnungen ansehen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Futterwarnungen' }).waitFor();
    await expect.poll(() => page.locator('.food-alert-list h2').allTextContents()).toEqual(['Katzenfutter Huhn', 'Hundesnack Kaurolle Rind, 200 g']);
    await page.getByText('Salmonellen nachgewiesen').waitFor();
    await page.getByText('veröffentlicht am 02.01.2026').waitFor();
    await checkScreen(page, 'futterwarnungen', 'Futterwarnungen');
    await expectPhoneWide(page);
    expect(h.pageErrors).toEqual([]);
  });
});

describe('Tagebuch in der Nähe', () => {
  it('lists the own located entries around the current position with their distance in km, nearest first', async () => {
    const me = await buildUser(h.ctx, { name: 'Nora Nah' });
    const dog = await buildDog(h.ctx, { user: me, name: 'Luna' });
    const marienplatz = { lat: 48.1374, lon: 11.5755 };
    const englischerGarten = { lat: 48.1642, lon: 11.6056 };
    const here = { lat: 48.15, lon: 11.58 };
    await buildDiaryEntry(h.ctx, { dog, date: '2026-05-01', title: 'Am Marienplatz', ...marienplatz });
    await buildDiaryEntry(h.ctx, { dog, date: '2026-05-02', title: 'Im Englischen Garten', ...englischerGarten });
    await buildDiaryEntry(h.ctx, { dog, date: '2026-05-03', title: 'In Berlin', lat: 52.52, lon: 13.405 });
    await buildDiaryEntry(h.ctx, { dog, date: '2026-05-04', title: 'Ohne Ort' });
    const km = (p: { lat: number; lon: number }) =>
      `${distanceKm(here, p).toLocaleString('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} km entfernt`;

    await h.login(me);
    await h.context.grantPermissions(['geolocation'], { origin: h.baseUrl });
    await h.context.setGeolocation({ latitude: here.lat, longitude: here.lon, accuracy: 10 });
    const page = await h.page();
    await page.goto(h.url('/app/tagebuch'));
    await page.getByRole('link', { name: 'In der Nähe' }).click();
    await page.getByRole('heading', { name: 'Einträge in der Nähe' }).waitFor();
    // No home area, no position yet: the screen asks, it does not locate in the background.
    await page.getByText('Wo sollen wir suchen?').waitFor();
    await page.getByRole('button', { name: 'Meine aktuelle Position verwenden' }).click();
    await page.getByText('Um deine aktuelle Position').waitFor();
    await expect.poll(() => page.locator('.diary-nearby strong').allTextContents()).toEqual(['Am Marienplatz', 'Im Englischen Garten']);
    const first = page.locator('.diary-nearby li').first();
    expect(await first.locator('.diary-distance').textContent()).toBe(km(marienplatz));
    expect(km(marienplatz)).toMatch(/^1,\d km entfernt$/); // the decimal comma
    expect(await page.locator('.diary-nearby li').nth(1).locator('.diary-distance').textContent()).toBe(km(englischerGarten));
    await page.getByText('2 Einträge im Umkreis von 10 km').waitFor();
    await checkScreen(page, 'tagebuch-in-der-naehe', 'Tagebuch');
    await expectPhoneWide(page);

    // A smaller radius leaves the nearest one; a larger one does not reach Berlin (500 km).
    await page.getByLabel('Umkreis').selectOption('2');
    await expect.poll(() => page.locator('.diary-nearby strong').allTextContents()).toEqual(['Am Marienplatz']);
    await page.getByLabel('Umkreis').selectOption('200');
    await expect.poll(() => page.locator('.diary-nearby strong').allTextContents()).toEqual(['Am Marienplatz', 'Im Englischen Garten']);

    await page.getByRole('link', { name: /Am Marienplatz/ }).click();
    await page.getByRole('heading', { name: 'Am Marienplatz' }).waitFor();
    expect(h.pageErrors).toEqual([]);
  });

  it('says when only the newest 5,000 located entries around the place were searched', async () => {
    const home = { lat: 48.1374, lon: 11.5755 };
    const me = await buildUser(h.ctx, { name: 'Viola Viele', ...home });
    const dog = await buildDog(h.ctx, { user: me, name: 'Balu' });
    await buildDiaryEntry(h.ctx, { dog, date: '2012-01-01', title: 'Ganz alt, vor der Tür', ...home });
    // 5,000 newer ones 2 km north, written directly (one insert per 500).
    const db = h.ctx.db as unknown as Kysely<{ diary_entries: DiaryEntriesTable }>;
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      dog_id: dog.id,
      author_id: me.id,
      date: new Date(Date.UTC(2013, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
      title: `Runde ${i}`,
      text: 'Gassi',
      lat: home.lat + 0.018,
      lon: home.lon,
      cell_lat: Math.round((home.lat + 0.018) * 1000),
      cell_lon: Math.round(home.lon * 1000),
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('diary_entries')
        .values(rows.slice(i, i + 500))
        .execute();
    await h.login(me);
    const page = await h.page();
    await page.goto(h.url('/app/tagebuch/in-der-naehe'));
    await page.getByText('Um dein Heimatgebiet').waitFor();
    await page.getByText('Nur die neuesten 5.000 Einträge mit Ort wurden durchsucht. Mit einem kleineren Umkreis findest du auch ältere.').waitFor();
    await page.getByText('200 Einträge im Umkreis von 10 km').waitFor();
    expect(await page.getByText('Ganz alt, vor der Tür').count()).toBe(0);
    // 1 km round home holds only the old one: it is found, and no hint.
    await page.getByLabel('Umkreis').selectOption('1');
    await expect.poll(() => page.locator('.diary-nearby strong').allTextContents()).toEqual(['Ganz alt, vor der Tür']);
    expect(await page.locator('.diary-newest-only').count()).toBe(0);
    expect(h.pageErrors).toEqual([]);
  });

  it('starts from the home area when the profile has one', async () => {
    const me = await buildUser(h.ctx, { name: 'Hanna Heim', lat: 48.1374, lon: 11.5755 });
    const dog = await buildDog(h.ctx, { user: me, name: 'Rex' });
    await buildDiaryEntry(h.ctx, { dog, date: '2026-06-01', title: 'Vor der Haustür', lat: 48.1375, lon: 11.5755 });
    await h.login(me);
    const page = await h.page();
    await page.goto(h.url('/app/tagebuch/in-der-naehe'));
    await page.getByText('Um dein Heimatgebiet').waitFor();
    await expect.poll(() => page.locator('.diary-nearby .diary-distance').allTextContents()).toEqual(['unter 0,1 km entfernt']);
    expect(h.pageErrors).toEqual([]);
  });
});
