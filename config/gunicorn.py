"""gunicorn's settings for the web app: `gunicorn config.wsgi -c config/gunicorn.py` (docker-compose.yml,
the Dockerfile, the benchmarks). The command line still wins (`--bind`, `--workers`). Read from the
environment by gunicorn, not by Django, so not in .env.example: WEB_CONCURRENCY (worker processes),
GUNICORN_WORKER_CLASS (sync or gthread), GUNICORN_THREADS (per gthread worker), GUNICORN_BIND."""

from __future__ import annotations

import os

bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", "3"))
# Threads keep a phone's connection open between its requests (a sync worker closes each one):
# measured (scripts/bench_public_pages.py), the cached public pages went from 1,200-1,800 to
# 3,100-3,350 requests per second with the tokens in Redis.
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "gthread")
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
# A phone's connections wait in the kernel's queue at round time rather than being refused.
backlog = 2048
