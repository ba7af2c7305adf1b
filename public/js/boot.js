/*
 * Boot of the /app shell: the loading note beside #app hides itself by CSS once the app renders; this script
 * turns it into a German error with a reload button when the app bundle fails to load or does not start.
 */
(function () {
  'use strict';
  var START_TIMEOUT_MS = 10000;
  var app = document.getElementById('app');
  var boot = document.getElementById('boot');
  if (!app || !boot) return;
  var failed = false;

  function fail() {
    if (failed || app.childElementCount > 0) return;
    failed = true;
    boot.textContent = '';
    var text = document.createElement('p');
    text.textContent = 'Die App konnte nicht starten. Prüf deine Internetverbindung und lade die Seite neu.';
    var button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Neu laden';
    button.addEventListener('click', function () {
      location.reload();
    });
    boot.appendChild(text);
    boot.appendChild(button);
    boot.setAttribute('role', 'alert');
  }

  // Resource errors do not bubble, but they can be caught on the way down.
  window.addEventListener(
    'error',
    function (event) {
      var target = event.target;
      if (target && target.tagName === 'SCRIPT' && /\/build\/app\.js/.test(target.src)) fail();
    },
    true,
  );
  setTimeout(fail, START_TIMEOUT_MS);
})();
