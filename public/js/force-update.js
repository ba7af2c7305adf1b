/*
 * /force-update (spec, Versioning 3 and Limits): removes the service worker and every cache, tries the reload
 * after about 150 ms, shows a manual restart button after 3 s and reloads by itself after 6 s.
 */
(function () {
  'use strict';
  var FORCE_UPDATE_KEY = 'pfotenbuch.forceUpdateAt';
  var RELOAD_AFTER_MS = 150;
  var BUTTON_AFTER_MS = 3000;
  var AUTO_RELOAD_AFTER_MS = 6000;

  try {
    localStorage.setItem(FORCE_UPDATE_KEY, String(Date.now()));
  } catch {
    /* private mode: the cooldown cannot be kept, the update still runs */
  }

  // Only a path of the app itself: never an open redirect to another site.
  function target() {
    var next = new URLSearchParams(location.search).get('next') || '';
    return /^\/app(?:[/?#]|$)/.test(next) ? next : '/app';
  }

  function removeWorkers() {
    if (!navigator.serviceWorker || !navigator.serviceWorker.getRegistrations) return Promise.resolve();
    return navigator.serviceWorker.getRegistrations().then(function (regs) {
      return Promise.all(
        regs.map(function (r) {
          return r.unregister();
        }),
      );
    });
  }

  function clearCaches() {
    if (!window.caches) return Promise.resolve();
    return caches.keys().then(function (names) {
      return Promise.all(
        names.map(function (n) {
          return caches.delete(n);
        }),
      );
    });
  }

  function cleanUp() {
    // Cleaning normally takes a few milliseconds; never let a hanging promise hold the reload.
    return Promise.race([
      Promise.all([removeWorkers(), clearCaches()]).catch(function () {
        /* reload anyway */
      }),
      new Promise(function (resolve) {
        setTimeout(resolve, 1000);
      }),
    ]);
  }

  function reload() {
    location.replace(target());
  }

  var cleaned = cleanUp();
  // Once more right before the reload: a page of the old build that was still registering its worker when this
  // page opened can bring a registration back in the meantime.
  setTimeout(function () {
    cleaned.then(cleanUp).then(reload);
  }, RELOAD_AFTER_MS);

  var button = document.getElementById('restart');
  if (button) button.addEventListener('click', reload);
  setTimeout(function () {
    var manual = document.getElementById('manual');
    if (manual) manual.hidden = false;
  }, BUTTON_AFTER_MS);
  setTimeout(reload, AUTO_RELOAD_AFTER_MS);
})();
