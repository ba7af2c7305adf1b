import { afterAll, describe, expect, it } from 'vitest';
import { FakeOsmApiServer } from '../../fakes/osm-api-server.js';
import { FakeOverpassServer } from '../../fakes/overpass-server.js';
import { agentAs, buildUser } from '../../helpers/factories.js';
import { checkScreen, useAppHarness } from './app-harness.js';

const overpass = new FakeOverpassServer();
const osm = new FakeOsmApiServer();
await Promise.all([overpass.start(), osm.start()]);
afterAll(() => Promise.all([overpass.stop(), osm.stop()]));
const h = useAppHarness({ env: { OVERPASS_URLS: overpass.url, OSM_API_URL: osm.url, OSM_ACCESS_TOKEN: osm.token } });

const HOME = { lat: 52.52, lon: 13.405 };

/** The map-layers and places areas through the map screen, against a fake Overpass. */
describe('map layers', () => {
  it('shows vets and groomers from OpenStreetMap and the community’s places around the saved position; toggles layers', async () => {
    const me = await buildUser(h.ctx, { name: 'Karla Karte', ...HOME });
    await agentAs(h.test, me)
      .post('/api/places')
      .send({ lat: 52.521, lon: 13.41, name: 'Hundewiese am Kanal', types: ['hundewiese'], public: true })
      .expect(201);
    overpass.extra = [{ type: 'node', id: 901, lat: 52.519, lon: 13.404, tags: { amenity: 'veterinary', name: 'Tierarzt am Platz' } }];
    await h.login(me);
    const page = await h.page();
    await page.goto(h.url('/app/karte'));
    await page.getByRole('heading', { name: 'Karte' }).waitFor();
    await expect.poll(() => page.locator('.nearby-map .nearby-pin-places').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => page.locator('.nearby-map .nearby-pin-vet').count(), { timeout: 10_000 }).toBe(1);
    expect(await page.locator('.nearby-map .nearby-pin-vet').getAttribute('title')).toBe('Tierarzt am Platz');
    expect(overpass.queries.some((q) => q.includes('"amenity"="veterinary"'))).toBe(true);
    await page.getByText(/Orte? im Ausschnitt/).waitFor();
    await checkScreen(page, 'karte-ebenen', 'Karte');

    await page.getByRole('checkbox', { name: /Tierärzte/ }).uncheck();
    await expect.poll(() => page.locator('.nearby-map .nearby-pin-vet').count()).toBe(0);
    await page.getByRole('checkbox', { name: /Trinkwasser/ }).check();
    await expect.poll(() => overpass.queries.some((q) => q.includes('"amenity"="drinking_water"'))).toBe(true);

    // A place of one's own: the types are required, then it shows on the map.
    await page.getByRole('link', { name: 'Ort hinzufügen' }).click();
    await page.getByRole('heading', { name: 'Neuer Ort' }).waitFor();
    await page.getByLabel('Name').fill('Praxis Dr. Pfote');
    await page.getByRole('button', { name: 'Ort speichern' }).click();
    await page.getByText('Bitte wähl mindestens einen Typ.').waitFor();
    await page.getByRole('checkbox', { name: 'Tierarzt' }).check();
    await page.getByRole('checkbox', { name: 'Hundesalon' }).check();
    await checkScreen(page, 'ort-neu', 'Neuer Ort');
    await page.getByRole('button', { name: 'Ort speichern' }).click();
    await page.getByText('Bitte wähl die Position').first().waitFor(); // never a default position
    await page.locator('.pin-picker .leaflet-container').click();
    await page.getByRole('button', { name: 'Ort speichern' }).click();
    await page.getByRole('heading', { name: 'Karte' }).waitFor();
    expect(page.url()).toMatch(/\/app\/karte\?lat=52\.5\d*&lon=13\.\d+$/); // the map opens on the new place
    await expect.poll(() => page.locator('.nearby-map .nearby-pin-places').count(), { timeout: 10_000 }).toBe(2);
    const saved = await h.ctx.db.selectFrom('places').select(['types', 'public', 'lat']).where('name', '=', 'Praxis Dr. Pfote').executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ types: 'tierarzt,hundesalon', public: 0 });
    expect(Math.abs(saved.lat - HOME.lat)).toBeLessThan(0.002);
    expect(h.pageErrors).toEqual([]);
  });

  it('finds a café in the visible area, opens its details and reports “Hunde willkommen”, which reaches OpenStreetMap and the contributions screen', async () => {
    const me = await buildUser(h.ctx, { name: 'Wilma Willkommen', ...HOME });
    const cafe = { type: 'node' as const, id: 4711, lat: 52.5205, lon: 13.4045, tags: { amenity: 'cafe', name: 'Café Pfötchen' } };
    overpass.extra = [cafe];
    osm.add({ ...cafe, version: 3, tags: { ...cafe.tags } });
    await h.login(me);
    const page = await h.page();
    await page.goto(h.url('/app/karte'));
    await page.getByRole('heading', { name: 'Karte' }).waitFor();
    await page.getByText(/Orte? im Ausschnitt/).waitFor({ timeout: 10_000 });
    await page.getByLabel('Im Kartenausschnitt suchen').fill('Pfötchen');
    await page.getByRole('button', { name: 'Suchen' }).click();
    await page.getByText(/\d+ Treffer/).waitFor();
    expect(overpass.queries.some((q) => q.includes('["name"~"Pfötchen",i]'))).toBe(true);
    // The hits' pins come after the search's round trip: under CI load that took over the default second.
    await expect.poll(() => page.locator('.nearby-map .nearby-pin-search').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Café Pfötchen' }).click();
    await page.getByRole('heading', { name: 'Café Pfötchen' }).waitFor();
    await page.getByText('Ob Hunde hier willkommen sind, ist noch nicht eingetragen.').waitFor();
    await checkScreen(page, 'karte-ort-details', 'Karte');
    await page.getByRole('button', { name: 'Hunde willkommen!' }).click();
    await page.getByText(/Danke! Wir tragen es bei OpenStreetMap ein/).waitFor();
    await expect.poll(() => osm.get('node', 4711)?.tags.dog).toBe('yes');

    await page.getByRole('button', { name: 'Schließen' }).click();
    await page.getByRole('link', { name: 'Meine Beiträge' }).click();
    await page.getByRole('heading', { name: 'Meine Karten-Beiträge' }).waitFor();
    await page.getByText('Café Pfötchen').waitFor();
    await page.getByText(/in Prüfung · Prüfung ab \d\d\.\d\d\.\d{4}/).waitFor();
    await page.getByText('0 von 100 bestätigt bis zum nächsten Pro-Jahr').waitFor();
    await checkScreen(page, 'karte-beitraege', 'Meine Karten-Beiträge');
    expect(h.pageErrors).toEqual([]);
  });

  it('a “Hunde willkommen” tap while OpenStreetMap is unreachable is kept with what the map shows and checked later', async () => {
    const me = await buildUser(h.ctx, { name: 'Olga Offline', ...HOME });
    const cafe = { type: 'node' as const, id: 4712, lat: 52.5203, lon: 13.4043, tags: { amenity: 'cafe', name: 'Café Funkloch' } };
    overpass.extra = [cafe];
    osm.readsBroken = true;
    try {
      await h.login(me);
      const page = await h.page();
      await page.goto(h.url('/app/karte'));
      await page.getByText(/Orte? im Ausschnitt/).waitFor({ timeout: 10_000 });
      await page.getByLabel('Im Kartenausschnitt suchen').fill('Funkloch');
      await page.getByRole('button', { name: 'Suchen' }).click();
      await page.getByRole('button', { name: 'Café Funkloch' }).click({ timeout: 10_000 });
      await page.getByRole('button', { name: 'Hunde willkommen!' }).click();
      await page.getByText(/OpenStreetMap ist gerade nicht erreichbar\. Wir haben deine Meldung gespeichert/).waitFor();
      const row = await h.ctx.db.selectFrom('map_contributions').selectAll().where('user_id', '=', me.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ osm_id: 4712, status: 'pending', venue_kind: 'cafe', venue_name: 'Café Funkloch', venue_read_at: null });

      await page.getByRole('button', { name: 'Schließen' }).click();
      await page.getByRole('link', { name: 'Meine Beiträge' }).click();
      await page.getByText('in Prüfung · Ort wird noch bei OpenStreetMap geprüft').waitFor();
      expect(h.pageErrors).toEqual([]);
    } finally {
      osm.readsBroken = false;
    }
  });
});
