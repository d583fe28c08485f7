// The "not saved" message of a failed htmx request (see config/middleware.py) goes once the next request starts.
document.body.addEventListener("htmx:beforeRequest", function () {
  var box = document.getElementById("server-error");
  if (box) box.innerHTML = "";
});
