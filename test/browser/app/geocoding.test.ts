import { afterAll, describe, expect, it } from 'vitest';
import { makeJpeg } from '../../fakes/photos.js';
import { FakeNominatimServer } from '../../fakes/nominatim-server.js';
import { agentAs, buildDiaryEntry, buildDog, buildUser } from '../../helpers/factories.js';
import { checkScreen, useAppHarness } from './app-harness.js';

const nominatim = new FakeNominatimServer();
await nominatim.start();
afterAll(() => nominatim.stop());
const h = useAppHarness({ env: { NOMINATIM_URL: nominatim.url } });

/** The geocoding area as a user meets it: a located photo gives the entry its place name, in the list and the entry. */
describe('geocoding: place names of diary entries', () => {
  it('shows the place the photo was taken in the list and on the entry', async () => {
    const me = await buildUser(h.ctx, { name: 'Gerd Geo' });
    const dog = await buildDog(h.ctx, { user: me, name: 'Bruno' });
    const entry = await buildDiaryEntry(h.ctx, { dog, date: '2026-05-01', title: 'In der Altstadt', text: 'Viele Tauben.' });
    await agentAs(h.test, me)
      .post(`/api/diary/${entry.id}/media`)
      .attach('files', await makeJpeg({ lat: 48.1374, lon: 11.5755, takenAt: '2026:05:01 10:00:00' }), 'platz.jpg')
      .expect(201);
    await h.ctx.background.settled(); // the place name is looked up after the upload's answer
    expect(nominatim.requests).toHaveLength(1);
    await h.login(me);
    const page = await h.page();
    await page.goto(h.url(`/app/tagebuch?hund=${dog.id}`));
    await page.locator('.entry-card').getByText('Marienplatz, München').waitFor();
    await page.getByRole('link', { name: 'In der Altstadt' }).click();
    await page.locator('.entry-place').getByText('Marienplatz, München').waitFor();
    await checkScreen(page, 'eintrag-mit-ort', 'In der Altstadt');
    expect(h.pageErrors).toEqual([]);
  });
});
