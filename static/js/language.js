// The language switcher (templates/_language.html) sends itself when a language is chosen; without
// script its button does.
document.querySelectorAll(".language-switch").forEach(function (form) {
  form.querySelector("[type=submit]").hidden = true;
  form.querySelector("select").addEventListener("change", function () { form.submit(); });
});
