import type { AppNotification } from '../../../api/types.js';
import { useState } from 'preact/hooks';
import { api, ApiError, errorMessage, apiGet } from '../../../core/api.js';
import { formatDateTime } from '../../../core/format.js';
import { navigate } from '../../../core/router.js';
import { MoreButton, usePagedList } from '../../../ui/paged-list.js';
import { Empty, ErrorNotice, Load } from '../../../ui/states.js';
import { refreshUnread, unreadCount } from '../../../ui/unread-badge.js';
import { tn } from './texts.js';

export type { AppNotification } from '../../../api/types.js';

/** The notification centre: unread first (as the server orders them), a tap marks read and opens the deep link. */
export function NotificationCentreScreen() {
  const list = usePagedList<AppNotification>(apiGet('/api/notifications'));
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const markRead = (id: number) =>
    list.mutate((page) => ({ ...page, items: page.items.map((n) => (n.id === id ? { ...n, read: 1 as const, read_at: new Date().toISOString() } : n)) }));

  const open = async (n: AppNotification) => {
    setError(null);
    if (!n.read) {
      try {
        await api.POST('/api/notifications/{id}/read', { params: { path: { id: n.id } } });
        markRead(n.id);
        unreadCount.set(Math.max(0, (unreadCount.get() ?? 1) - 1));
      } catch (e) {
        // Opening the link matters more than the mark; the badge corrects itself on the next refresh.
        if (!(e instanceof ApiError) || !e.isOffline) setError(errorMessage(e));
      }
    }
    if (n.url) navigate(n.url);
  };

  const readAll = async () => {
    setError(null);
    try {
      await api.POST('/api/notifications/read-all');
      unreadCount.set(0);
      setNotice(tn.readAllDone);
      list.reload();
      void refreshUnread();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <section class="page">
      <div class="page-head">
        <h1>{tn.centreTitle}</h1>
        <a class="button button-secondary" href="/app/benachrichtigungen/einstellungen">
          {tn.settingsLink}
        </a>
      </div>
      <ErrorNotice text={error} />
      {notice && (
        <p class="notice notice-success" role="status">
          {notice}
        </p>
      )}
      <Load resource={list.resource} onRetry={list.reload}>
        {(items) =>
          items.length === 0 ? (
            <Empty title={tn.emptyTitle}>
              <p>{tn.emptyText}</p>
            </Empty>
          ) : (
            <>
              {items.some((n) => !n.read) && (
                <p>
                  <button type="button" class="button button-secondary" onClick={() => void readAll()}>
                    {tn.readAll}
                  </button>
                </p>
              )}
              <ul class="notification-list">
                {items.map((n) => (
                  <li key={n.id} class={`notification${n.read ? '' : ' notification-unread'}`} data-notification-id={n.id}>
                    <button type="button" class="notification-open" onClick={() => void open(n)}>
                      <span class="notification-title">
                        {!n.read && <span class="notification-dot">{tn.unreadMark}</span>}
                        {n.title}
                      </span>
                      <span class="notification-body">{n.body}</span>
                      <span class="notification-time muted">{formatDateTime(n.created_at)}</span>
                    </button>
                  </li>
                ))}
              </ul>
              <MoreButton list={list} />
            </>
          )
        }
      </Load>
    </section>
  );
}
