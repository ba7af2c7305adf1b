import type { ComponentType } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { prefetch } from './core/api.js';
import { location, matchPath, navigate } from './core/router.js';
import { isStaff, session } from './core/session.js';
import { useStore } from './core/store.js';
import { t } from './core/texts.js';
import { loadStaffGate, type RouteDef, routes, type ScreenProps } from './routes.js';
import { Layout } from './ui/layout.js';
import { ErrorState, Loading } from './ui/states.js';

type Loaded = { status: 'loading' } | { status: 'ready'; route: RouteDef; Screen: ComponentType<ScreenProps> } | { status: 'error'; error: unknown };

function findRoute(path: string): { route: RouteDef; params: Record<string, string> } | null {
  for (const route of routes) {
    const params = matchPath(route.pattern, path);
    if (params) return { route, params };
  }
  return null;
}

/**
 * At start, before the session is known: fetch the first screen's code and data at once, so opening the app
 * costs one round of requests instead of three in a row (session → code → data). Guests' requests just fail.
 */
export function warmUp(path: string): void {
  const match = findRoute(path);
  if (!match || match.route.access === 'guest') return;
  void match.route.load().catch(() => undefined);
  const urls = typeof match.route.prefetch === 'function' ? match.route.prefetch(match.params) : (match.route.prefetch ?? []);
  for (const url of urls) void prefetch(url);
}

/** After a navigation: the new page's heading gets the focus, so keyboard and screen-reader users start there. */
function focusHeading(): void {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (heading) {
    heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  }
}

function StaticPage({ title, text, link }: { title: string; text: string; link?: boolean }) {
  return (
    <section class="page">
      <h1>{title}</h1>
      <p>{text}</p>
      {link && (
        <a class="button" href="/app">
          {t.toHome}
        </a>
      )}
    </section>
  );
}

export function App() {
  const state = useStore(session);
  const loc = useStore(location);
  const match = findRoute(loc.path);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // Access rules: guests go to the login (and come back afterwards), logged-in users skip login/register.
  let redirect: string | null = null;
  if (match && state.status === 'guest' && (match.route.access === 'user' || match.route.access === 'staff')) {
    redirect = `/app/anmelden?weiter=${encodeURIComponent(loc.path + window.location.search)}${state.expired ? '&abgelaufen=1' : ''}`;
  } else if (match && state.status === 'user' && match.route.access === 'guest') {
    redirect = loc.query.get('weiter')?.startsWith('/app') ? (loc.query.get('weiter') ?? '/app') : '/app';
  }
  const forbidden = match?.route.access === 'staff' && state.status === 'user' && !isStaff(state.user);
  const route = state.status === 'loading' || redirect || forbidden ? null : (match?.route ?? null);

  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [redirect]);

  useEffect(() => {
    if (!route) return;
    let cancelled = false;
    setLoaded({ status: 'loading' });
    // Staff screens come behind the second-factor gate (a passkey or TOTP step-up within 12 hours).
    const load = route.access === 'staff' ? Promise.all([route.load(), loadStaffGate()]).then(([Screen, gated]) => gated(Screen)) : route.load();
    load.then(
      (Screen) => !cancelled && setLoaded({ status: 'ready', route, Screen }),
      (error: unknown) => !cancelled && setLoaded({ status: 'error', error }),
    );
    return () => {
      cancelled = true;
    };
  }, [route, attempt]);

  const title = forbidden ? t.forbiddenTitle : match ? match.route.title : t.notFoundTitle;
  useEffect(() => {
    document.title = `${title} – ${t.appName}`;
  }, [title]);

  // Not on the very first screen: a fresh page load starts at the top like any web page.
  const navigated = useRef(false);
  useEffect(() => {
    if (loaded.status !== 'ready') return;
    if (navigated.current) window.setTimeout(focusHeading, 0);
    navigated.current = true;
  }, [loaded, loc.path]);

  let content;
  if (state.status === 'loading' || redirect) content = <Loading />;
  else if (!match) content = <StaticPage title={t.notFoundTitle} text={t.notFoundText} link />;
  else if (forbidden) content = <StaticPage title={t.forbiddenTitle} text={t.forbiddenText} link />;
  else if (loaded.status === 'loading' || (loaded.status === 'ready' && loaded.route !== route)) content = <Loading />;
  else if (loaded.status === 'error') content = <ErrorState error={loaded.error} onRetry={() => setAttempt((a) => a + 1)} />;
  else content = <loaded.Screen key={loc.path} params={match.params} query={loc.query} />;

  return <Layout>{content}</Layout>;
}
