import { afterAll, describe, expect, it } from 'vitest';
import { FakeNominatimServer } from '../../fakes/nominatim-server.js';
import { agentAs, buildDog, buildUser } from '../../helpers/factories.js';
import { daytimeClock } from '../../helpers/test-app.js';
import { dutyRemindersJob } from '../../../src/features/dog-records/duties/index.js';
import { checkScreen, useAppHarness } from './app-harness.js';

const nominatim = new FakeNominatimServer();
await nominatim.start();
afterAll(() => nominatim.stop());
// The server's day is fixed in May 2027 (running with real time from there): the Brut- und Setzzeit runs.
const h = useAppHarness({ clock: daytimeClock('2027-05-12T08:00:00Z'), env: { NOMINATIM_URL: nominatim.url } });

/** Issue 53 at phone width: Zurich gives francs, an insurance gets its reminder, the poster the registry's hotline, May the leash card. */
describe('your place: duties and seasons', () => {
  it('walks from a home area in Zurich to CHF, duties, a reminder, the poster and the leash season', async () => {
    const me = await buildUser(h.ctx, { name: 'Heidi' });
    const dog = await buildDog(h.ctx, { user: me, name: 'Bläss' });
    const api = agentAs(h.test, me);
    // The home area is saved as the map screen saves it (PATCH /api/me); the fake Nominatim knows Zurich.
    await api.patch('/api/me').send({ lat: 47.3769, lon: 8.5417 }).expect(200);
    await h.login(me);
    const page = await h.page();

    await page.goto(h.url('/app/profil'));
    await page.locator('[data-place="CH-ZH"]').getByText('Ausgaben in Franken (CHF)').waitFor();

    await page.goto(h.url('/app/ausgaben'));
    await page.getByRole('button', { name: 'Ausgaben für Bläss: Hinzufügen' }).click();
    const form = page.getByRole('form', { name: 'Ausgaben für Bläss: Hinzufügen' });
    await form.getByLabel('Datum').fill('2026-11-20');
    await form.getByLabel('Betrag').fill('12,50');
    await form.getByLabel('Kategorie').selectOption('futter');
    await form.getByRole('button', { name: 'Hinzufügen' }).click();
    await page
      .getByText(/CHF\s12\.50/)
      .first()
      .waitFor();

    await page.goto(h.url(`/app/hunde/${dog.id}/pflichten`));
    await page.getByText('Keine Rechtsberatung', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Hundehaftpflicht: eintragen' }).click();
    const insurance = page.getByRole('form', { name: 'Hundehaftpflicht: eintragen' });
    await insurance.getByLabel('Versicherer').fill('Helvetia Muster');
    await insurance.getByLabel('Policennummer').fill('P-778');
    await insurance.getByLabel('Verlängert sich am').fill('2027-05-20');
    await insurance.getByRole('button', { name: 'Speichern' }).click();
    await page.locator('[data-code="liability_insurance"][data-status="done"]').getByText('Helvetia Muster').waitFor();
    await page.getByRole('button', { name: 'Chip und Register: eintragen' }).click();
    const registry = page.getByRole('form', { name: 'Chip und Register: eintragen' });
    await registry.getByLabel('Register', { exact: true }).fill('AMICUS');
    await registry.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('AMICUS: Hotline 0848 777 100').waitFor();
    await checkScreen(page, 'pflichten', 'Pflichten für Bläss');

    expect(await dutyRemindersJob.run(h.ctx)).toBe(1);
    await page.goto(h.url('/app/benachrichtigungen'));
    await page.getByText('Bläss: Hundehaftpflicht verlängert sich am 20.05.2027').waitFor();

    const lost = (
      await api
        .post('/api/lost-dogs')
        .send({ lat: 47.37, lon: 8.54, name: 'Bläss', description: 'Weiß mit braunem Ohr', last_seen_at: '2027-05-12T07:00:00Z', dog_id: dog.id })
        .expect(201)
    ).body;
    await page.goto(h.url(`/app/vermisst/${lost.id}`));
    await page.getByText('Melde Bläss auch bei').waitFor();
    await page.goto(h.url(`/app/vermisst/${lost.id}/aushang`));
    await page.locator('.poster-registry').getByText('Hotline 0848 777 100').waitFor();

    // By hand to Lower Saxony: in May the leash season runs there.
    await page.goto(h.url('/app/profil'));
    await page.getByLabel('Land', { exact: true }).selectOption('DE');
    await page.getByLabel('Region', { exact: true }).selectOption('DE-NI');
    await page.getByRole('button', { name: 'Übernehmen' }).click();
    await page.locator('[data-place="DE-NI"]').waitFor();
    await page.goto(h.url('/app'));
    await page.getByRole('heading', { name: 'Brut- und Setzzeit: in der freien Landschaft an die Leine, bis 15. Juli' }).waitFor();
    await checkScreen(page, 'start-brut-und-setzzeit');
    expect(h.pageErrors).toEqual([]);
    await page.close();
  });
});
