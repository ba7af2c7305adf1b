/*
 * /force-update (spec, Versioning 3 and Limits): removes the service worker and every cache, tries the reload
 * after about 150 ms once no worker is listed any more (at most 2.5 s), shows a manual restart button after 3 s and
 * reloads by itself after 6 s.
 */
(function () {
  'use strict';
  var FORCE_UPDATE_KEY = 'pfotenbuch.forceUpdateAt';
  var RELOAD_AFTER_MS = 150;
  var BUTTON_AFTER_MS = 3000;
  var AUTO_RELOAD_AFTER_MS = 6000;
  // The reload waits until the worker is really gone (Chromium may list an unregistered worker for over a second on
  // a busy device, and a reload through it is what this page exists to avoid), but not past the manual button.
  var GONE_BY_MS = 2500;
  var started = Date.now();

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

  function workersLeft() {
    if (!navigator.serviceWorker || !navigator.serviceWorker.getRegistrations) return Promise.resolve(0);
    return navigator.serviceWorker.getRegistrations().then(
      function (regs) {
        return regs.length;
      },
      function () {
        return 0;
      },
    );
  }

  // Cleans up again every 50 ms until no worker is listed any more, or until GONE_BY_MS after the page opened.
  function cleanUpUntilGone() {
    return cleanUp()
      .then(workersLeft)
      .then(function (left) {
        if (left === 0 || Date.now() - started >= GONE_BY_MS) return undefined;
        return new Promise(function (resolve) {
          setTimeout(resolve, 50);
        }).then(cleanUpUntilGone);
      });
  }

  var cleaned = cleanUp();
  // Once more right before the reload: a page of the old build that was still registering its worker when this
  // page opened can bring a registration back in the meantime.
  setTimeout(function () {
    cleaned.then(cleanUpUntilGone).then(reload);
  }, RELOAD_AFTER_MS);

  var button = document.getElementById('restart');
  if (button) button.addEventListener('click', reload);
  setTimeout(function () {
    var manual = document.getElementById('manual');
    if (manual) manual.hidden = false;
  }, BUTTON_AFTER_MS);
  setTimeout(reload, AUTO_RELOAD_AFTER_MS);
})();
