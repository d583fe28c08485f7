from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("arbiter/", include("pairing.urls")),
    # The public pages for players: the list of tournaments at the root, each one under /t/<slug>/.
    path("", include("tournaments.public_urls")),
]
