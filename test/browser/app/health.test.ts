import { beforeEach, describe, expect, it } from 'vitest';
import { agentAs, buildDog, buildUser } from '../../helpers/factories.js';
import { checkScreen, useAppHarness } from './app-harness.js';
import { berlinDay } from '../harness.js';
import { decodeQr } from './qr-decode.js';

const h = useAppHarness();

beforeEach(() => {
  h.pageErrors.length = 0;
});

/** The health tab, the weight curve, documents, the family invite and the emergency card, in Chromium with axe. */
describe('health screens', () => {
  it('an overdue vaccination leads the dashboard as “überfällig” and is flagged in the health tab; its booster ends that', async () => {
    const owner = await buildUser(h.ctx, { name: 'Uwe Überfällig' });
    const dog = await buildDog(h.ctx, { user: owner, name: 'Rex' });
    const api = agentAs(h.test, owner);
    const day = berlinDay; // the app's day, not UTC's
    await api
      .post(`/api/dogs/${dog.id}/vaccinations`)
      .send({ vaccine: 'Tollwut', date: day(-388), next_due: day(-23) })
      .expect(201);
    await api
      .post(`/api/dogs/${dog.id}/vaccinations`)
      .send({ vaccine: 'Staupe', date: day(-340), next_due: day(10) })
      .expect(201);
    await h.login(owner);
    const page = await h.page();
    await page.goto(h.url('/app'));
    const due = page.getByRole('region', { name: 'Bald fällig' }).locator('li');
    await due.first().waitFor();
    expect(await due.allTextContents()).toEqual([
      expect.stringMatching(/^überfällig\s+Rex: Tollwut ist überfällig/),
      expect.stringMatching(/^\s*Rex: Staupe auffrischen/),
    ]);
    await checkScreen(page, 'start-ueberfaellig');

    await page.getByRole('link', { name: 'Rex: Tollwut ist überfällig' }).click();
    await page.getByRole('heading', { name: 'Gesundheit: Rex' }).waitFor();
    await page.getByText(/^überfällig seit /).waitFor();
    expect(await page.getByText(/^überfällig seit /).count()).toBe(1); // Staupe is not due yet
    await api
      .post(`/api/dogs/${dog.id}/vaccinations`)
      .send({ vaccine: 'Tollwut', date: day(0), next_due: day(365) })
      .expect(201);
    await page.reload();
    await page.getByRole('heading', { name: 'Gesundheit: Rex' }).waitFor();
    await page
      .getByText(/nächste: /)
      .first()
      .waitFor();
    expect(await page.getByText(/^überfällig seit /).count()).toBe(0);
    expect(h.pageErrors).toEqual([]);
    await page.close();
  });

  it('the owner records weights and sees the curve with its table, adds a vaccination with validation messages', async () => {
    const owner = await buildUser(h.ctx, { name: 'Greta Gesund' });
    const dog = await buildDog(h.ctx, { user: owner, name: 'Bruno' });
    const api = agentAs(h.test, owner);
    for (const [date, kg] of [
      ['2026-01-05', 24.1],
      ['2026-02-05', 24.9],
      ['2026-03-05', 25.6],
      ['2026-04-05', 25.2],
    ] as const)
      await api.post(`/api/dogs/${dog.id}/weights`).send({ date, weight_kg: kg }).expect(201);
    await api.post(`/api/dogs/${dog.id}/allergies`).send({ allergen: 'Huhn', severity: 'moderate' }).expect(201);
    await h.login(owner);
    const page = await h.page();
    await page.goto(h.url(`/app/hunde/${dog.id}/gesundheit`));
    await page.getByRole('heading', { name: 'Gesundheit: Bruno' }).waitFor();
    const chart = page.getByRole('img', { name: /Gewichtsverlauf/ });
    await chart.waitFor();
    expect(await chart.locator('path').count()).toBe(1);
    expect(await chart.locator('circle').count()).toBe(4);
    await page.locator('summary', { hasText: 'Alle Messungen' }).click();
    // The rows are made when the table opens.
    await page.locator('.weight-table tbody tr').first().waitFor();
    expect(await page.locator('.weight-table tbody tr').count()).toBe(4);
    expect(await page.locator('.weight-table tbody tr').first().textContent()).toContain('25,2 kg');
    await page.locator('#allergien .record-list strong', { hasText: 'Huhn' }).waitFor();

    // Add a weight: a wrong value shows the message at the field, a good one lands in chart and table.
    await page.getByRole('button', { name: 'Gewicht: Hinzufügen' }).click();
    const form = page.getByRole('form', { name: 'Gewicht: Hinzufügen' });
    await form.getByLabel('Datum').fill('2026-05-05');
    await form.getByLabel('Gewicht in kg').fill('0');
    await form.getByRole('button', { name: 'Hinzufügen' }).click();
    await form.getByText('Bitte ein Gewicht über 0 und höchstens 150 kg eingeben.').waitFor();
    await form.getByLabel('Gewicht in kg').fill('26,3');
    await form.getByRole('button', { name: 'Hinzufügen' }).click();
    await expect.poll(() => chart.locator('circle').count()).toBe(5);
    const row = await h.ctx.db.selectFrom('weights').select('weight_kg').where('dog_id', '=', dog.id).where('date', '=', '2026-05-05').executeTakeFirst();
    expect(row?.weight_kg).toBe(26.3);

    // Correct it in place.
    await page.getByRole('button', { name: '05.05.2026: 26,3 kg: Bearbeiten' }).click();
    const edit = page.getByRole('form', { name: '05.05.2026: 26,3 kg: Bearbeiten' });
    expect(await edit.getByLabel('Gewicht in kg').inputValue()).toBe('26,3');
    await edit.getByLabel('Gewicht in kg').fill('26,8');
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await page.locator('#gewicht .record-list strong', { hasText: '26,8 kg' }).waitFor();
    const changed = await h.ctx.db.selectFrom('weights').select('weight_kg').where('dog_id', '=', dog.id).where('date', '=', '2026-05-05').executeTakeFirst();
    expect(changed?.weight_kg).toBe(26.8);

    // A vaccination without a name: the client's message; with one, it is listed.
    await page.getByRole('button', { name: 'Impfungen: Hinzufügen' }).click();
    const vac = page.getByRole('form', { name: 'Impfungen: Hinzufügen' });
    await vac.getByLabel('Datum').fill('2026-03-01');
    await vac.getByRole('button', { name: 'Hinzufügen' }).click();
    await vac.getByText('Bitte ausfüllen.').first().waitFor();
    await vac.getByLabel('Impfung').fill('Tollwut');
    await vac.getByLabel('Nächste fällig am (optional)').fill('2029-03-01');
    await vac.getByRole('button', { name: 'Hinzufügen' }).click();
    await page.locator('#impfungen .record-list strong', { hasText: 'Tollwut' }).waitFor();
    await checkScreen(page, 'gesundheit', 'Gesundheit: Bruno');

    // Upcoming vaccinations reach the dashboard.
    const soon = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    await api.post(`/api/dogs/${dog.id}/vaccinations`).send({ vaccine: 'Staupe', date: '2025-06-01', next_due: soon }).expect(201);
    await page.goto(h.url('/app'));
    await page.getByText('Bruno: Staupe auffrischen').waitFor();
    expect(h.pageErrors).toEqual([]);
    await page.close();
  });

  it('a long list shows its newest five; “Mehr anzeigen” shows the rest and loads the next page; every section is drawn', async () => {
    const owner = await buildUser(h.ctx);
    const dog = await buildDog(h.ctx, { user: owner, name: 'Paula' });
    const api = agentAs(h.test, owner);
    // 27 findings, newest first: more than the 20 of the first page the section loads.
    for (let i = 1; i <= 27; i++)
      await api
        .post(`/api/dogs/${dog.id}/findings`)
        .send({ date: berlinDay(-i), title: `Befund ${i}` })
        .expect(201);
    await h.login(owner);
    const page = await h.page();
    await page.goto(h.url(`/app/hunde/${dog.id}/gesundheit`));
    // The sections are drawn one after another: the last one arrives too.
    await page.getByRole('heading', { name: 'Tierarztpraxis' }).waitFor();
    const items = page.locator('#befunde .record-list > li');
    expect(await items.count()).toBe(5);
    expect(await items.first().textContent()).toContain('Befund 1');
    const more = page.getByRole('button', { name: 'Befunde: Mehr anzeigen' });
    await checkScreen(page, 'gesundheit-lange-liste', 'Gesundheit: Paula');
    // The first press shows the other 15 of the first page and loads the next one (7 more): 25 of 27.
    await more.click();
    await expect.poll(() => items.count()).toBe(25);
    await more.click();
    await expect.poll(() => items.count()).toBe(27);
    expect(await items.last().textContent()).toContain('Befund 27');
    expect(await more.count()).toBe(0);
    expect(h.pageErrors).toEqual([]);
    await page.close();
  });

  it('uploads a document with progress, and the PDF link is there', async () => {
    const owner = await buildUser(h.ctx);
    const dog = await buildDog(h.ctx, { user: owner, name: 'Mila' });
    await h.login(owner);
    const page = await h.page();
    await page.goto(h.url(`/app/hunde/${dog.id}/gesundheit`));
    await page.getByRole('heading', { name: 'Gesundheit: Mila' }).waitFor();
    expect(await page.getByRole('link', { name: 'Gesundheitspass (PDF)' }).getAttribute('href')).toBe(`/api/dogs/${dog.id}/health-record.pdf`);
    const docs = page.getByRole('form', { name: 'Dokumente: Hochladen' });
    await docs.getByLabel('Titel').fill('Impfpass');
    await docs
      .getByLabel('Datei (PDF oder Foto, höchstens 15 MB)')
      .setInputFiles({ name: 'impfpass.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await docs.getByRole('button', { name: 'Hochladen' }).click();
    await page.getByText('Dokument gespeichert.').waitFor();
    await page.locator('#dokumente .record-list strong', { hasText: 'Impfpass' }).waitFor();
    // Not a PDF: the server's 415 message is shown.
    await docs.getByLabel('Titel').fill('Kaputt');
    await docs
      .getByLabel('Datei (PDF oder Foto, höchstens 15 MB)')
      .setInputFiles({ name: 'x.pdf', mimeType: 'application/pdf', buffer: Buffer.from('kein pdf') });
    await docs.getByRole('button', { name: 'Hochladen' }).click();
    await docs
      .getByRole('alert')
      .getByText(/weder ein PDF noch ein Bild/)
      .waitFor();
    await checkScreen(page, 'gesundheit-dokumente', 'Gesundheit: Mila');
    expect(h.pageErrors.filter((e) => !/status of 415/.test(e))).toEqual([]);
    await page.close();
  });

  it('the owner invites by email, the invitee accepts in the app and then sees the health tab as caregiver', async () => {
    const owner = await buildUser(h.ctx);
    const friend = await buildUser(h.ctx, { name: 'Fritz Freund' });
    const dog = await buildDog(h.ctx, { user: owner, name: 'Ronja' });
    await h.login(owner);
    const page = await h.page();
    await page.goto(h.url(`/app/hunde/${dog.id}/familie`));
    await page.getByRole('heading', { name: 'Familie: Ronja' }).waitFor();
    await page.getByLabel('E-Mail-Adresse').fill('kaputt');
    await page.getByRole('button', { name: 'Einladen' }).click();
    await page.getByText('Bitte gib eine gültige E-Mail-Adresse ein.').waitFor();
    await page.getByLabel('E-Mail-Adresse').fill(friend.email);
    await page.getByRole('button', { name: 'Einladen' }).click();
    await page
      .getByRole('status')
      .getByText(/ist eingeladen/)
      .waitFor();
    await page.getByText('eingeladen', { exact: false }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkScreen(page, 'familie', 'Familie: Ronja');
    await page.close();

    await h.login(friend);
    const inv = await h.page();
    await inv.goto(h.url('/app/hunde'));
    await inv.getByRole('link', { name: 'Einladungen und Hunde, die du mitbetreust' }).click();
    await inv.waitForURL(h.url('/app/familie'));
    await inv.getByText(`${owner.name} lädt dich ein, Ronja mitzubetreuen.`).waitFor();
    await checkScreen(inv, 'einladungen', 'Einladungen');
    await inv.getByRole('button', { name: /^Annehmen/ }).click();
    await inv.getByRole('link', { name: 'Ronja' }).click(); // the dog's profile, the hub of every area
    await inv.goto(h.url(`/app/hunde/${dog.id}/gesundheit`));
    await inv.getByRole('heading', { name: 'Gesundheit: Ronja' }).waitFor();
    await inv.getByText(/Du betreust diesen Hund/).waitFor();
    expect(await inv.getByRole('button', { name: 'Impfungen: Hinzufügen' }).count()).toBe(0);
    await inv.getByRole('button', { name: 'Gewicht: Hinzufügen' }).waitFor();
    await checkScreen(inv, 'gesundheit-betreuer', 'Gesundheit: Ronja');
    expect(h.pageErrors).toEqual([]);
    await inv.close();
  });

  it('a vet visit with a cost is booked as an expense with one tap', async () => {
    const owner = await buildUser(h.ctx, { name: 'Vera Visite' });
    const dog = await buildDog(h.ctx, { user: owner, name: 'Motte' });
    await agentAs(h.test, owner).post(`/api/dogs/${dog.id}/vet-visits`).send({ date: '2026-05-02', reason: 'Impfung und Check', cost_cents: 8950 }).expect(201);
    await h.login(owner);
    const page = await h.page();
    await page.goto(h.url(`/app/hunde/${dog.id}/gesundheit`));
    await page.getByRole('button', { name: '89,50 € als Ausgabe buchen' }).click();
    await page.getByText('Als Ausgabe gebucht.').waitFor();
    const expenses = await h.ctx.db.selectFrom('expenses').select(['date', 'amount_cents', 'category', 'description']).where('dog_id', '=', dog.id).execute();
    expect(expenses).toEqual([{ date: '2026-05-02', amount_cents: 8950, category: 'tierarzt', description: 'Impfung und Check' }]);
    expect(h.pageErrors).toEqual([]);
    await page.close();
  });

  it('makes an emergency card with a QR code to download and print on A6, edits it keeping the link, renews and revokes it only after a confirmation', async () => {
    const owner = await buildUser(h.ctx);
    const dog = await buildDog(h.ctx, { user: owner, name: 'Kalle' });
    await h.login(owner);
    const page = await h.page();
    await page.goto(h.url(`/app/hunde/${dog.id}/notfallausweis`));
    await page.getByRole('heading', { name: 'Notfallausweis: Kalle' }).waitFor();
    await page.getByLabel('Medikamente zeigen').uncheck();
    await page.getByLabel('Kontaktperson (optional)', { exact: true }).fill('Anna');
    await page.getByRole('button', { name: 'Ausweis erstellen' }).click();
    const qr = page.getByRole('img', { name: 'QR-Code zum Notfallausweis' });
    await qr.waitFor();
    const link = await page.locator('a[href*="/notfall/"]').getAttribute('href');
    expect(link).toMatch(/\/notfall\/[A-Za-z0-9_-]{24}$/);
    // The download is a PNG of the same QR code, named after the dog; it decodes to the card's link.
    const download = page.getByRole('link', { name: 'QR-Code herunterladen (PNG)' });
    expect(await download.getAttribute('download')).toBe('notfallausweis-kalle.png');
    const png = Buffer.from((await download.getAttribute('href'))!.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(await decodeQr(png)).toBe(link);
    // Printed, only the A6 card is on paper: the dog's name, the QR code, the hint.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.print-card').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Notfallausweis: Kalle' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Ausweis widerrufen' }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    expect(await page.locator('.print-card').isVisible()).toBe(false);
    await checkScreen(page, 'notfallausweis', 'Notfallausweis: Kalle');
    // Opened again, the form shows the card's choice.
    await page.reload();
    await page.getByRole('img', { name: 'QR-Code zum Notfallausweis' }).waitFor();
    expect(await page.getByLabel('Medikamente zeigen').isChecked()).toBe(false);
    expect(await page.getByLabel('Allergien zeigen').isChecked()).toBe(true);
    expect(await page.getByLabel('Kontaktperson (optional)', { exact: true }).inputValue()).toBe('Anna');
    const card = await h.page();
    await card.goto(h.url(new URL(link ?? '').pathname));
    await card.getByRole('heading', { name: 'Kalle' }).waitFor();
    await card.getByText('Anna').waitFor();
    // Editing the contents keeps the link: the collar tag shows the new phone number at once.
    await page.getByLabel('Telefon der Kontaktperson (optional)').fill('0170 555');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText(/^Gespeichert\. Der Link bleibt gleich/).waitFor();
    expect(await page.locator('a[href*="/notfall/"]').getAttribute('href')).toBe(link);
    expect((await card.goto(h.url(new URL(link ?? '').pathname)))?.status()).toBe(200);
    await card.getByText('0170 555').waitFor();
    // A new link asks first and says the tag stops working; "Abbrechen" keeps the old link.
    await page.getByRole('button', { name: 'Neuen Link erstellen' }).click();
    const renewDialog = page.getByRole('dialog', { name: 'Neuen Link erstellen?' });
    await renewDialog.waitFor();
    expect(await renewDialog.textContent()).toMatch(/Halsbandmarke/);
    await checkScreen(page, 'notfallausweis-neuer-link');
    await renewDialog.getByRole('button', { name: 'Abbrechen' }).click();
    expect((await card.goto(h.url(new URL(link ?? '').pathname)))?.status()).toBe(200);
    await page.getByRole('button', { name: 'Neuen Link erstellen' }).click();
    await renewDialog.getByRole('button', { name: 'Neuen Link erstellen' }).click();
    await page.getByText(/^Neuer Link erstellt/).waitFor();
    expect(h.pageErrors).toEqual([]);
    expect((await card.goto(h.url(new URL(link ?? '').pathname)))?.status()).toBe(404);
    h.pageErrors.length = 0; // the dead link's 404, asked for on purpose
    const newLink = await page.locator('a[href*="/notfall/"]').getAttribute('href');
    expect(newLink).toMatch(/\/notfall\/[A-Za-z0-9_-]{24}$/);
    expect(newLink).not.toBe(link);
    expect((await card.goto(h.url(new URL(newLink ?? '').pathname)))?.status()).toBe(200);
    await card.getByText('0170 555').waitFor();
    expect(await page.getByLabel('Telefon der Kontaktperson (optional)').inputValue()).toBe('0170 555');
    // Revoking kills the link on the collar tag: it asks first, and "Abbrechen" keeps the card.
    await page.getByRole('button', { name: 'Ausweis widerrufen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Notfallausweis widerrufen?' });
    await dialog.waitFor();
    await checkScreen(page, 'notfallausweis-widerrufen');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    expect((await card.goto(h.url(new URL(newLink ?? '').pathname)))?.status()).toBe(200);
    await page.getByRole('button', { name: 'Ausweis widerrufen' }).click();
    await dialog.getByRole('button', { name: 'Widerrufen' }).click();
    await page.getByText(/ist widerrufen/).waitFor();
    expect(h.pageErrors).toEqual([]);
    const gone = await card.goto(h.url(new URL(newLink ?? '').pathname));
    expect(gone?.status()).toBe(404);
    await card.close();
    await page.close();
  });
});
