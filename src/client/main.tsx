import { render } from 'preact';
import { App, warmUp } from './app.js';
import { listenForInstallPrompt } from './core/install.js';
import { offline } from './core/offline-cache.js';
import { startOfflineQueue } from './core/offline-queue.js';
import { location, startRouter } from './core/router.js';
import { loadSession } from './core/session.js';

/** The build this bundle was made from (scripts/build-client.mjs); the shell's meta tag carries the server's. */
export const CLIENT_BUILD = __APP_BUILD__;

const root = document.getElementById('app');
if (root) {
  document.documentElement.dataset.clientBuild = CLIENT_BUILD;
  startRouter();
  // Before anything else can miss it: Chromium fires it early, once.
  listenForInstallPrompt();
  // The browser's own signal helps the banner appear quickly; the next request decides for sure.
  window.addEventListener('offline', () => offline.set(true));
  window.addEventListener('online', () => {
    offline.set(false);
    void loadSession();
  });
  warmUp(location.get().path);
  void loadSession();
  // Writes saved without a connection are sent as soon as the session is known (and on every `online`).
  startOfflineQueue();
  root.textContent = '';
  render(<App />, root);
}
