import { describe, expect, it } from 'vitest';
import { buildUser } from '../../helpers/factories.js';
import { checkScreen, useAppHarness } from './app-harness.js';

const h = useAppHarness();

describe('email change', () => {
  it('from the profile: a wrong password is named at its field; the link from the mail switches the address', async () => {
    const user = await buildUser(h.ctx, { name: 'Emil Umzug' });
    const next = `neu-${user.id}@example.de`;
    await h.login(user);
    const page = await h.page();
    await page.goto(h.url('/app/profil'));
    const form = page.locator('form[aria-labelledby="email-title"]');
    await form.getByLabel('Neue E-Mail-Adresse').fill(next);
    await form.getByLabel('Dein Passwort').fill('falsches-passwort');
    await form.getByRole('button', { name: 'Link schicken' }).click();
    await expect.poll(() => page.locator('#f-password-error').first().textContent()).toBe('Das Passwort stimmt nicht.');
    await form.getByLabel('Dein Passwort').fill(user.password);
    await form.getByRole('button', { name: 'Link schicken' }).click();
    await form
      .getByRole('status')
      .filter({ hasText: `Wir haben dir einen Link an ${next} geschickt.` })
      .waitFor();
    await checkScreen(page, 'profil-email', 'Profil');

    await expect.poll(() => h.test.mail.sent.some((m) => m.to === next)).toBe(true);
    const mail = h.test.mail.sent.find((m) => m.to === next)!;
    const link = /https?:\/\/[^/\s]+(\/api\/me\/email\/confirm\?token=\S+)/.exec(mail.text)![1]!;
    await page.goto(h.url(link));
    await page.waitForURL((u) => u.pathname === '/app/email-geaendert');
    await checkScreen(page, 'email-geaendert', 'E-Mail-Adresse geändert');
    await page.getByRole('link', { name: 'Zum Profil' }).click();
    await page.getByText(`Du meldest dich mit ${next} an.`).waitFor();
    // The password form's wrong password (the lockout counts it) is an answer, not an error.
    expect(h.pageErrors.filter((e) => !/status of 403/.test(e))).toEqual([]);
  });
});
