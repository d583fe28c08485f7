from __future__ import annotations

from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("arbiter/", include("pairing.urls")),
    # Until the public pages exist (issue 5), the admin is the only page worth landing on.
    path("", RedirectView.as_view(url="/admin/", permanent=False)),
]
