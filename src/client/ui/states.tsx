import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, type ApiGet, getCached, takePrefetched } from '../core/api.js';
import { formatDateTime } from '../core/format.js';
import { t } from '../core/texts.js';
import { Icon, type IconName } from './icons.js';

export function Loading({ label = t.loading }: { label?: string }) {
  return (
    <div class="state state-loading" role="status" aria-live="polite">
      <span class="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

export function Empty({ title, children, icon = 'paw' }: { title: string; children?: ComponentChildren; icon?: IconName }) {
  return (
    <div class="state state-empty">
      <span class="state-icon">
        <Icon name={icon} size={40} />
      </span>
      <p class="state-title">{title}</p>
      {children}
    </div>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message = error instanceof ApiError ? error.message : t.chunkFailed;
  return (
    <div class="state state-error" role="alert">
      <span class="state-icon">
        <Icon name="alert" size={36} />
      </span>
      <p>{message}</p>
      {onRetry && (
        <button type="button" class="button button-secondary" onClick={onRetry}>
          {t.retry}
        </button>
      )}
    </div>
  );
}

/** Shown above data that comes from the offline copy. */
export function StaleNotice({ savedAt }: { savedAt: string | null }) {
  if (!savedAt) return null;
  return (
    <p class="notice notice-offline" role="status">
      {t.offlineSince(formatDateTime(savedAt))}
    </p>
  );
}

export type Resource<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: T; savedAt: string | null };

/**
 * Loads a described GET (`apiGet(...)`, with the offline fallback) and reloads when its URL changes. `null` waits.
 */
export function useResource<T>(request: ApiGet<T> | null): [Resource<T>, () => void, (update: (data: T) => T) => void] {
  const path = request?.key ?? null;
  // A prefetched answer that is already here is drawn in the first paint (no spinner, nothing shifts).
  const [state, setState] = useState<Resource<T>>(() => {
    const early = request ? takePrefetched(request) : undefined;
    return early ? { status: 'ready', ...early } : { status: 'loading' };
  });
  const [version, setVersion] = useState(0);
  const latest = useRef(0);
  const lastPath = useRef<string | null>(state.status === 'ready' ? path : null);
  const fresh = useRef(state.status === 'ready');
  // The request of this render, read by the effect, which runs again only when the URL (the key) changes.
  const current = useRef(request);
  current.current = request;
  useEffect(() => {
    const asked = current.current;
    if (!asked) return;
    if (fresh.current) {
      fresh.current = false;
      return;
    }
    const ticket = ++latest.current;
    // A reload of the same path keeps showing the data; another path must not show the previous one's.
    if (lastPath.current !== path) setState({ status: 'loading' });
    lastPath.current = path;
    getCached(asked).then(
      (loaded) => ticket === latest.current && setState({ status: 'ready', data: loaded.data, savedAt: loaded.savedAt }),
      (error: unknown) => ticket === latest.current && setState({ status: 'error', error }),
    );
  }, [path, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const mutate = useCallback((update: (data: T) => T) => setState((prev) => (prev.status === 'ready' ? { ...prev, data: update(prev.data) } : prev)), []);
  return [state, reload, mutate];
}

/**
 * No connection and nothing saved of this list, on a screen that already shows what waits to be sent: a calm line,
 * not a red error under the entry that was just saved (the offline banner says the rest).
 */
export function OfflineListNotice({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div class="notice notice-offline" role="status" data-state="offline">
      <p>{text}</p>
      <button type="button" class="button button-secondary button-small" onClick={onRetry}>
        {t.retry}
      </button>
    </div>
  );
}

/**
 * Renders loading and error states and hands ready data (plus the offline notice) to `children`. With
 * `offlineText`, a load that failed for want of a connection says that calmly (OfflineListNotice).
 */
export function Load<T>({
  resource,
  onRetry,
  offlineText,
  children,
}: {
  resource: Resource<T>;
  onRetry: () => void;
  offlineText?: string;
  children: (data: T) => ComponentChildren;
}) {
  if (resource.status === 'loading') return <Loading />;
  if (resource.status === 'error' && offlineText && resource.error instanceof ApiError && resource.error.isOffline) {
    return <OfflineListNotice text={offlineText} onRetry={onRetry} />;
  }
  if (resource.status === 'error') return <ErrorState error={resource.error} onRetry={onRetry} />;
  return (
    <>
      <StaleNotice savedAt={resource.savedAt} />
      {children(resource.data)}
    </>
  );
}

/**
 * A list or, when it is empty, one muted line saying so: the shape of most lists in the app. `children` renders
 * one item (an `<li>` with its key).
 */
export function ItemList<T>({
  items,
  empty,
  class: className,
  children,
}: {
  items: T[];
  empty: ComponentChildren;
  class: string;
  children: (item: T) => ComponentChildren;
}) {
  if (items.length === 0) return <p class="muted">{empty}</p>;
  return <ul class={className}>{items.map(children)}</ul>;
}

/** A failed action's message, announced to screen readers; nothing when there is none. */
export function ErrorNotice({ text }: { text: string | null | undefined | false }) {
  if (!text) return null;
  return (
    <p class="notice notice-error" role="alert">
      {text}
    </p>
  );
}

/** What an action came to, for `OutcomeNotice`: a success or a failure, in German. */
export type Outcome = { ok: boolean; text: string };

/** An action's outcome: a success is announced politely, a failure at once; nothing before the first action. */
export function OutcomeNotice({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) return null;
  return (
    <p class={`notice ${outcome.ok ? 'notice-success' : 'notice-error'}`} role={outcome.ok ? 'status' : 'alert'}>
      {outcome.text}
    </p>
  );
}
