import { readdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildAdmin } from '../../helpers/factories.js';
import { checkScreen, useAppHarness } from './app-harness.js';

/** Verwaltung → Sicherungen at phone width: the empty state, "Jetzt sichern" until the new snapshot shows, and a run held elsewhere. */
const h = useAppHarness();

async function message(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('[role="status"], [role="alert"]').filter({ hasText: text }).first().waitFor({ timeout: 20_000 });
}

describe('admin: Sicherungen', () => {
  it('shows that there is no backup yet, makes one with "Jetzt sichern", and waits for a run another instance holds', async () => {
    const admin = await buildAdmin(h.ctx, { name: 'Ada Admin' });
    await h.login(admin);
    const page = await h.page();
    await page.goto(h.url('/app/admin'));
    await page.getByRole('link', { name: 'Sicherungen' }).click();
    await checkScreen(page, 'admin-sicherungen-leer', 'Sicherungen');
    await page.getByText('Es gibt noch keine Sicherung.').waitFor();
    expect(await page.getByTestId('backup-schedule').textContent()).toBe('täglich um 03:15');
    expect(await page.locator('main').textContent()).toContain(h.ctx.config.backup.dir);
    expect(await page.locator('li[data-snapshot]').count()).toBe(0);
    expect(await page.getByTestId('backup-problem').count()).toBe(0);

    // Start now: the screen says it is running and asks again until the run finished.
    await page.getByRole('button', { name: 'Jetzt sichern' }).click();
    await page.getByTestId('backup-running').filter({ hasText: 'Sicherung läuft …' }).waitFor();
    expect(await page.getByRole('button', { name: 'Jetzt sichern' }).isDisabled()).toBe(true);
    await message(page, 'Sicherung fertig.');
    const rows = page.locator('li[data-snapshot]');
    await expect.poll(() => rows.count()).toBe(1);
    // The row is the folder the job wrote.
    const [folder] = readdirSync(h.ctx.config.backup.dir);
    expect(await rows.first().getAttribute('data-snapshot')).toBe(folder);
    const last = page.getByTestId('backup-last');
    await expect.poll(() => last.textContent()).toMatch(/Größe(\d+,\d MB|unter 0,1 MB)Datenbank(SQLite|PostgreSQL)Letzter LaufErfolgreich$/);
    expect(await page.getByRole('button', { name: 'Jetzt sichern' }).isDisabled()).toBe(false);
    await checkScreen(page, 'admin-sicherungen', 'Sicherungen');

    // Another instance holds the job: the server answers 409, the screen says so and waits for that run.
    const startedElsewhere = new Date().toISOString();
    await h.ctx.db
      .updateTable('job_leases')
      .set({ owner: 'andere-instanz', locked_until: new Date(Date.now() + 600_000).toISOString(), last_started_at: startedElsewhere })
      .where('name', '=', 'backup.snapshot')
      .execute();
    await page.getByRole('button', { name: 'Jetzt sichern' }).click();
    await message(page, 'Es läuft gerade schon eine Sicherung.');
    await page.getByTestId('backup-running').waitFor();
    // That run fails: the screen notices on its next look, and the problem banner names the error.
    await h.ctx.db
      .updateTable('job_leases')
      .set({
        owner: null,
        locked_until: new Date().toISOString(),
        last_finished_at: new Date().toISOString(),
        last_status: 'failed',
        last_error: 'Platte voll',
      })
      .where('name', '=', 'backup.snapshot')
      .execute();
    await message(page, 'Die Sicherung ist fehlgeschlagen.');
    await expect.poll(() => page.getByTestId('backup-problem').textContent()).toBe('Die letzte Sicherung ist fehlgeschlagen: Platte voll');
    expect(await page.getByTestId('backup-running').count()).toBe(0);
    expect(await rows.count()).toBe(1);
    await checkScreen(page, 'admin-sicherungen-fehler', 'Sicherungen');
    // Chromium logs the expected 409 as a failed resource; nothing else may have gone wrong in the page.
    expect(h.pageErrors.filter((e) => !e.includes('status of 409'))).toEqual([]);
  });
});
