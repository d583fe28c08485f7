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
# A listening socket of each worker's own (SO_REUSEPORT), so the kernel spreads new connections
# evenly. On one shared socket the busiest worker, whose loop is always awake, wins most accepts
# and keeps those connections alive: measured with wrk at 200 connections, 2/14/184 over three
# workers, the one with 184 on a single core (the GIL) and p99 365 ms; with this 64/66/70 and
# p99 150-195 ms. The price: connections still queued on a worker's socket when it exits are reset
# unless net.ipv4.tcp_migrate_req=1 hands them to its siblings (docker-compose.yml sets it).
reuse_port = True
