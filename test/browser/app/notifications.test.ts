import { describe, expect, it } from 'vitest';
import { notify } from '#core/push/index.js';
import { buildAdmin, buildUser } from '../../helpers/factories.js';
import { checkScreen, useAppHarness } from './app-harness.js';
import { controlled, deliverPush, type WorkerScope } from './push-devtools.js';

const h = useAppHarness();

describe('notification centre', () => {
  it('shows the unread count in the navigation, unread first, and opens the deep link of a tapped notification', async () => {
    const user = await buildUser(h.ctx, { name: 'Nora Nachricht' });
    await notify(h.ctx, user.id, 'anniversary', { title: 'Heute vor 2 Jahren 🐾', body: 'Bello: „Erster Schnee“', url: '/app/hunde' });
    const read = await notify(h.ctx, user.id, 'vaccination_due', { title: 'Impfung fällig', body: 'Tollwut am 01.12.2026', url: '/app/hunde' });
    await h.ctx.db
      .updateTable('notifications')
      .set({ read_at: new Date().toISOString() })
      .where('id', '=', read?.notificationId ?? 0)
      .execute();
    await notify(h.ctx, user.id, 'friend_request', { title: 'Neue Freundschaftsanfrage', body: 'Anna möchte mit dir befreundet sein.', url: '/app/tagebuch' });
    await h.login(user);
    h.pageErrors.length = 0;
    const page = await h.page();
    await page.goto(h.url('/app'));
    const badge = page.getByTestId('unread-badge');
    await expect.poll(() => badge.textContent(), { timeout: 10_000 }).toBe('2');
    expect(await page.getByTestId('bell').getAttribute('aria-label')).toBe('Benachrichtigungen, 2 ungelesen');

    await page.getByTestId('bell').click();
    await page.waitForURL(h.url('/app/benachrichtigungen'));
    await checkScreen(page, 'benachrichtigungen', 'Benachrichtigungen');
    const titles = await page.locator('.notification-title').allTextContents();
    expect(titles).toEqual(['neuNeue Freundschaftsanfrage', 'neuHeute vor 2 Jahren 🐾', 'Impfung fällig']);

    await page.locator('.notification-open').first().click();
    await page.waitForURL(h.url('/app/tagebuch'));
    await expect.poll(() => badge.textContent()).toBe('1');
    const left = await h.ctx.db.selectFrom('notifications').select(['title']).where('user_id', '=', user.id).where('read_at', 'is', null).execute();
    expect(left.map((n) => n.title)).toEqual(['Heute vor 2 Jahren 🐾']);

    await page.goto(h.url('/app/benachrichtigungen'));
    await page.getByRole('button', { name: 'Alle als gelesen markieren' }).click();
    await page.getByText('Alles gelesen.').waitFor();
    await expect.poll(() => badge.count()).toBe(0);
    expect(h.pageErrors).toEqual([]);
    await page.close();
  });
});

describe('notification settings', () => {
  it('asks for push permission only after the button, explains it in German, and stores the kinds and quiet hours', async () => {
    const user = await buildUser(h.ctx);
    await h.login(user);
    const page = await h.page();
    await page.goto(h.url('/app/benachrichtigungen/einstellungen'));
    await page.getByRole('button', { name: 'Push-Benachrichtigungen einschalten' }).waitFor();
    await page.getByText(/Dein Browser fragt dich gleich, ob du das erlaubst/).waitFor();
    // Visiting the screen asked nothing.
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    await checkScreen(page, 'benachrichtigungen-einstellungen', 'Benachrichtigungen einstellen');

    await page.getByLabel('Neue Nachrichten').uncheck();
    await page.getByText('Gespeichert.').waitFor();
    await page.getByLabel('Von').fill('21:30');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect
      .poll(async () => h.ctx.db.selectFrom('notification_settings').select(['muted_kinds', 'quiet_start']).where('user_id', '=', user.id).executeTakeFirst())
      .toEqual({ muted_kinds: 'message', quiet_start: '21:30' });
    await page.close();
  });

  it('keeps working when the browser refuses push', async () => {
    const user = await buildUser(h.ctx);
    await h.login(user);
    const page = await h.page();
    await page.goto(h.url('/app'));
    await page.evaluate(() => {
      // What a browser that blocked notifications reports.
      Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
      Notification.requestPermission = () => Promise.resolve('denied');
    });
    await page.getByTestId('bell').click();
    await page.getByRole('link', { name: 'Einstellungen' }).click();
    await page.getByText(/im Browser blockiert/).waitFor();
    expect(await page.getByRole('button', { name: 'Push-Benachrichtigungen einschalten' }).count()).toBe(0);
    await page.getByLabel('Spieltreffen').uncheck();
    await page.getByText('Gespeichert.').waitFor();
    await page.close();
  });
});

describe('push switch-on when the push service hangs', () => {
  it('gives up after 10 s with a German explanation and the button back', async () => {
    const user = await buildUser(h.ctx);
    await h.login(user);
    await h.context.grantPermissions(['notifications'], { origin: h.baseUrl });
    const page = await h.page();
    await page.clock.install();
    await page.goto(h.url('/app/benachrichtigungen/einstellungen'));
    await controlled(page);
    // The browser's push service never answers (what a blocked network or a broken push service looks like).
    await page.evaluate(() => {
      PushManager.prototype.subscribe = () => new Promise(() => undefined);
    });
    const enable = page.getByRole('button', { name: 'Push-Benachrichtigungen einschalten' });
    await enable.click();
    await expect.poll(() => enable.isDisabled()).toBe(true);
    await page.clock.fastForward(10_000);
    await page.getByText('Der Push-Dienst deines Browsers antwortet gerade nicht.', { exact: false }).waitFor();
    expect(await enable.isDisabled()).toBe(false);
    await page.close();
  });
});

describe('push in the service worker', () => {
  it('shows a push as a notification and a tap opens the right screen', async () => {
    const user = await buildUser(h.ctx);
    await h.login(user);
    await h.context.grantPermissions(['notifications'], { origin: h.baseUrl });
    const page = await h.page();
    await page.goto(h.url('/app'));
    await controlled(page);
    // A real push event in the worker (what the browser does when the push service delivers), with our payload.
    const payload = { title: 'Heute vor 1 Jahr 🐾', body: 'Luna: „Tierarzt“', url: '/app/hunde', tag: 'anniversary-1' };
    const list = await deliverPush(h.context, page, h.baseUrl, payload);
    expect(list).toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, data: { url: '/app/hunde' } }]);

    // The user taps it: the worker's notificationclick handler focuses the app and sends it to the url.
    const worker = h.context.serviceWorkers().find((w) => w.url().endsWith('/sw.js'));
    if (!worker) throw new Error('no service worker');
    await worker.evaluate(async () => {
      const scope = self as unknown as WorkerScope;
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
    });
    await page.waitForURL(h.url('/app/hunde'), { timeout: 10_000 });
    await page.locator('main h1').first().waitFor();
    expect(await page.locator('main h1').first().textContent()).toMatch(/Hunde/);
    await page.close();
  });
});

describe('admin jobs screen', () => {
  it('lists the jobs and starts one now, showing its outcome and count', async () => {
    const admin = await buildAdmin(h.ctx);
    await h.login(admin);
    const page = await h.page();
    await page.goto(h.url('/app/admin/jobs'));
    const card = page.locator('[data-job="accounts.purge-blacklist"]');
    await card.waitFor();
    await checkScreen(page, 'admin-jobs', 'Jobs');
    await card.getByRole('button', { name: 'Jetzt starten' }).click();
    await page.getByText('accounts.purge-blacklist ist gestartet.').waitFor();
    await expect.poll(() => card.getByTestId('job-outcome').textContent(), { timeout: 10_000 }).toBe('OK');
    await page.close();
  });
});
