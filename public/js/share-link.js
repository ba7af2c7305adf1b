// The "Teilen" button of public pages (the poison warning): the phone's share sheet where the browser has one (Web
// Share API), else the link is copied; where even that is refused, the link is shown to copy by hand.
(function () {
  var buttons = document.querySelectorAll('[data-share]');
  var status = document.querySelector('[data-share-status]');
  function say(text) {
    if (status) status.textContent = text;
  }
  for (var i = 0; i < buttons.length; i++) {
    buttons[i].addEventListener('click', function (event) {
      var button = event.currentTarget;
      var url = button.getAttribute('data-share-url') || location.href;
      var title = button.getAttribute('data-share-title') || document.title;
      if (navigator.share) {
        navigator.share({ title: title, url: url }).catch(function () {});
        return;
      }
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(url).then(
          function () {
            say('Link kopiert – füg ihn in eine Nachricht ein.');
          },
          function () {
            say('Kopier diesen Link: ' + url);
          },
        );
        return;
      }
      say('Kopier diesen Link: ' + url);
    });
  }
})();
