"""gunicorn's settings for the web app (`gunicorn config.wsgi -c config/gunicorn.py`); the command
line still wins (`--bind`, `--workers`)."""

from __future__ import annotations

import os

bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", "3"))
