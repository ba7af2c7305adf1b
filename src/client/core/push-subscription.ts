import { api } from './api.js';

/** Whether this browser can take web push at all. */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The service worker's registration, or null when push is not possible or the worker does not come within 4 s. */
export async function pushRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  // The worker registers itself at start (public/js/early-boot.js); wait briefly for it rather than forever.
  return Promise.race([navigator.serviceWorker.ready, new Promise<null>((r) => window.setTimeout(() => r(null), 4000))]);
}

/**
 * Ends this browser's push subscription: the server forgets it (while the session is still valid) and the browser
 * drops it. Used by the settings screen's switch and at logout, so a shared device never gets the previous
 * account's pushes. Never throws: a failed request must not keep anyone logged in.
 */
export async function endPushSubscription(): Promise<void> {
  try {
    const reg = await pushRegistration();
    const sub = await reg?.pushManager.getSubscription();
    if (!sub) return;
    await api.DELETE('/api/push/subscriptions', { body: { endpoint: sub.endpoint } }).catch(() => undefined);
    await sub.unsubscribe();
  } catch {
    // push is a convenience; logout and the switch go on without it
  }
}
