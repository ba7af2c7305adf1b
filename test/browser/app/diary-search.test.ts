import { describe, expect, it } from 'vitest';
import { buildDiaryEntry, buildDog, buildUser } from '../../helpers/factories.js';
import { checkScreen, useAppHarness } from './app-harness.js';

const h = useAppHarness();

describe('diary search', () => {
  it('searches from the toolbar, marks the hits, keeps the dog filter, and opens an entry', async () => {
    const me = await buildUser(h.ctx, { name: 'Suse Sucht' });
    const bello = await buildDog(h.ctx, { user: me, name: 'Bello' });
    const luna = await buildDog(h.ctx, { user: me, name: 'Luna' });
    await buildDiaryEntry(h.ctx, { dog: bello, date: '2026-10-01', title: 'Am Kanal', text: 'Langer Spaziergang mit <Stöckchen>.' });
    await buildDiaryEntry(h.ctx, { dog: luna, date: '2026-10-05', title: 'Spaziergang im Regen', text: 'Nass.' });
    await buildDiaryEntry(h.ctx, { dog: luna, date: '2026-10-06', title: 'Tierarzt', text: 'Impfung.' });
    await h.login(me);
    const page = await h.page();
    await page.goto(h.url('/app/tagebuch/mosaik'));
    await page.getByRole('searchbox', { name: 'Tagebuch durchsuchen' }).fill('spazier');
    await page.getByRole('button', { name: 'Suchen' }).click();
    await page.getByRole('heading', { name: 'Suche: „spazier“' }).waitFor();
    await expect.poll(() => page.locator('.search-hits li').count()).toBe(2);
    expect(await page.locator('.search-hits mark').allTextContents()).toEqual(['Spaziergang', 'Spaziergang']);
    // The text is shown as text: the angle brackets are not markup.
    await page.getByText('Langer Spaziergang mit <Stöckchen>.').waitFor();
    await checkScreen(page, 'tagebuch-suche', 'Tagebuch');

    await page.getByLabel('Hund').selectOption({ label: 'Luna' });
    await expect.poll(() => page.locator('.search-hits li').count()).toBe(1);
    await page.getByRole('link', { name: /Spaziergang im Regen/ }).click();
    await page.getByRole('heading', { name: 'Spaziergang im Regen' }).waitFor();
    expect(h.pageErrors).toEqual([]);
  });
});
