"""WSGI entry point for gunicorn: `gunicorn config.wsgi`."""

from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from tournaments.public_cache import serve_cached_pages  # noqa: E402  (needs the settings module set)

# Cached public pages are answered before Django's middleware, for the crowd at round time.
application = serve_cached_pages(get_wsgi_application())
