import { createStore } from './store.js';

/**
 * Installing the app (issue 37). Chromium browsers fire `beforeinstallprompt` once the app can be installed; it is
 * kept here (not shown) so that the app offers installing at a moment that makes sense, from a tap. Safari on
 * iPhone and iPad has no such event, and there web push exists only in the app opened from the home screen.
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export const installPrompt = createStore<InstallPromptEvent | null>(null);

const DISMISSED_KEY = 'pfotenbuch.install-offer-dismissed';

/** Called once at start: keeps the browser's install prompt for later and forgets it once installed. */
export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    installPrompt.set(event as InstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => installPrompt.set(null));
}

/** Running as the installed app (Android, desktop, or opened from the iPhone's home screen). */
export function isStandalone(): boolean {
  return window.matchMedia('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;
}

/** iPhone or iPad (iPadOS says "Macintosh" but has touch). */
export function isAppleMobile(): boolean {
  const ua = navigator.userAgent;
  return /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
}

/** In Safari on iPhone or iPad, outside the installed app: push needs the home-screen app first. */
export function needsHomeScreenForPush(): boolean {
  return isAppleMobile() && !isStandalone();
}

export function installOfferDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function dismissInstallOffer(): void {
  try {
    localStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // Private mode without storage: the offer comes back next time, nothing worse.
  }
}

/** Shows the browser's install dialog (from a tap); true when the user installed. */
export async function promptInstall(): Promise<boolean> {
  const event = installPrompt.get();
  if (!event) return false;
  await event.prompt();
  const choice = await event.userChoice;
  installPrompt.set(null);
  return choice.outcome === 'accepted';
}
