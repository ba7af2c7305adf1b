import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makeJpeg } from '../../fakes/photos.js';
import { buildUser } from '../../helpers/factories.js';
import { checkScreen, useAppHarness } from './app-harness.js';

const h = useAppHarness();

async function insertDog(userId: number, name: string): Promise<number> {
  const now = h.ctx.clock.now().toISOString();
  const row = await h.ctx.db
    .insertInto('dogs')
    .values({
      user_id: userId,
      name,
      breed: 'Beagle',
      bio: null,
      birth_date: null,
      sex: 'female',
      neutered: null,
      chip_number: null,
      weight_kg: null,
      color: null,
      photo_url: null,
      breed_slug: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function status(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('[role="status"], [role="alert"]').filter({ hasText: text }).first().waitFor();
}

describe('profile and account', () => {
  it('shows the server’s German field errors, saves the profile, uploads an avatar, changes the password', async () => {
    const user = await buildUser(h.ctx, { name: 'Paul Profil' });
    const taken = await buildUser(h.ctx, { email: 'vergeben@example.de' });
    // The server's 409 for a taken email lands on the email field (error code → field).
    const guest = await h.page();
    await h.logout();
    await guest.goto(h.url('/app/registrieren'));
    await guest.getByLabel('Dein Name').fill('Doppelt');
    await guest.getByLabel('E-Mail-Adresse').fill(taken.email.toUpperCase());
    await guest.locator('#f-password').fill('sicheres-passwort');
    await guest.getByRole('button', { name: 'Konto anlegen' }).click();
    await expect.poll(() => guest.locator('#f-email-error').textContent()).toBe('Mit dieser E-Mail-Adresse gibt es schon ein Konto.');
    expect(await guest.locator('#f-email').getAttribute('aria-invalid')).toBe('true');
    expect(await guest.locator('#f-email').getAttribute('aria-describedby')).toContain('f-email-error');
    await checkScreen(guest, 'registrieren-fehler', 'Konto anlegen');

    await h.login(user);
    const page = await h.page();
    await page.goto(h.url('/app/profil'));
    await page.getByLabel('Wohnort (optional)').fill('Leipzig');
    await page.getByLabel('Privates Profil').check();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await status(page, 'Gespeichert.');
    const saved = await h.ctx.db.selectFrom('users').select(['city', 'profile_private']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(saved).toEqual({ city: 'Leipzig', profile_private: 1 });

    // Avatar upload with the progress bar, stored under /media/.
    await page
      .locator('#avatar-input')
      .setInputFiles({ name: 'ich.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg({ width: 300, height: 300, color: '#c84' }) });
    await status(page, 'Profilbild gespeichert.');
    await expect.poll(() => page.locator('img.photo-preview').getAttribute('src')).toMatch(/^\/media\//);
    const avatar = await h.ctx.db.selectFrom('users').select('avatar_url').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(avatar.avatar_url).toMatch(/^\/media\//);

    // Wrong current password: the server's field message appears on that field and gets the focus.
    await page.getByLabel('Aktuelles Passwort').fill('falsch-falsch');
    await page.getByLabel('Neues Passwort').fill('ganz-neues-passwort');
    await page.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect.poll(() => page.locator('#f-current_password-error').textContent()).toBe('Das Passwort stimmt nicht.');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('f-current_password');
    await checkScreen(page, 'profil-fehler', 'Dein Profil');
    await page.getByLabel('Aktuelles Passwort').fill(user.password);
    await page.getByRole('button', { name: 'Passwort ändern' }).click();
    await status(page, 'Dein Passwort ist geändert.');
    // This device stays logged in.
    expect((await page.request.get(h.url('/api/auth/me'))).status()).toBe(200);
  });

  it('deletes a dog and the account only after a confirmation; Escape cancels and returns the focus', async () => {
    const user = await buildUser(h.ctx, { name: 'Lena Löscht' });
    const dogId = await insertDog(user.id, 'Luna');
    await h.login(user);
    const page = await h.page();
    await page.goto(h.url(`/app/hunde/${dogId}/bearbeiten`));
    const open = page.getByRole('button', { name: 'Hund löschen …' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Luna löschen?' });
    await dialog.waitFor();
    await checkScreen(page, 'hund-loeschen-dialog', 'Luna bearbeiten');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => open.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await h.ctx.db.selectFrom('dogs').select('id').where('id', '=', dogId).executeTakeFirst()).toBeDefined();
    await open.click();
    await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
    await page.waitForURL(h.url('/app/hunde'));
    await status(page, 'Luna ist gelöscht.');
    expect(await h.ctx.db.selectFrom('dogs').select('id').where('id', '=', dogId).executeTakeFirst()).toBeUndefined();
    await page.getByText('Noch keine Hunde').waitFor();
    await checkScreen(page, 'hunde-leer', 'Deine Hunde');

    await page.goto(h.url('/app/profil'));
    await page.getByRole('button', { name: 'Konto löschen …' }).click();
    const confirm = page.getByRole('dialog', { name: 'Konto wirklich löschen?' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('delete-password');
    await confirm.getByRole('button', { name: 'Endgültig löschen' }).click();
    await confirm.getByText('Bitte gib dein Passwort ein.').waitFor();
    await page.locator('#delete-password').fill('nicht-meins');
    await confirm.getByRole('button', { name: 'Endgültig löschen' }).click();
    await confirm.getByText('Das Passwort stimmt nicht.').waitFor();
    expect(await h.ctx.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeDefined();
    await page.locator('#delete-password').fill(user.password);
    await confirm.getByRole('button', { name: 'Endgültig löschen' }).click();
    // A page says it is done and what happens now (it used to drop the user on the landing page without a word).
    await page.waitForURL(h.url('/app/konto-geloescht'));
    await page.getByText('Dein Konto ist gelöscht. Du bist abgemeldet.').waitFor();
    await page.getByText('Rechnungen bewahren wir').waitFor();
    await checkScreen(page, 'konto-geloescht', 'Konto gelöscht');
    expect(await h.ctx.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeUndefined();
  });
});

describe('email verification', () => {
  it('the link from the mail confirms the address and the app says so', async () => {
    await h.logout();
    const page = await h.page();
    await page.goto(h.url('/app/registrieren'));
    await page.getByLabel('Dein Name').fill('Vera Verifiziert');
    await page.getByLabel('E-Mail-Adresse').fill('vera@example.de');
    await page.locator('#f-password').fill('sicheres-passwort');
    await page.getByRole('button', { name: 'Konto anlegen' }).click();
    await page.waitForURL(h.url('/app'));
    await page.goto(h.url('/app/profil'));
    await page.getByText('Deine E-Mail-Adresse ist noch nicht bestätigt.').waitFor();
    await expect.poll(() => h.test.mail.sent.find((m) => m.to === 'vera@example.de')?.text ?? '').toMatch(/\/api\/auth\/verify\?token=/);
    const text = h.test.mail.sent.find((m) => m.to === 'vera@example.de')?.text ?? '';
    const link = /https?:\/\/\S+\/api\/auth\/verify\?token=[\w-]+/.exec(text)?.[0] ?? '';
    await page.goto(h.url(new URL(link).pathname + new URL(link).search));
    await page.waitForURL(h.url('/app/email-bestaetigt?ergebnis=ok'));
    await checkScreen(page, 'email-bestaetigt', 'E-Mail bestätigt');
    await page.getByRole('link', { name: 'Zur App' }).click();
    await page.goto(h.url('/app/profil'));
    await page.getByRole('heading', { name: 'Dein Profil' }).waitFor();
    await page.waitForFunction(() => !document.querySelector('.state-loading'));
    expect(await page.getByText('Deine E-Mail-Adresse ist noch nicht bestätigt.').count()).toBe(0);
    // The same link again: "schon bestätigt", not "ungültig oder abgelaufen".
    await page.goto(h.url(new URL(link).pathname + new URL(link).search));
    await page.waitForURL(h.url('/app/email-bestaetigt?ergebnis=schon'));
    await checkScreen(page, 'email-schon-bestaetigt', 'Schon bestätigt');
    expect(await page.getByText('ungültig').count()).toBe(0);
    // A link nobody sent is still "ungültig".
    await page.goto(h.url('/api/auth/verify?token=nie-verschickt-0123456789'));
    await page.waitForURL(h.url('/app/email-bestaetigt?ergebnis=ungueltig'));
    await checkScreen(page, 'email-ungueltig', 'Link ungültig');
  });
});

describe('offline and session end', () => {
  it('offline: the shell opens from the worker and shows the saved data read-only with a notice', async () => {
    const user = await buildUser(h.ctx, { name: 'Olli Offline' });
    const dogId = await insertDog(user.id, 'Rex');
    await h.login(user);
    const page = await h.page();
    await page.goto(h.url('/app'));
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Rex', exact: true }).waitFor();
    await page.goto(h.url('/app/hunde'));
    await page.getByRole('link', { name: 'Rex', exact: true }).waitFor();
    await page.goto(h.url(`/app/hunde/${dogId}/bearbeiten`));
    await page.getByRole('heading', { name: 'Rex bearbeiten' }).waitFor();

    await h.context.setOffline(true);
    try {
      // A client-side navigation: the API is unreachable, the saved list is shown with the notice.
      await page.getByRole('link', { name: 'Alle Hunde' }).click();
      await page.getByText(/^Offline: Stand vom \d\d\.\d\d\.\d{4}, \d\d:\d\d\.$/).waitFor();
      await page.getByText(/^Du bist offline\. Du siehst gespeicherte Daten\. Tagebuch, Gewicht, Pflege, Training und Spaziergänge speichern wir/).waitFor();
      await page.getByRole('link', { name: 'Rex', exact: true }).waitFor();

      // A full reload: the worker serves the shell, the client the saved session and dashboard.
      await page.goto(h.url('/app'));
      await page.getByRole('heading', { name: 'Hallo Olli Offline!' }).waitFor();
      await page.getByText(/^Offline: Stand vom/).waitFor();
      await checkScreen(page, 'start-offline', 'Hallo Olli Offline!');

      // Read-only: saving is disabled and says why.
      await page.goto(h.url(`/app/hunde/${dogId}/bearbeiten`));
      await page.getByRole('heading', { name: 'Rex bearbeiten' }).waitFor();
      expect(await page.getByRole('button', { name: 'Speichern', exact: true }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Hund löschen …' }).isDisabled()).toBe(true);
      await page.getByText('Ohne Verbindung geht das gerade nicht.').first().waitFor();
      await checkScreen(page, 'hund-offline', 'Rex bearbeiten');

      // A screen never visited has nothing saved: a clear error with a retry button.
      await page.goto(h.url('/app/tagebuch/kalender'));
      await page.getByText('Keine Verbindung zum Server. Prüf dein Internet und versuch es gleich noch mal.').first().waitFor();
    } finally {
      await h.context.setOffline(false);
    }
    // Back online: the banner goes away.
    await page.getByRole('button', { name: 'Noch mal versuchen' }).first().click();
    await page.locator('.offline-banner').waitFor({ state: 'detached' });
  });

  it('a session that ended elsewhere sends the user to the login with a notice, and back afterwards', async () => {
    const user = await buildUser(h.ctx, { name: 'Sina Sitzung' });
    await h.login(user);
    const page = await h.page();
    await page.goto(h.url('/app'));
    await page.getByRole('heading', { name: 'Hallo Sina Sitzung!' }).waitFor();
    await h.logout();
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Hunde' }).click();
    await page.waitForURL(/\/app\/anmelden\?weiter=%2Fapp%2Fhunde&abgelaufen=1$/);
    await page.getByText('Deine Sitzung ist abgelaufen. Bitte melde dich wieder an.').waitFor();
    await page.getByLabel('E-Mail-Adresse').fill(user.email);
    await page.getByLabel('Passwort').fill(user.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL(h.url('/app/hunde'));
    await page.getByRole('heading', { name: 'Deine Hunde' }).waitFor();
    // After a client-side navigation the new page's heading has the focus.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
  });

  it('keyboard: the skip link comes first and moves to the content', async () => {
    const user = await buildUser(h.ctx, { name: 'Kim Keyboard' });
    await h.login(user);
    const page = await h.page();
    await page.goto(h.url('/app/hunde'));
    await page.getByRole('heading', { name: 'Deine Hunde' }).waitFor();
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Zum Inhalt springen');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Hund anlegen');
  });
});

describe('pages that are not there or not for everyone', () => {
  it('an unknown app path says so; a normal user gets "Kein Zugriff" on the admin panel and no admin tab', async () => {
    const user = await buildUser(h.ctx, { name: 'Nora Normal' });
    await h.login(user);
    h.requests.length = 0;
    const page = await h.page();
    await page.goto(h.url('/app/gibt-es-nicht'));
    await checkScreen(page, 'nicht-gefunden', 'Seite nicht gefunden');
    await page.goto(h.url('/app/admin/partnercodes'));
    await checkScreen(page, 'kein-zugriff', 'Kein Zugriff');
    expect(await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Verwaltung' }).count()).toBe(0);
    // The client never asked the admin API for this user.
    expect(h.requests.filter((r) => r.includes('/api/admin/'))).toEqual([]);
  });
});
