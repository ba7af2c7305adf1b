import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#core/auth/session.js';
import { buildAdmin, buildUser, DEFAULT_PASSWORD } from '../../helpers/factories.js';
import { checkScreen, useAppHarness } from './app-harness.js';

// WebAuthn's relying party id must be a domain: the app is served as localhost here, not 127.0.0.1.
const h = useAppHarness({ hostname: 'localhost' });

/** Chromium's virtual authenticator (CDP): a platform passkey with user verification, like a phone's fingerprint. */
async function virtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

describe('passkeys and the staff second factor', () => {
  it('adds a passkey in the profile, logs out, and logs in with it without an e-mail address', async () => {
    const user = await buildUser(h.ctx, { name: 'Paula Passkey' });
    await h.login(user);
    const page = await h.newPage();
    await virtualAuthenticator(page);
    await page.goto(h.url('/app/profil/sicherheit'));
    await page.getByLabel('Name (z. B. „Handy“)').fill('Handy');
    await page.getByLabel('Dein Passwort').first().fill(DEFAULT_PASSWORD);
    await page.getByRole('button', { name: 'Passkey hinzufügen' }).click();
    await page.getByRole('status').filter({ hasText: 'Passkey gespeichert.' }).waitFor();
    await expect.poll(() => page.locator('.passkey-row').count()).toBe(1);
    await expect.poll(() => page.locator('.security-log li').first().textContent()).toContain('Passkey hinzugefügt');
    await checkScreen(page, 'profil-sicherheit', 'Anmeldungen und Sicherheit');

    await h.logout();
    await page.goto(h.url('/app/anmelden'));
    // No e-mail address: the button, or the e-mail field's autofill request (conditional mediation), which Chromium's
    // virtual authenticator may answer on its own before the click lands.
    const home = page.waitForURL((url) => url.pathname === '/app');
    await Promise.race([
      home,
      page
        .getByRole('button', { name: 'Passkey verwenden' })
        .click({ timeout: 10_000 })
        .catch(() => undefined),
    ]);
    await home;
    const me = await page.evaluate(() => fetch('/api/auth/me').then((r) => r.json()));
    expect(me.id).toBe(user.id);
  });

  it('an admin without a second factor is led through TOTP setup and reaches the panel', async () => {
    const admin = await buildAdmin(h.ctx, { name: 'Tilda TOTP' });
    await h.freshContext(); // nothing of the first journey's account left in this browser
    // A password-only session, as after the first login following the upgrade (the harness's login is raised).
    await h.context.addCookies([{ name: SESSION_COOKIE, value: h.ctx.sessions.createToken(admin).token, url: h.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
    const page = await h.newPage();
    await page.goto(h.url('/app/admin'));
    await checkScreen(page, 'admin-zweiter-schritt', 'Zweiter Schritt für die Verwaltung');
    await page.getByLabel('Dein Passwort').fill(DEFAULT_PASSWORD);
    await page.getByRole('button', { name: 'Einrichten' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    await page.locator('.totp-qr img').waitFor();
    await page.getByLabel('Code aus der App').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Einschalten' }).click();
    await expect.poll(() => page.getByTestId('recovery-codes').locator('li').count()).toBe(10);
    await checkScreen(page, 'admin-wiederherstellungscodes', 'Zweiter Schritt für die Verwaltung');
    await page.getByRole('button', { name: 'Fertig' }).click();
    await expect.poll(() => page.locator('main h1').first().textContent()).toBe('Verwaltung');
  });
});
