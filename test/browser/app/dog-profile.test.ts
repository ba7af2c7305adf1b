import { beforeAll, describe, expect, it } from 'vitest';
import { loadBreeds } from '../../../src/features/public-web/wiki/index.js';
import { buildDiaryEntry, buildDog, buildUser } from '../../helpers/factories.js';
import { checkScreen, useAppHarness } from './app-harness.js';

const h = useAppHarness();

beforeAll(async () => {
  await loadBreeds(h.ctx);
});

/** The dog's profile as its hub, and the breed input that suggests wiki breeds and links the chosen one. */
describe('dog profile', () => {
  it('shows the facts, the breed linked to the wiki, the latest entries and the areas; the edit form suggests breeds', async () => {
    const me = await buildUser(h.ctx, { name: 'Hanna Hund' });
    const dog = await buildDog(h.ctx, { user: me, name: 'Ronja', sex: 'female', birth_date: '2021-04-02', chip_number: '276098106543210' });
    await buildDiaryEntry(h.ctx, { dog, date: '2026-11-01', title: 'Erster Frost', text: 'Ronja mag Raureif.' });
    await buildDiaryEntry(h.ctx, { dog, date: '2026-11-10', title: 'Am See', text: '' });
    await h.login(me);
    const page = await h.page();

    // Breed suggestions from the wiki (German names), the chosen one linked.
    await page.goto(h.url(`/app/hunde/${dog.id}/bearbeiten`));
    await page.getByLabel('Rasse (optional)').fill('Labrador');
    await expect.poll(() => page.locator('#breed-suggestions option').count()).toBeGreaterThan(0);
    const first = await page.locator('#breed-suggestions option').first().getAttribute('value');
    await page.getByLabel('Rasse (optional)').fill(first ?? '');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await page.getByText('Gespeichert.').waitFor();
    const saved = await h.ctx.db.selectFrom('dogs').select(['breed', 'breed_slug']).where('id', '=', dog.id).executeTakeFirstOrThrow();
    expect(saved.breed).toBe(first);
    expect(saved.breed_slug).toMatch(/labrador/);

    await page.getByRole('link', { name: 'Zum Profil von Ronja' }).click();
    await page.getByRole('heading', { name: 'Ronja', exact: true }).waitFor();
    await page.getByRole('link', { name: first ?? '' }).waitFor();
    expect(await page.getByRole('link', { name: first ?? '' }).getAttribute('href')).toBe(`/rassen/${saved.breed_slug}`);
    await page.getByText('276098106543210').waitFor();
    await page.getByText(/^5 Jahre/).waitFor();
    const latest = page.locator('.dog-latest li');
    await expect.poll(() => latest.count()).toBe(2);
    expect(await latest.first().textContent()).toContain('Am See');
    const areas = page.getByRole('navigation', { name: 'Bereiche' });
    for (const area of ['Tagebuch', 'Gesundheit', 'Pflege', 'Training', 'Läufigkeit', 'Familie', 'Notfallausweis'])
      await areas.getByRole('link', { name: area }).waitFor();
    await checkScreen(page, 'hund-profil', 'Ronja');
    expect(h.pageErrors).toEqual([]);
  });
});
