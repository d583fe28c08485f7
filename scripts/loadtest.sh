#!/usr/bin/env bash
# Load test of the public pages: gunicorn on PostgreSQL, a 150-player tournament, wrk from Debian.
# Prints requests per second and latency percentiles per page; asserts nothing.
#   scripts/loadtest.sh [connections] [seconds] [workers] [worker class]
set -euo pipefail
cd "$(dirname "$0")/.."
CONNECTIONS=${1:-200} SECONDS_=${2:-30} WORKERS=${3:-4} WORKER_CLASS=${4:-sync}
PORT=8765
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }
export DATABASE_URL=${LOAD_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/swiss_load}
export SECRET_KEY=load-test-only DEBUG=false ALLOWED_HOSTS=127.0.0.1 SECURE_SSL_REDIRECT=false
export CACHE_DIR=$(mktemp -d /tmp/swiss-cache.XXXXXX) LOG_LEVEL=WARNING
psql "${DATABASE_URL%/*}/postgres" -qc "DROP DATABASE IF EXISTS ${DATABASE_URL##*/}" -c "CREATE DATABASE ${DATABASE_URL##*/}"
.venv/bin/python manage.py migrate -v0
.venv/bin/python manage.py shell -v0 < scripts/load_tournament.py
.venv/bin/python manage.py collectstatic --noinput -v0
.venv/bin/gunicorn config.wsgi -w "$WORKERS" -b 127.0.0.1:$PORT --worker-class "$WORKER_CLASS" --backlog 2048 \
    --log-level warning & gunicorn_pid=$!
trap 'kill $gunicorn_pid; wait $gunicorn_pid 2>/dev/null; rm -rf "$CACHE_DIR"' EXIT
for _ in $(seq 50); do curl -sf -o /dev/null http://127.0.0.1:$PORT/t/load-open/ && break; sleep 0.2; done
player=$(.venv/bin/python manage.py shell -v0 -c "from tournaments.models import Entrant; print(Entrant.objects.get(tournament__slug='load-open', pairing_number=17).pk)")
for page in round/6/ standings/ "players/$player/"; do
    url=http://127.0.0.1:$PORT/t/load-open/$page
    curl -sf -o /dev/null "$url"
    echo "== /t/load-open/$page: $CONNECTIONS connections, ${SECONDS_}s, $WORKERS gunicorn workers"
    wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_}s" --latency "$url" | grep -E "Requests/sec|Non-2xx|Socket errors|^ +(50|99)%"
done
