import { beforeEach, describe, expect, it } from 'vitest';
import { agentAs, buildUser } from '../../helpers/factories.js';
import { checkScreen, useAppHarness } from './app-harness.js';

const h = useAppHarness();

beforeEach(() => {
  h.pageErrors.length = 0;
});

const ALEX = { lat: 52.5219, lon: 13.4132 };

/** The nearby map and list, a poison report with the pin picker and its confirmation, in Chromium with axe. */
describe('nearby screens', () => {
  it('the map and list around the saved position, poison warnings first in red; a new report through the form', async () => {
    const me = await buildUser(h.ctx, { name: 'Nora Nah', ...ALEX });
    const other = await buildUser(h.ctx);
    const api = agentAs(h.test, other);
    await api
      .post('/api/poison-warnings')
      .send({ lat: 52.53, lon: 13.41, kind: 'poison', description: 'Fleischbällchen mit Tabletten im Gebüsch' })
      .expect(201);
    await api
      .post('/api/lost-dogs')
      .send({ lat: 52.51, lon: 13.42, name: 'Flocke', description: 'Weißer Spitz', last_seen_at: new Date().toISOString() })
      .expect(201);
    await api.post('/api/services').send({ lat: 52.525, lon: 13.4, name: 'Praxis Dr. Wau', category: 'tierarzt' }).expect(201);
    await h.login(me);
    const page = await h.page();
    await page.goto(h.url('/app/in-der-naehe'));
    await page.getByRole('heading', { name: 'In der Nähe' }).waitFor();
    await page.locator('.nearby-item').first().waitFor();
    expect(await page.locator('.nearby-item').count()).toBe(3);
    expect(await page.locator('.nearby-item-poison').count()).toBe(1);
    await page.locator('.nearby-map .leaflet-marker-icon').first().waitFor();
    await checkScreen(page, 'in-der-naehe', 'In der Nähe');

    // Only services: the others leave the list.
    for (const label of ['Giftköder', 'Vermisste Hunde']) await page.getByRole('checkbox', { name: new RegExp(label) }).uncheck();
    await expect.poll(() => page.locator('.nearby-item').count()).toBe(1);

    await page.getByRole('link', { name: 'Giftköder melden' }).click();
    await page.getByRole('heading', { name: 'Giftköder melden' }).waitFor();
    await page.getByLabel('Beschreibung').fill('Rasierklingen in Wurst am Kanalufer');
    await page.locator('.nearby-map .leaflet-container, .nearby-map.leaflet-container').first().waitFor();
    await checkScreen(page, 'giftkoeder-melden', 'Giftköder melden');
    await page.getByRole('button', { name: 'Warnung veröffentlichen' }).click();
    await page.getByText('Rasierklingen in Wurst am Kanalufer').waitFor();
    const row = await h.ctx.db
      .selectFrom('poison_warnings')
      .select(['lat', 'lon', 'status'])
      .where('description', '=', 'Rasierklingen in Wurst am Kanalufer')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ lat: ALEX.lat, lon: ALEX.lon, status: 'unconfirmed' });
    expect(h.pageErrors).toEqual([]);
    await page.close();
  });
});
