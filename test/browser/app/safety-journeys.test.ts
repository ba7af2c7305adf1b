import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakePushServer } from '../../fakes/push-server.js';
import { agentAs, buildUser } from '../../helpers/factories.js';
import { daytimeClock } from '../../helpers/test-app.js';
import { checkScreen, PHONE, useAppHarness } from './app-harness.js';
import { controlled, deliverPush } from './push-devtools.js';
import { decodeQr } from './qr-decode.js';

/**
 * The product's safety promise, end to end with real accounts in Chromium at phone width: a home area saved on its
 * screen brings a poison-bait warning reported 2 km away to the phone; a report is only sent from a position chosen
 * on purpose; a lost dog's page shows where, and its poster carries a QR code that leads finders to the public page.
 */
const push = new FakePushServer();
beforeAll(() => push.start());
afterAll(() => push.stop());

// A daytime clock: a poison push must not wait for quiet hours when the suite runs at night.
const h = useAppHarness({ clock: daytimeClock(), env: { PUSH_ALLOW_HTTP: '1', PUSH_TIMEOUT_MS: '2000' } });

beforeEach(() => {
  h.pageErrors.length = 0;
  push.reset();
});

const HOME = { latitude: 48.137, longitude: 11.575 }; // Munich, Marienplatz
const TWO_KM_NORTH = { latitude: 48.155, longitude: 11.575 };

describe('safety journeys', () => {
  it('A saves a home area, B reports poison 2 km away from a position chosen on purpose, A’s phone shows the warning', async () => {
    const anna = await buildUser(h.ctx, { name: 'Anna Heim' });
    const ben = await buildUser(h.ctx, { name: 'Ben Melder' });
    const device = push.device();
    await agentAs(h.test, anna).post('/api/push/subscriptions').send(device.subscription).expect(201);

    // Anna: "In der Nähe" tells her that warnings cannot reach her yet, and leads her to the home area.
    await h.login(anna);
    await h.context.grantPermissions(['geolocation', 'notifications'], { origin: h.baseUrl });
    await h.context.setGeolocation(HOME);
    const page = await h.page();
    await page.goto(h.url('/app/in-der-naehe'));
    await page.getByText('speichere dein Heimatgebiet').waitFor();
    await page.getByRole('link', { name: 'Heimatgebiet festlegen' }).click();
    await page.getByRole('heading', { name: 'Heimatgebiet' }).waitFor();
    await page.getByText('Noch kein Heimatgebiet').waitFor();
    await page.getByRole('button', { name: 'Meine aktuelle Position verwenden' }).click();
    await page.getByText('Heimatgebiet: 48,137, 11,575').waitFor();
    await page.locator('path.leaflet-interactive').waitFor(); // the 5 km alert circle
    await checkScreen(page, 'heimatgebiet', 'Heimatgebiet');
    await page.getByRole('button', { name: 'Heimatgebiet speichern' }).click();
    await page.getByText('Gespeichert! Warnungen in deiner Nähe erreichen dich jetzt.').waitFor();
    const saved = await h.ctx.db.selectFrom('users').select(['lat', 'lon']).where('id', '=', anna.id).executeTakeFirstOrThrow();
    expect(saved).toEqual({ lat: 48.137, lon: 11.575 });
    await page.goto(h.url('/app/profil'));
    await page.getByText('Heimatgebiet gespeichert').waitFor();
    await controlled(page);

    // Ben, 2 km north: sending without a position is refused on the form; his current position makes the report.
    const benBrowser = await h.otherBrowser(ben);
    await benBrowser.grantPermissions(['geolocation'], { origin: h.baseUrl });
    await benBrowser.setGeolocation(TWO_KM_NORTH);
    const benPage = await benBrowser.newPage();
    await benPage.setViewportSize(PHONE);
    await benPage.goto(h.url('/app/giftkoeder/neu'));
    await benPage.getByRole('heading', { name: 'Giftköder melden' }).waitFor();
    await benPage.getByLabel('Beschreibung').fill('Wurststücke mit Nägeln am Spielplatz');
    await benPage.getByText('Position: noch nicht gewählt').waitFor();
    await benPage.getByRole('button', { name: 'Warnung veröffentlichen' }).click();
    await benPage.getByText('Bitte wähl die Position').first().waitFor();
    expect(await h.ctx.db.selectFrom('poison_warnings').select('id').execute()).toEqual([]);
    await benPage.getByRole('button', { name: 'Meine aktuelle Position verwenden' }).click();
    await benPage.getByText('Position: 48,155, 11,575').waitFor();
    await benPage.getByRole('button', { name: 'Warnung veröffentlichen' }).click();
    await benPage.getByText('Wurststücke mit Nägeln am Spielplatz').waitFor();
    await benPage.locator('.spot-map .leaflet-container, .spot-map .nearby-map.leaflet-container').first().waitFor(); // where it was seen
    const warning = await h.ctx.db.selectFrom('poison_warnings').select(['id', 'lat', 'lon']).executeTakeFirstOrThrow();
    expect(warning).toMatchObject({ lat: 48.155, lon: 11.575 });
    await benBrowser.close();

    // The server pushed to Anna's subscription; her service worker shows exactly that push.
    await h.ctx.push.settled();
    const received = push.receivedBy(device);
    expect(received.map((r) => r.payload.title)).toEqual(['⚠️ Giftköder in deiner Nähe']);
    const shown = await deliverPush(h.context, page, h.baseUrl, received[0]!.payload);
    expect(shown).toEqual([
      expect.objectContaining({
        title: '⚠️ Giftköder in deiner Nähe',
        body: 'Wurststücke mit Nägeln am Spielplatz',
        data: { url: `/app/giftkoeder/${warning.id}` },
      }),
    ]);

    // In her list the active warning comes first, before anything nearer.
    await agentAs(h.test, ben).post('/api/services').send({ lat: 48.1372, lon: 11.5752, name: 'Hundesalon Nebenan', category: 'hundesalon' }).expect(201);
    await page.goto(h.url('/app/in-der-naehe'));
    await page.locator('.nearby-item').nth(1).waitFor();
    expect(await page.locator('.nearby-item').first().getAttribute('class')).toContain('nearby-item-poison');
    expect(h.pageErrors).toEqual([]);
    await page.close();
    await h.logout();
  });

  it('a lost dog’s page shows where it was last seen; the poster’s QR code leads to the public page with the area', async () => {
    const owner = await buildUser(h.ctx, { name: 'Olga Sucht' });
    const dog = (
      await agentAs(h.test, owner)
        .post('/api/lost-dogs')
        .send({
          lat: 48.1411,
          lon: 11.5663,
          name: 'Flocke',
          description: 'Weiße Spitzhündin, scheu',
          last_seen_at: h.ctx.clock.now().toISOString(),
          contact: '0170 555 1234',
        })
        .expect(201)
    ).body as { id: number };
    await h.login(owner);
    const page = await h.page();
    await page.goto(h.url(`/app/vermisst/${dog.id}`));
    await page.getByRole('heading', { name: 'Flocke: vermisst' }).waitFor();
    await page.getByRole('region', { name: 'Karte: hier zuletzt gesehen' }).locator('.leaflet-marker-icon').waitFor();
    await checkScreen(page, 'vermisst-meldung', 'Flocke: vermisst');

    await page.getByRole('link', { name: 'Aushang drucken' }).click();
    await page.getByText('Bitte melde dich, wenn du Flocke gesehen hast:').waitFor();
    const qr = page.locator('img.poster-qr');
    await qr.waitFor();
    await checkScreen(page, 'vermisst-aushang', 'Flocke');
    const decoded = await decodeQr(await qr.screenshot());
    expect(decoded).toBe(`${h.baseUrl}/vermisst/${dog.id}`);
    expect(h.pageErrors).toEqual([]);

    // A finder scans it: the public page, with the area on a small map, no account needed.
    await h.logout();
    const finder = await h.page();
    await finder.goto(decoded!);
    await finder.getByRole('heading', { name: 'Flocke wird vermisst' }).waitFor();
    await finder.locator('.spot-map-live path.leaflet-interactive').waitFor();
    await checkScreen(finder, 'vermisst-oeffentlich-karte', 'Flocke wird vermisst');
    expect(await finder.content()).not.toContain('48.1411');
    await finder.close();
    await page.close();
  });
});
