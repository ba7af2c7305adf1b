import { beforeEach, describe, expect, it } from 'vitest';
import { agentAs, buildDog, buildUser } from '../../helpers/factories.js';
import { checkScreen, useAppHarness } from './app-harness.js';
import { berlinDay } from '../harness.js';

const h = useAppHarness();

beforeEach(() => {
  h.pageErrors.length = 0;
});

/** A Berlin-ish calendar day relative to now (the app's own "today" decides the badges; noon keeps it stable). */
const day = berlinDay; // the app's day, not UTC's

/** Heat calendar, care tick, training streak and the expense chart in Chromium, with axe and screenshots. */
describe('everyday records', () => {
  it('heat: the prediction, the phases of the last cycle and the calendar; a new cycle moves the prediction', async () => {
    const owner = await buildUser(h.ctx, { name: 'Hanna Hündin' });
    const dog = await buildDog(h.ctx, { user: owner, name: 'Luna', sex: 'female' });
    const api = agentAs(h.test, owner);
    await api
      .post(`/api/dogs/${dog.id}/heat-cycles`)
      .send({ start_date: day(-200), end_date: day(-180) })
      .expect(201);
    await api
      .post(`/api/dogs/${dog.id}/heat-cycles`)
      .send({ start_date: day(-20), end_date: day(-3) })
      .expect(201);
    await h.login(owner);
    const page = await h.page();
    await page.goto(h.url(`/app/hunde/${dog.id}/laeufigkeit`));
    await page.getByRole('heading', { name: 'Läufigkeit: Luna' }).waitFor();
    await page.getByText('Mittel aus 2 Zyklen: alle 180 Tage.').waitFor();
    expect(await page.locator('.timeline-bar .phase').count()).toBe(4);
    expect(await page.locator('.timeline-today').count()).toBe(1);
    // The calendar opens on the last cycle's month, so its days show on any date (on the 1st to 3rd of a month
    // they all lie in the month before); the day count stops when the heat is over.
    expect(await page.locator('.heat-grid .day-cycle').count()).toBe(18);
    await page.getByText('Heute: typischerweise Nachbrunst').waitFor();
    expect(await page.getByText(/Tag \d+ der Läufigkeit/).count()).toBe(0);
    await checkScreen(page, 'laeufigkeit', 'Läufigkeit: Luna');

    // An end before the start is refused at the field; a good cycle is listed.
    await page.getByRole('button', { name: 'Läufigkeiten: Hinzufügen' }).click();
    const form = page.getByRole('form', { name: 'Läufigkeiten: Hinzufügen' });
    await form.getByLabel('Beginn').fill(day(-2));
    await form.getByLabel('Ende (optional)').fill(day(-5));
    await form.getByRole('button', { name: 'Hinzufügen' }).click();
    await form.getByText('Das Ende liegt vor dem Beginn.').waitFor();
    await form.getByLabel('Ende (optional)').fill('');
    await form.getByRole('button', { name: 'Hinzufügen' }).click();
    await page.getByText('Mittel aus 3 Zyklen').waitFor();
    expect(h.pageErrors).toEqual([]);
    await page.close();
  });

  it('heat: a male dog gets a friendly note instead of the calendar', async () => {
    const owner = await buildUser(h.ctx);
    const dog = await buildDog(h.ctx, { user: owner, name: 'Rex', sex: 'male' });
    await h.login(owner);
    const page = await h.page();
    await page.goto(h.url(`/app/hunde/${dog.id}/laeufigkeit`));
    await page.getByText('Den Läufigkeitskalender gibt es nur für Hündinnen.').waitFor();
    await page.close();
  });

  it('care: overdue badge, one tap on "Erledigt" sets the next due date; a note on the routine', async () => {
    const owner = await buildUser(h.ctx);
    const dog = await buildDog(h.ctx, { user: owner, name: 'Balu' });
    const api = agentAs(h.test, owner);
    const tick = await api
      .post(`/api/dogs/${dog.id}/care-routines`)
      .send({ kind: 'tick_flea', intervall_tage: 30, last_done: day(-33) })
      .expect(201);
    await api
      .post(`/api/dogs/${dog.id}/care-routines`)
      .send({ kind: 'claws', intervall_tage: 21, last_done: day(-1) })
      .expect(201);
    await h.login(owner);
    const page = await h.page();
    await page.goto(h.url(`/app/hunde/${dog.id}/pflege`));
    await page.getByRole('heading', { name: 'Pflege: Balu' }).waitFor();
    await page.locator('.due-overdue').first().waitFor();
    expect(await page.locator('.due-later').count()).toBe(1);
    await checkScreen(page, 'pflege', 'Pflege: Balu');

    await page.getByRole('button', { name: 'Zecken- und Flohschutz: heute erledigt' }).click();
    await expect.poll(() => page.locator('.due-overdue').count()).toBe(0);
    const row = await h.ctx.db.selectFrom('care_routines').select(['last_done', 'next_due']).where('id', '=', tick.body.id).executeTakeFirstOrThrow();
    expect(row.next_due).not.toBeNull();
    expect(row.last_done! >= day(-1)).toBe(true);

    // Notes: open, write, see it; no AI button without AI configuration.
    await page.locator('.notes-toggle summary').first().click();
    const note = page.getByRole('form', { name: 'Notiz speichern' }).first();
    await note.getByLabel('Notiz').fill('Spot-on im Nacken, gut vertragen.');
    await note.getByRole('button', { name: 'Notiz speichern' }).click();
    await page.getByText('Spot-on im Nacken, gut vertragen.').waitFor();
    expect(await page.getByRole('button', { name: 'Mit KI auswerten' }).count()).toBe(0);

    // A routine of one's own needs a name, which the list then shows.
    await page.getByRole('button', { name: 'Pflegeroutinen: Hinzufügen' }).click();
    const add = page.getByRole('form', { name: 'Pflegeroutinen: Hinzufügen' });
    await add.getByLabel('Was').selectOption('custom');
    await add.getByLabel('Alle … Tage').fill('7');
    await add.getByRole('button', { name: 'Hinzufügen' }).click();
    await add.getByText('Wie heißt die Routine?').first().waitFor();
    await add.getByLabel('Name der eigenen Routine').fill('Pfoten eincremen');
    await add.getByRole('button', { name: 'Hinzufügen' }).click();
    await page.locator('.record-list strong', { hasText: 'Pfoten eincremen' }).waitFor();
    expect(h.pageErrors).toEqual([]);
    await page.close();
  });

  it('training: a session logged today starts the streak, which the dashboard shows too', async () => {
    const owner = await buildUser(h.ctx);
    const dog = await buildDog(h.ctx, { user: owner, name: 'Kira' });
    const api = agentAs(h.test, owner);
    await api
      .post(`/api/dogs/${dog.id}/training-sessions`)
      .send({ date: day(-2), skill: 'Sitz', duration_min: 10, rating: 4 })
      .expect(201);
    await h.login(owner);
    const page = await h.page();
    await page.goto(h.url(`/app/hunde/${dog.id}/training`));
    await page.getByRole('heading', { name: 'Training: Kira' }).waitFor();
    await page.getByText('Noch keine Serie').waitFor();
    await page.getByRole('button', { name: 'Trainingseinheiten: Hinzufügen' }).click();
    const form = page.getByRole('form', { name: 'Trainingseinheiten: Hinzufügen' });
    await form.getByLabel('Datum').fill(await page.evaluate(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date())));
    await form.getByLabel('Was habt ihr geübt?').fill('Rückruf');
    await form.getByLabel('Minuten').fill('0');
    await form.getByRole('button', { name: 'Hinzufügen' }).click();
    await form.getByText('Bitte 1 bis 600 Minuten.').waitFor();
    await form.getByLabel('Minuten').fill('15');
    await form.getByRole('button', { name: 'Hinzufügen' }).click();
    await page.getByText('1 Tag in Folge').waitFor();
    await checkScreen(page, 'training', 'Training: Kira');
    await page.goto(h.url('/app'));
    await page.getByRole('heading', { name: 'Trainingsserien' }).waitFor();
    await page.getByText('1 Tag in Folge').waitFor();
    expect(h.pageErrors).toEqual([]);
    await page.close();
  });

  it('expenses: the monthly bars and the category split, a recurring expense, the CSV link', async () => {
    const owner = await buildUser(h.ctx);
    const dog = await buildDog(h.ctx, { user: owner, name: 'Oskar' });
    const api = agentAs(h.test, owner);
    // Last year's, in Berlin: every date below lies in the past on any day (in January this year's February would
    // be in the future, which the app refuses).
    const year = Number(day(0).slice(0, 4)) - 1;
    await api
      .post(`/api/dogs/${dog.id}/expenses`)
      .send({ date: `${year}-01-10`, amount_cents: 4599, category: 'futter', description: 'Trockenfutter' })
      .expect(201);
    await api
      .post(`/api/dogs/${dog.id}/expenses`)
      .send({ date: `${year}-02-03`, amount_cents: 12000, category: 'tierarzt' })
      .expect(201);
    await h.login(owner);
    const page = await h.page();
    await page.goto(h.url('/app/ausgaben'));
    await page.getByRole('heading', { name: 'Ausgaben', exact: true }).waitFor();
    await page.getByRole('combobox', { name: /^Jahr/ }).selectOption(String(year));
    await page.getByRole('img', { name: `Ausgaben pro Monat ${year}` }).waitFor();
    expect(await page.locator('.expense-chart rect.bar').count()).toBe(12);
    expect(await page.locator('.category-split li').count()).toBe(2);
    expect(await page.getByRole('link', { name: 'Als CSV für Excel' }).getAttribute('href')).toBe(`/api/expenses/export.csv?year=${year}`);

    await page.getByRole('button', { name: 'Ausgaben für Oskar: Hinzufügen' }).click();
    const form = page.getByRole('form', { name: 'Ausgaben für Oskar: Hinzufügen' });
    await form.getByLabel('Datum').fill(`${year}-01-15`);
    await form.getByLabel('Betrag').fill('0');
    await form.getByRole('button', { name: 'Hinzufügen' }).click();
    await form.getByText('Bitte einen Betrag über 0, z. B. 12,99.').waitFor();
    await form.getByLabel('Betrag').fill('9,90');
    await form.getByLabel('Kategorie').selectOption('versicherung');
    await form.getByLabel('Wiederholung').selectOption('monthly');
    await form.getByRole('button', { name: 'Hinzufügen' }).click();
    await page.locator('.tag', { hasText: 'automatisch' }).first().waitFor();
    await expect.poll(() => page.locator('.category-split li').count()).toBe(3);
    await checkScreen(page, 'ausgaben', 'Ausgaben');
    expect(h.pageErrors).toEqual([]);
    await page.close();
  });
});
