import { afterAll, describe, expect, it } from 'vitest';
import { FakeRoutingServer } from '../../fakes/routing-server.js';
import { agentAs, buildDog, buildUser, type BuiltUser } from '../../helpers/factories.js';
import { checkScreen, PHONE, useAppHarness } from './app-harness.js';

const ors = new FakeRoutingServer();
await ors.start();
afterAll(() => ors.stop());
const h = useAppHarness({ env: { ROUTING_URL: ors.url, ROUTING_API_KEY: ors.key } });

const HOME = { lat: 48.1374, lon: 11.5755 };

/** The routes and walks areas through the route planner and the walk recorder, against a fake openrouteservice. */
describe('routes and walks', () => {
  it('plans a route by tapping points, shows distance and time, saves it and offers the GPX', async () => {
    const me = await buildUser(h.ctx, { name: 'Rudi Route', ...HOME });
    await h.login(me);
    const page = await h.page();
    await page.goto(h.url('/app/routen'));
    await page.getByRole('heading', { name: 'Route planen' }).waitFor();
    const map = page.locator('.nearby-map');
    await map.locator('.leaflet-tile-loaded').first().waitFor({ timeout: 10_000 });
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.4);
    await page.mouse.click(box.x + box.width * 0.7, box.y + box.height * 0.6);
    await page.getByText('2 Punkte gesetzt').waitFor();
    await expect.poll(() => map.locator('.route-pin').count()).toBe(2);
    await page.getByRole('button', { name: 'Route berechnen' }).click();
    await page.getByText(/\d+,\d km · \d+ Min\./).waitFor();
    await page.getByText('Diese Woche kannst du noch 19 Routen planen.').waitFor();
    expect(ors.requests).toHaveLength(1);
    const [first, second] = ors.requests[0]!.body.coordinates!;
    expect(first![0]).toBeLessThan(second![0]); // west to east, as tapped, in [lon, lat]
    await expect.poll(() => map.locator('path.leaflet-interactive').count()).toBe(1);
    await checkScreen(page, 'route-planen', 'Route planen');

    await page.getByLabel('Name').fill('Runde an der Isar');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Route gespeichert.').waitFor();
    await page.getByText('Runde an der Isar').waitFor();
    const href = await page.getByRole('link', { name: 'GPX herunterladen' }).getAttribute('href');
    const gpx = await page.request.get(h.url(href!));
    expect(gpx.status()).toBe(200);
    expect(await gpx.text()).toContain('<gpx version="1.1"');
    expect(h.pageErrors).toEqual([]);
  });

  it('records a walk with the chosen dogs while positions arrive, then shows it in the weekly totals', async () => {
    const me = await buildUser(h.ctx, { name: 'Wanda Walk', ...HOME });
    await buildDog(h.ctx, { user: me, name: 'Bello' });
    await buildDog(h.ctx, { user: me, name: 'Luna' });
    await h.context.grantPermissions(['geolocation']);
    await h.context.setGeolocation({ latitude: 48.1374, longitude: 11.5755, accuracy: 10 });
    await h.login(me);
    const page = await h.page();
    await page.goto(h.url('/app/spaziergaenge'));
    await page.getByRole('heading', { name: 'Spaziergänge', exact: true }).waitFor();
    await page.getByText('Noch keine Spaziergänge. Los geht’s!').waitFor();
    await page.getByRole('checkbox', { name: 'Luna' }).uncheck();
    await page.getByRole('button', { name: 'Spaziergang starten' }).click();
    await page.getByText(/Unterwegs seit 0 Min\./).waitFor();
    for (const [lat, lon] of [
      [48.1384, 11.5755],
      [48.1394, 11.5765],
    ] as const) {
      await page.waitForTimeout(300);
      await h.context.setGeolocation({ latitude: lat, longitude: lon, accuracy: 10 });
    }
    await page.getByText(/Unterwegs seit 0 Min\. · 0,[1-9] km/).waitFor({ timeout: 10_000 });
    await checkScreen(page, 'spaziergang-unterwegs', 'Spaziergänge');
    await page.getByRole('button', { name: 'Beenden und speichern' }).click();
    await page.getByText('Spaziergang gespeichert. Gut gemacht!').waitFor();
    const walk = await h.ctx.db.selectFrom('walks').selectAll().where('user_id', '=', me.id).executeTakeFirstOrThrow();
    expect(walk).toMatchObject({ duration_min: 1 });
    expect(walk.distance_m).toBeGreaterThan(150);
    expect(JSON.parse(walk.track_json!)).toHaveLength(3);
    const dogs = await h.ctx.db
      .selectFrom('walk_dogs')
      .innerJoin('dogs', 'dogs.id', 'walk_dogs.dog_id')
      .select('dogs.name')
      .where('walk_id', '=', walk.id)
      .execute();
    expect(dogs).toEqual([{ name: 'Bello' }]);
    await page.getByRole('cell', { name: 'Bello' }).waitFor();
    await page
      .getByText(/Bello$/)
      .first()
      .waitFor();
    await checkScreen(page, 'spaziergaenge', 'Spaziergänge');
    expect(h.pageErrors).toEqual([]);
  });

  it('"In der Nähe" lists shared and own routes starting around the home area, then around the current position, nearest first', async () => {
    const me = await buildUser(h.ctx, { name: 'Nina Nah', ...HOME });
    const other = await buildUser(h.ctx, { name: 'Olaf Ander' });
    /** A saved route that starts `north` degrees of latitude north of `from` and runs 1 km further north. */
    const save = async (who: BuiltUser, name: string, from: { lat: number; lon: number }, north: number, isPublic: boolean) => {
      const start = [from.lon, from.lat + north];
      await agentAs(h.test, who)
        .post('/api/routes')
        .send({ name, geometry: { type: 'LineString', coordinates: [start, [start[0]!, start[1]! + 0.009]] }, distance_m: 1000, public: isPublic })
        .expect(201);
    };
    await save(other, 'Geteilte Isarrunde', HOME, 0.027, true); // 3.0 km
    await save(me, 'Meine Hausrunde', HOME, 0.009, false); // 1.0 km
    await save(other, 'Olafs geheime Runde', HOME, 0.0045, false); // another's private route: never shown
    await save(other, 'Geteilt, aber weit', HOME, 0.27, true); // 30 km
    const AWAY = { lat: 49.0, lon: 12.1 }; // about 100 km away
    await save(other, 'Runde am Ziel', AWAY, 0.0036, true); // 0.4 km from the position the phone reports

    await h.login(me);
    const page = await h.page();
    await page.setViewportSize(PHONE);
    await page.goto(h.url('/app/routen'));
    const nearby = page.locator('section[aria-labelledby="routes-nearby-title"]');
    await nearby.getByRole('heading', { name: 'In der Nähe' }).waitFor();
    await nearby.getByText('Routen, die um dein Heimatgebiet starten: geteilte und deine eigenen.').waitFor();
    const names = () => nearby.locator('.routes-nearby li strong').allTextContents();
    await expect.poll(names).toEqual(['Meine Hausrunde', 'Geteilte Isarrunde']);
    await nearby.getByText(/^Start 1,0 km entfernt$/).waitFor();
    await nearby.getByText(/^Start 3,0 km entfernt$/).waitFor();
    await nearby.getByLabel('Umkreis').selectOption('50');
    await expect.poll(names).toEqual(['Meine Hausrunde', 'Geteilte Isarrunde', 'Geteilt, aber weit']);
    await checkScreen(page, 'routen-in-der-naehe', 'Route planen');

    await h.context.grantPermissions(['geolocation'], { origin: h.baseUrl });
    await h.context.setGeolocation({ latitude: AWAY.lat, longitude: AWAY.lon, accuracy: 10 });
    await nearby.getByRole('button', { name: 'Meine aktuelle Position verwenden' }).click();
    await nearby.getByText('Routen, die um deine aktuelle Position starten: geteilte und deine eigenen.').waitFor();
    await nearby.getByLabel('Umkreis').selectOption('5');
    await expect.poll(names).toEqual(['Runde am Ziel']);
    await nearby.getByText(/^Start 0,4 km entfernt$/).waitFor();
    expect(await page.getByText('Olafs geheime Runde').count()).toBe(0);
    expect(h.pageErrors).toEqual([]);
  });
});
