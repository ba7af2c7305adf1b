import { describe, expect, it } from 'vitest';
import { buildDog, buildUser } from '../../helpers/factories.js';
import { checkScreen, useAppHarness } from './app-harness.js';
import { berlinDay } from '../harness.js';

const h = useAppHarness();

const german = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** Vet appointments in Chromium (issue 32): plan a visit, see it as "Nächster Termin" here and on the dashboard, mark it done. */
describe('vet appointments', () => {
  it('the owner plans a visit ahead, sees it as the next appointment, and marks it done with its findings', async () => {
    const owner = await buildUser(h.ctx, { name: 'Tanja Termin' });
    const dog = await buildDog(h.ctx, { user: owner, name: 'Rex' });
    await h.login(owner);
    const page = await h.page();
    await page.goto(h.url(`/app/hunde/${dog.id}/gesundheit`));
    await page.getByRole('heading', { name: 'Gesundheit: Rex' }).waitFor();
    const next = page.getByRole('region', { name: 'Nächster Termin' });
    await next.getByText(/^Kein Termin geplant/).waitFor();

    // A visit that took place cannot lie ahead: the message says what to choose instead; planned, it can.
    const ahead = berlinDay(7);
    await page.getByRole('button', { name: 'Tierarztbesuche: Hinzufügen' }).click();
    const form = page.getByRole('form', { name: 'Tierarztbesuche: Hinzufügen' });
    await form.getByLabel('Datum').fill(ahead);
    await form.getByLabel('Anlass').fill('Impfung Tollwut');
    await form.getByRole('button', { name: 'Hinzufügen' }).click();
    await form.getByText('Ein erledigter Besuch kann nicht in der Zukunft liegen. Wähle „Geplanter Termin“.').waitFor();
    await form.getByLabel('Art').selectOption('planned');
    await form.getByRole('button', { name: 'Hinzufügen' }).click();
    await page.locator('#besuche .record-list .tag', { hasText: 'Termin' }).waitFor();
    await next.getByText('Impfung Tollwut').waitFor();
    expect(await next.textContent()).toContain(`${german(ahead)} (in 7 Tagen)`);
    const stored = await h.ctx.db.selectFrom('vet_visits').select(['id', 'status', 'date', 'planned_date']).where('dog_id', '=', dog.id).execute();
    expect(stored).toEqual([{ id: expect.any(Number), status: 'planned', date: ahead, planned_date: ahead }]);
    await checkScreen(page, 'gesundheit-termin', 'Gesundheit: Rex');

    // The dashboard shows it too, and leads back to the health tab.
    await page.goto(h.url('/app'));
    await page.getByRole('link', { name: 'Rex: Nächster Termin – Impfung Tollwut' }).click();
    await page.getByRole('heading', { name: 'Gesundheit: Rex' }).waitFor();

    // Done (earlier than planned): the same record keeps its planned day beside the day of the visit.
    const today = berlinDay(0);
    await page.getByRole('button', { name: 'Impfung Tollwut: als erledigt eintragen' }).click();
    const done = page.getByRole('form', { name: 'Impfung Tollwut: als erledigt eintragen' });
    expect(await done.getByLabel('Tag des Besuchs').inputValue()).toBe(today);
    await done.getByLabel('Diagnose (optional)').fill('Gesund, Impfung gegeben');
    await done.getByRole('button', { name: 'Als erledigt speichern' }).click();
    await page.locator('#besuche .record-list', { hasText: `(geplant für ${german(ahead)})` }).waitFor();
    await next.getByText(/^Kein Termin geplant/).waitFor();
    expect(await page.locator('#besuche .record-list .tag').count()).toBe(0);
    const after = await h.ctx.db.selectFrom('vet_visits').select(['id', 'status', 'date', 'planned_date', 'diagnosis']).where('dog_id', '=', dog.id).execute();
    expect(after).toEqual([{ id: stored[0]?.id, status: 'done', date: today, planned_date: ahead, diagnosis: 'Gesund, Impfung gegeben' }]);
    expect(h.pageErrors).toEqual([]);
    await page.close();
  });
});
