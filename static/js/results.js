// Keyboard result entry: 1 = 0 + - on a row's select sets the result and moves to the next game.
// The form submits once: a second click while the first request runs is ignored.
// The form is set up again whenever htmx puts a fresh copy of it in the page.
(function () {
  var keys = { "1": "1-0", "=": "1/2", "0": "0-1", "+": "+-", "-": "-+" };
  function init() {
    var form = document.getElementById("results-form");
    if (!form || form.dataset.keysReady) return;
    var selects = Array.prototype.slice.call(form.querySelectorAll("#results select"));
    selects.forEach(function (select, index) {
      select.addEventListener("keydown", function (event) {
        var value = keys[event.key];
        if (!value) return;
        event.preventDefault();
        select.value = value;
        var next = selects[index + 1];
        if (next) next.focus();
      });
    });
    form.addEventListener("submit", function (event) {
      if (form.dataset.sent) { event.preventDefault(); return; }
      form.dataset.sent = "1";
    });
    // A request that brought no fresh form back (the database was unavailable) may be sent again.
    form.addEventListener("htmx:afterRequest", function () { delete form.dataset.sent; });
    // Keys typed before this script ran would be lost: say when they are listened to.
    form.dataset.keysReady = "1";
  }
  init();
  document.body.addEventListener("htmx:afterSettle", init);
})();
