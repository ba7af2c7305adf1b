import { useEffect } from 'preact/hooks';
import { api } from '../core/api.js';
import { navigate } from '../core/router.js';
import { createStore, useStore } from '../core/store.js';

/** Unread notifications of the logged-in user (null until known). The notification centre updates it too. */
export const unreadCount = createStore<number | null>(null);

const POLL_MS = 60_000;
const CENTRE = '/app/benachrichtigungen';

export async function refreshUnread(): Promise<void> {
  try {
    unreadCount.set((await api.GET('/api/notifications/unread-count')).unread);
  } catch {
    // Offline or logged out: keep the last number.
  }
}

function BellIcon() {
  return (
    <svg class="icon" width={24} height={24} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 3a6 6 0 0 0-6 6v3.6L4.3 16a1 1 0 0 0 .9 1.4h13.6a1 1 0 0 0 .9-1.4L18 12.6V9a6 6 0 0 0-6-6zm-2.5 15.5a2.5 2.5 0 0 0 5 0z"
        fill="currentColor"
      />
    </svg>
  );
}

/**
 * The bell in the header with the unread count. It asks the server on start, every minute while the app is
 * visible, when the app comes back to the front and when the service worker reports a push.
 */
export function UnreadBell({ current }: { current: boolean }) {
  const count = useStore(unreadCount);
  useEffect(() => {
    void refreshUnread();
    const timer = window.setInterval(() => document.visibilityState === 'visible' && void refreshUnread(), POLL_MS);
    const onVisible = () => document.visibilityState === 'visible' && void refreshUnread();
    const onMessage = (event: MessageEvent) => {
      const data = (event.data ?? {}) as { type?: string; url?: string };
      if (data.type === 'push') void refreshUnread();
      if (data.type === 'open' && typeof data.url === 'string' && data.url.startsWith('/app')) navigate(data.url);
    };
    document.addEventListener('visibilitychange', onVisible);
    navigator.serviceWorker?.addEventListener('message', onMessage);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      navigator.serviceWorker?.removeEventListener('message', onMessage);
    };
  }, []);
  const n = count ?? 0;
  const label = n === 0 ? 'Benachrichtigungen' : `Benachrichtigungen, ${n} ungelesen`;
  return (
    <a class="bell" href={CENTRE} aria-label={label} aria-current={current ? 'page' : undefined} data-testid="bell">
      <BellIcon />
      {n > 0 && (
        <span class="bell-count" aria-hidden="true" data-testid="unread-badge">
          {n > 99 ? '99+' : n}
        </span>
      )}
    </a>
  );
}
