import { describe, expect, it } from 'vitest';
import { buildUser } from '../../helpers/factories.js';
import { checkScreen, useAppHarness } from './app-harness.js';

const h = useAppHarness();

describe('password reset', () => {
  it('from the login screen: asks for a link, opens it from the mail, sets a new password and is logged in', async () => {
    const user = await buildUser(h.ctx, { name: 'Lotte Los' });
    await h.logout();
    const page = await h.page();
    await page.goto(h.url('/app/anmelden'));
    await page.getByLabel('E-Mail-Adresse').fill(user.email);
    await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await checkScreen(page, 'passwort-vergessen', 'Passwort vergessen?');
    // The address typed on the login screen comes along.
    expect(await page.getByLabel('E-Mail-Adresse').inputValue()).toBe(user.email);
    await page.getByRole('button', { name: 'Link schicken' }).click();
    await page.getByRole('status').filter({ hasText: 'Wenn es ein Konto mit dieser Adresse gibt' }).waitFor();

    await expect.poll(() => h.test.mail.sent.some((m) => m.to === user.email && /passwort-neu\?token=/.test(m.text))).toBe(true);
    const mail = h.test.mail.sent.find((m) => m.to === user.email && /passwort-neu\?token=/.test(m.text))!;
    const link = /https?:\/\/[^/\s]+(\/app\/passwort-neu\?token=\S+)/.exec(mail.text)![1]!;
    await page.goto(h.url(link));
    await checkScreen(page, 'passwort-neu', 'Neues Passwort');
    await page.getByLabel('Neues Passwort').fill('kurz');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect.poll(() => page.locator('#f-new_password-error').textContent()).toContain('8');
    await page.getByLabel('Neues Passwort').fill('mein-neues-passwort');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await page.getByText('Dein neues Passwort ist gespeichert.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/app');

    // The link works once: opened again, the screen says so and offers a new one.
    await h.logout();
    await page.goto(h.url(link));
    await page.getByLabel('Neues Passwort').fill('noch-ein-passwort');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await page.getByRole('alert').filter({ hasText: 'Dieser Link ist ungültig oder abgelaufen.' }).waitFor();
    await page.getByRole('link', { name: 'Neuen Link anfordern' }).waitFor();

    // The new password logs in.
    await page.goto(h.url('/app/anmelden'));
    await page.getByLabel('E-Mail-Adresse').fill(user.email);
    await page.locator('#f-password').fill('mein-neues-passwort');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL((u) => u.pathname === '/app');
    // A guest's session check (401) and the used link (400) are answers, not errors.
    expect(h.pageErrors.filter((e) => !/status of 40[01]/.test(e))).toEqual([]);
  });
});
