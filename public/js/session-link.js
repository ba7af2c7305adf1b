// The public pages are the same HTML for everybody (cacheable). When someone is logged in in this browser (the
// "angemeldet" marker the server sets beside the session cookie), the header's "Anmelden" becomes "Zur App".
(function () {
  if (!/(?:^|;\s*)angemeldet=1(?:;|$)/.test(document.cookie)) return;
  var links = document.querySelectorAll('[data-session-link]');
  for (var i = 0; i < links.length; i++) {
    links[i].textContent = 'Zur App';
    links[i].setAttribute('href', '/app');
  }
})();
