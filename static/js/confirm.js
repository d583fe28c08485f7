// A form with data-confirm asks before it is sent. Inline onsubmit handlers would need the
// Content-Security-Policy to allow inline script, which it does not.
document.addEventListener("submit", function (event) {
  var question = event.target.dataset && event.target.dataset.confirm;
  if (question && !window.confirm(question)) event.preventDefault();
});
