from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

from pairing.views import password_reset, sign_in

urlpatterns = [
    path("admin/", admin.site.urls),
    # Before Django's own: these two know whether e-mail can deliver a password reset.
    path("accounts/login/", sign_in, name="login"),
    path("accounts/password_reset/", password_reset, name="password_reset"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("arbiter/", include("pairing.urls")),
    # The public pages for players: the list of tournaments at the root, each one under /t/<slug>/.
    path("", include("tournaments.public_urls")),
]
