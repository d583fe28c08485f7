from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest, HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.urls import include, path
from django.views.decorators.http import require_safe

from config.language import choose_language
from pairing.views import password_reset, sign_in
from ratinglists.views import rating_lists


@require_safe
def favicon(request: HttpRequest) -> HttpResponsePermanentRedirect:
    # Browsers ask for /favicon.ico on every page that names no icon (the admin's, for one).
    return HttpResponsePermanentRedirect(static("img/favicon.svg"))


urlpatterns = [
    path("admin/", admin.site.urls),
    # Before Django's own: these two know whether e-mail can deliver a password reset.
    path("accounts/login/", sign_in, name="login"),
    path("accounts/password_reset/", password_reset, name="password_reset"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("arbiter/", include("pairing.urls")),
    path("rating-lists/", rating_lists, name="rating-lists"),
    path("favicon.ico", favicon),
    path("language/", choose_language, name="language"),
    # The public pages for players: the list of tournaments at the root, each one under /t/<slug>/.
    path("", include("tournaments.public_urls")),
]
