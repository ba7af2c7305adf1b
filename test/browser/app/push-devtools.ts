import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/**
 * Web push in headless Chromium: the browser cannot subscribe at a real push service here, so a test makes the
 * subscription in Node (against test/fakes/push-server.ts), and hands what the server sent to the page's service
 * worker through DevTools (ServiceWorker.deliverPushMessage), as the push service would.
 */

/** The few service-worker globals the tests touch inside the worker (the test's lib has no WebWorker types). */
export interface WorkerScope {
  registration: { getNotifications(): Promise<{ title: string; body: string; tag: string; data: unknown }[]> };
  dispatchEvent(event: Event): boolean;
  NotificationEvent: new (type: string, init: { notification: unknown }) => Event;
}

export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  data: unknown;
}

/** The id of the app's service-worker registration, as DevTools knows it (for ServiceWorker.deliverPushMessage). */
export async function registrationId(cdp: CDPSession, scope: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
      const reg = event.registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
      if (reg) resolve(reg.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/** Waits until the app's service worker controls the page. */
export async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 15_000 });
}

/**
 * Delivers `payload` as a push to the page's service worker and returns the notifications it then shows. A push
 * that DevTools delivers while it still starts the worker up can get lost (seen under CI load), so the delivery is
 * repeated until one arrives; the tag makes a repeat replace the notification, never add one.
 */
export async function deliverPush(context: BrowserContext, page: Page, baseUrl: string, payload: unknown): Promise<ShownNotification[]> {
  const cdp = await context.newCDPSession(page);
  try {
    const id = await registrationId(cdp, `${baseUrl}/`);
    const worker = context.serviceWorkers().find((w) => w.url().endsWith('/sw.js'));
    if (!worker) throw new Error('no service worker');
    const shown = () =>
      worker.evaluate(() =>
        (self as unknown as WorkerScope).registration
          .getNotifications()
          .then((list) => list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }))),
      );
    let list: ShownNotification[] = [];
    for (let attempt = 0; attempt < 6 && list.length === 0; attempt++) {
      await worker.evaluate(() => true);
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseUrl, registrationId: id, data: JSON.stringify(payload) });
      const until = Date.now() + 5_000;
      while (list.length === 0 && Date.now() < until) {
        list = await shown();
        if (list.length === 0) await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    return list;
  } finally {
    await cdp.detach();
  }
}
