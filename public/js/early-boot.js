/*
 * Early boot of the /app shell (runs before the app bundle): version check with forced update, storage rules,
 * service-worker registration. Plain ES5-ish script without dependencies, so it runs even when the bundle fails.
 */
(function () {
  'use strict';
  var FORCE_UPDATE_KEY = 'pfotenbuch.forceUpdateAt';
  var WARNED_KEY = 'pfotenbuch.storageWarned';
  var COOLDOWN_MS = 10 * 60 * 1000;
  var TILE_CACHE = 'pfotenbuch-tiles';
  var TILE_LIMIT = 500;
  var TILE_LIMIT_LOW = 100;
  var STORAGE_CHECK_MS = 60 * 1000;

  /** Set when this page goes to /force-update: it must not register the worker the update is removing. */
  var leaving = false;
  var meta = document.querySelector('meta[name="app-build"]');
  var build = meta ? meta.getAttribute('content') : '';

  function readNumber(storage, key) {
    try {
      return Number(storage.getItem(key)) || 0;
    } catch {
      return 0;
    }
  }

  // --- Version check (spec, Versioning 3) ---
  function checkVersion() {
    if (!window.fetch) return;
    fetch('/api/version', { cache: 'no-store', credentials: 'same-origin' })
      .then(function (res) {
        return res.ok ? res.json() : null;
      })
      .then(function (server) {
        if (!server || !server.build || server.build === build) return;
        // One forced update, then 10 minutes of peace: a server that keeps changing must not trap the user.
        if (Date.now() - readNumber(localStorage, FORCE_UPDATE_KEY) < COOLDOWN_MS) return;
        try {
          localStorage.setItem(FORCE_UPDATE_KEY, String(Date.now()));
        } catch {
          /* private mode: the update still runs */
        }
        leaving = true;
        location.replace('/force-update?next=' + encodeURIComponent(location.pathname + location.search + location.hash));
      })
      .catch(function () {
        /* offline: keep using the cached app */
      });
  }

  // --- Storage rules (spec, Limits: map-tile cache and storage warning) ---
  function trimTiles(limit) {
    if (!window.caches) return Promise.resolve();
    return caches.has(TILE_CACHE).then(function (exists) {
      if (!exists) return;
      return caches.open(TILE_CACHE).then(function (cache) {
        return cache.keys().then(function (keys) {
          var excess = keys.slice(0, Math.max(0, keys.length - limit));
          return Promise.all(
            excess.map(function (key) {
              return cache.delete(key);
            }),
          );
        });
      });
    });
  }

  function tellWorker(limit) {
    if (navigator.serviceWorker && navigator.serviceWorker.controller) {
      navigator.serviceWorker.controller.postMessage({ type: 'tile-limit', limit: limit });
    }
  }

  function showToast(text) {
    var show = function () {
      var toast = document.createElement('div');
      toast.className = 'boot-toast';
      toast.setAttribute('role', 'status');
      var message = document.createElement('p');
      message.textContent = text;
      var close = document.createElement('button');
      close.type = 'button';
      close.textContent = 'Okay';
      close.addEventListener('click', function () {
        toast.remove();
      });
      toast.appendChild(message);
      toast.appendChild(close);
      document.body.appendChild(toast);
    };
    if (document.body) show();
    else document.addEventListener('DOMContentLoaded', show);
  }

  function warnOnce() {
    if (readNumber(sessionStorage, WARNED_KEY)) return;
    try {
      sessionStorage.setItem(WARNED_KEY, '1');
    } catch {
      /* still warn once for this page */
    }
    showToast('Dein Gerätespeicher ist fast voll. Lösch alte Fotos oder Offline-Daten, damit die App zuverlässig läuft.');
  }

  var checking = false;
  function checkStorage() {
    if (checking || !navigator.storage || !navigator.storage.estimate) return;
    checking = true;
    navigator.storage
      .estimate()
      .then(function (estimate) {
        if (!estimate || !estimate.quota) return;
        var used = (estimate.usage || 0) / estimate.quota;
        var limit = used >= 0.8 ? TILE_LIMIT_LOW : TILE_LIMIT;
        tellWorker(limit);
        if (used >= 0.9) warnOnce();
        return trimTiles(limit);
      })
      .catch(function () {
        /* no estimate: nothing to enforce */
      })
      .then(function () {
        checking = false;
        document.documentElement.setAttribute('data-storage-checked', String(Date.now()));
      });
  }

  // --- Service worker ---
  function registerWorker() {
    if (leaving || !('serviceWorker' in navigator)) return;
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(function (err) {
      console.warn('Service Worker nicht registriert:', err);
    });
  }

  checkVersion();
  checkStorage();
  setInterval(checkStorage, STORAGE_CHECK_MS);
  if (document.readyState === 'complete') registerWorker();
  else window.addEventListener('load', registerWorker);
})();
