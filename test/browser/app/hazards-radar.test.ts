import { describe, expect, it } from 'vitest';
import { buildUser } from '../../helpers/factories.js';
import { checkScreen, PHONE, useAppHarness } from './app-harness.js';

const h = useAppHarness({ viewport: PHONE });
const LAKE = { latitude: 52.4389, longitude: 13.2347 }; // Krumme Lanke, Berlin

/** Issue 52 at phone width: a blue-green algae report on the map, and the public figures of a town. */
describe('the wider hazard radar', () => {
  it('reports blue-green algae, finds it on the map by its kind, and shows a town’s figures without a position', async () => {
    const reporter = await buildUser(h.ctx, { name: 'Rudi Reporterich', lat: 52.44, lon: 13.24 });
    await h.login(reporter);
    await h.context.grantPermissions(['geolocation'], { origin: h.baseUrl });
    await h.context.setGeolocation(LAKE);
    const page = await h.page();
    await page.goto(h.url('/app/giftkoeder/neu'));
    await page.getByLabel('Art').selectOption({ label: 'Blaualgen' });
    await page.getByLabel('Beschreibung').fill('Grünlicher Schaum am Ufer, Hund nicht baden lassen');
    await page.getByRole('button', { name: 'Meine aktuelle Position verwenden' }).click();
    await page.getByText('Position: 52,439, 13,235').waitFor();
    await page.getByRole('button', { name: 'Warnung veröffentlichen' }).click();
    await checkScreen(page, 'blaualgen-meldung', 'Blaualgen');

    await page.goto(h.url('/app/in-der-naehe'));
    const row = page.locator('li[data-hazard="blue_green_algae"]');
    await row.getByText('Blaualgen: Grünlicher Schaum').waitFor();
    expect(await row.locator('.nearby-pin-inline').textContent()).toBe('≈');
    await page.locator('.nearby-map .nearby-pin').first().waitFor();
    await page.getByLabel('Art der Gefahr').selectOption({ label: 'Rattengift oder Schneckenkorn' });
    await expect.poll(() => row.count()).toBe(0);
    await page.getByLabel('Art der Gefahr').selectOption({ label: 'Blaualgen' });
    await row.waitFor();
    await checkScreen(page, 'in-der-naehe-blaualgen', 'In der Nähe');

    // The town's figures: three warnings in Berlin (the town is looked up at creation; here it is set directly).
    await h.ctx.db.updateTable('poison_warnings').set({ city: 'Berlin', city_slug: 'berlin', city_checked_at: new Date().toISOString() }).execute();
    const row2 = (await h.ctx.db.selectFrom('poison_warnings').selectAll().executeTakeFirstOrThrow()) as Record<string, unknown>;
    const { id: _id, ...copy } = row2;
    for (const kind of ['poison', 'rat_poison'])
      await h.ctx.db
        .insertInto('poison_warnings')
        .values({ ...copy, kind } as never)
        .execute();
    await page.goto(h.url('/giftkoeder-radar'));
    await page.getByRole('link', { name: 'Berlin' }).click();
    await checkScreen(page, 'giftkoeder-radar-berlin', 'Giftköder und andere Gefahren in Berlin');
    await page.locator('figure.radar-chart svg').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const html = await page.content();
    for (const secret of ['Rudi', '52.43', '13.23', 'Grünlicher Schaum']) expect(html).not.toContain(secret);
    expect(h.pageErrors).toEqual([]);
  });
});
