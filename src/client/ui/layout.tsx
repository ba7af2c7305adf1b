import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';
import { flash } from '../core/flash.js';
import { offline } from '../core/offline-cache.js';
import { location } from '../core/router.js';
import { hasBreederPlan, isStaff, session } from '../core/session.js';
import { useStore } from '../core/store.js';
import { t } from '../core/texts.js';
import { Icon } from './icons.js';
import { QueueBadge } from './pending-writes.js';
import { UnreadBell } from './unread-badge.js';

interface NavItem {
  href: string;
  label: string;
  icon: 'home' | 'dogs' | 'diary' | 'profile' | 'admin' | 'litter' | 'community' | 'help';
}

/** The in-app help (/app/hilfe) is open to guests and users: a tab for users, a line below the screen for guests. */
const HELP_HREF = '/app/hilfe';
const HELP_LABEL = 'Hilfe';
const HELP_GUEST_PROMPT = 'Fragen?';
const HELP_GUEST_LINK = 'Zur Hilfe';

/** A question mark in a circle, drawn like the icons in icons.tsx (decorative). */
function HelpIcon() {
  return (
    <svg class="icon" width={24} height={24} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" stroke-width="2" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.6 2.2c-.7.4-1.1.9-1.1 1.6v.7" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
      <circle cx="12" cy="17.2" r="1.2" fill="currentColor" />
    </svg>
  );
}

function isActive(href: string, path: string): boolean {
  return href === '/app' ? path === '/app' : path === href || path.startsWith(`${href}/`);
}

/** Skip link, header with the navigation (a bottom tab bar on phones), offline banner and the main landmark. */
export function Layout({ children }: { children: ComponentChildren }) {
  const state = useStore(session);
  const { path } = useStore(location);
  const isOffline = useStore(offline);
  const message = useStore(flash);
  useEffect(() => {
    if (flash.get() && flash.get()?.path !== path) flash.set(null);
  }, [path]);
  const user = state.status === 'user' ? state.user : null;

  const items: NavItem[] = user
    ? [
        { href: '/app', label: t.nav.home, icon: 'home' },
        { href: '/app/hunde', label: t.nav.dogs, icon: 'dogs' },
        { href: '/app/tagebuch', label: t.nav.diary, icon: 'diary' },
        { href: '/app/community', label: t.nav.community, icon: 'community' },
        { href: '/app/profil', label: t.nav.profile, icon: 'profile' },
        ...(hasBreederPlan(user) ? [{ href: '/app/zucht', label: t.nav.breeding, icon: 'litter' as const }] : []),
        ...(isStaff(user) ? [{ href: '/app/admin', label: t.nav.admin, icon: 'admin' as const }] : []),
        { href: HELP_HREF, label: HELP_LABEL, icon: 'help' },
      ]
    : [];

  return (
    <div class={`shell${user ? ' has-tabbar' : ''}`}>
      <a class="skip-link" href="#main">
        {t.skipLink}
      </a>
      <header class="topbar">
        <a class="brand" href={user ? '/app' : '/'}>
          <span class="brand-mark">
            <Icon name="paw" size={26} />
          </span>
          {t.appName}
        </a>
        {user && <QueueBadge />}
        {user && <UnreadBell current={path.startsWith('/app/benachrichtigungen')} />}
        {user ? (
          <nav class="tabbar" aria-label={t.nav.label}>
            <ul>
              {items.map((item) => (
                <li key={item.href}>
                  <a href={item.href} aria-current={isActive(item.href, path) ? 'page' : undefined}>
                    {item.icon === 'help' ? <HelpIcon /> : <Icon name={item.icon} />}
                    <span>{item.label}</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : state.status === 'guest' ? (
          <nav class="guest-nav" aria-label={t.nav.label}>
            <a href="/app/anmelden" aria-current={path === '/app/anmelden' ? 'page' : undefined}>
              {t.nav.login}
            </a>
            <a href="/app/registrieren" aria-current={path === '/app/registrieren' ? 'page' : undefined}>
              {t.nav.register}
            </a>
          </nav>
        ) : // While the session loads: no navigation yet, rather than the guest's links flashing up.
        null}
      </header>
      {isOffline && (
        <p class="offline-banner" role="status">
          {t.offlineBanner}
        </p>
      )}
      <main id="main" tabIndex={-1}>
        {message?.path === path && (
          <p class="notice notice-success flash" role="status">
            {message.text}
          </p>
        )}
        {children}
        {/* Guests: below the screen, not in the header, which has no room for a third link on a phone. */}
        {state.status === 'guest' && path !== HELP_HREF && (
          <p class="center muted">
            {HELP_GUEST_PROMPT} <a href={HELP_HREF}>{HELP_GUEST_LINK}</a>
          </p>
        )}
      </main>
    </div>
  );
}
