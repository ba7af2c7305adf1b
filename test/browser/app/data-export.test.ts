import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildExportsJob } from '../../../src/features/accounts/exports/exports.jobs.js';
import { buildDog, buildUser } from '../../helpers/factories.js';
import { checkScreen, useAppHarness } from './app-harness.js';

const h = useAppHarness();

describe('data export', () => {
  it('from the profile to the downloaded ZIP: asked for, built by the job, downloaded, once a day', async () => {
    const user = await buildUser(h.ctx, { name: 'Dora Daten' });
    await buildDog(h.ctx, { user, name: 'Rudi' });
    await h.login(user);
    const page = await h.page();
    await page.goto(h.url('/app/profil'));
    const section = page.locator('#export');
    await section.getByRole('button', { name: 'Datenexport anfordern' }).click();
    await section.getByRole('status').filter({ hasText: 'Dein Export wird vorbereitet.' }).waitFor();
    await section.getByText(/wartet/).waitFor();

    expect(await buildExportsJob.run(h.ctx)).toBe(1);
    // The section looks again by itself while an export is being built.
    const link = section.getByRole('link', { name: /Herunterladen \(/ });
    await link.waitFor({ timeout: 15_000 });
    await checkScreen(page, 'profil-export', 'Profil');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^pfotenbuch-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    expect(new TextDecoder().decode(files['LIESMICH.txt'])).toContain('Dein Datenexport aus Pfotenbuch');
    expect(JSON.parse(new TextDecoder().decode(files['daten/hunde.json']))).toEqual([expect.objectContaining({ name: 'Rudi' })]);

    // A second one the same day is refused with the reason.
    await section.getByRole('button', { name: 'Datenexport anfordern' }).click();
    await section.getByRole('alert').filter({ hasText: 'einen Datenexport pro Tag' }).waitFor();
    expect(h.pageErrors.filter((e) => !/status of 429/.test(e))).toEqual([]);
  });
});
