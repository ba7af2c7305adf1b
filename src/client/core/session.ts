import type { CurrentUser } from '../api/types.js';
import { api, ApiError, apiGet, dropPrefetched, getCached, onUnauthorized } from './api.js';
import type { PathOf } from './api-types.js';
import { clearResponses } from './offline-cache.js';
import { endPushSubscription } from './push-subscription.js';
import { navigate } from './router.js';
import { createStore } from './store.js';

export type { CurrentUser } from '../api/types.js';

export type SessionState = { status: 'loading' } | { status: 'guest'; expired: boolean } | { status: 'user'; user: CurrentUser };

export const session = createStore<SessionState>({ status: 'loading' });

const OWNER_KEY = 'pb-cache-owner';

/** The offline copy belongs to one account: a different login on this device starts without it. */
function claimCache(userId: number): void {
  try {
    if (localStorage.getItem(OWNER_KEY) !== String(userId)) {
      clearResponses();
      localStorage.setItem(OWNER_KEY, String(userId));
    }
  } catch {
    // storage disabled
  }
}

export function setUser(user: CurrentUser): void {
  claimCache(user.id);
  session.set({ status: 'user', user });
}

export async function loadSession(): Promise<void> {
  try {
    const { data } = await getCached(apiGet('/api/auth/me'));
    setUser(data);
  } catch (error) {
    // Offline without an offline copy is a guest; the login screen says why it cannot log in.
    if (error instanceof ApiError) session.set({ status: 'guest', expired: false });
    else throw error;
  }
}

/** Ends the session on the server, forgets the offline copy and shows the login (without a way "back"). */
export async function logout(): Promise<void> {
  try {
    await endPushSubscription(); // before the logout: the server only lets the session's owner remove it
    await api.POST('/api/auth/logout');
  } finally {
    clearResponses();
    dropPrefetched();
    // Navigate first: a guest on a user page would otherwise be sent to the login with ?weiter=<that page>.
    navigate('/app/anmelden', { replace: true });
    session.set({ status: 'guest', expired: false });
  }
}

/** The Züchter plan (tier breeder or breeder_test): the "Zucht" tab shows for these users. */
export function hasBreederPlan(user: CurrentUser): boolean {
  return user.subscription_tier === 'breeder' || user.subscription_tier === 'breeder_test';
}

/** Breeder-only screens: the plan, or an admin (as the server's requireBreeder; admins get no extra tab). */
export function isBreeder(user: CurrentUser): boolean {
  return hasBreederPlan(user) || user.rolle === 'admin';
}

export function isStaff(user: CurrentUser): boolean {
  return user.rolle === 'admin' || user.rolle === 'moderator';
}

// A 401 anywhere but the login itself means the session ended (expired, logged out elsewhere, password changed).
onUnauthorized((path) => {
  const own: PathOf<'post'>[] = ['/api/auth/login', '/api/auth/register', '/api/auth/passkey'];
  if (own.some((p) => path.startsWith(p))) return;
  if (session.get().status !== 'user') return;
  clearResponses();
  dropPrefetched();
  session.set({ status: 'guest', expired: true });
});
