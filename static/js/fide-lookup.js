// The FIDE list's type-ahead on the entrants page: a chosen player's fields go into the entry
// form (pairing/fide_list.py says which); the arbiter checks them and presses Add as usual.
document.addEventListener("click", function (event) {
  var button = event.target.closest && event.target.closest("button[data-fill]");
  if (!button) return;
  var form = document.querySelector("form.quick-entry");
  if (!form) return;
  var fields = JSON.parse(button.dataset.fill);
  Object.keys(fields).forEach(function (name) {
    var input = form.elements[name];
    if (input) input.value = fields[name];
  });
  var search = document.getElementById("fide-lookup");
  if (search) search.value = "";
  document.getElementById("fide-found").textContent = "";
  var add = form.querySelector("button[type=submit]");
  if (add) add.focus();
});
