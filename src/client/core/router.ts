import { createStore } from './store.js';

/**
 * A small history router for the paths below /app. Links are plain <a href="/app/…">; one click listener turns
 * them into history navigation, so they still work with a middle click, "open in new tab" and without JS.
 */
export const APP_BASE = '/app';

export interface Location {
  path: string;
  query: URLSearchParams;
}

function current(): Location {
  const path = window.location.pathname.replace(/\/+$/, '') || APP_BASE;
  return { path, query: new URLSearchParams(window.location.search) };
}

// Importable outside a browser (unit tests of the helpers): the store starts at /app there.
export const location = createStore<Location>(typeof window === 'undefined' ? { path: APP_BASE, query: new URLSearchParams() } : current());

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  location.set(current());
  if (!options.replace) window.scrollTo(0, 0);
}

/** `/app/hunde/:dogId` against `/app/hunde/3` → `{ dogId: '3' }`, or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const have = path.split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i] ?? '';
    const actual = have[i] ?? '';
    if (segment.startsWith(':')) {
      if (!actual) return null;
      params[segment.slice(1)] = decodeURIComponent(actual);
    } else if (segment !== actual) return null;
  }
  return params;
}

function isAppLink(anchor: HTMLAnchorElement): boolean {
  if (anchor.target && anchor.target !== '_self') return false;
  if (anchor.hasAttribute('download') || anchor.origin !== window.location.origin) return false;
  // A jump inside the page (the skip link "#main") is the browser's job: it scrolls and moves the focus.
  if (anchor.hash && anchor.pathname === window.location.pathname && anchor.search === window.location.search) return false;
  return anchor.pathname === APP_BASE || anchor.pathname.startsWith(`${APP_BASE}/`);
}

export function startRouter(): void {
  window.addEventListener('popstate', () => location.set(current()));
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (!anchor || !isAppLink(anchor)) return;
    event.preventDefault();
    navigate(anchor.pathname + anchor.search + anchor.hash);
  });
}
