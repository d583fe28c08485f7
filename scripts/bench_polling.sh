#!/usr/bin/env bash
# The public pages of a 1,000-player event during a round, with and without 1,000 phones polling
# them (the pages' htmx refresh: a conditional GET every 30 s, answered 304 while nothing changed).
# gunicorn on PostgreSQL on loopback, wrk from Debian, scripts/poll_clients.py for the phones.
# Prints requests per second and p99 per page; asserts nothing. Bounded: at most 2,000 pollers,
# each wrk run SECONDS long.
#   nice -n 19 scripts/bench_polling.sh [pollers] [poll interval s] [seconds per wrk run] [workers]
set -euo pipefail
cd "$(dirname "$0")/.."
POLLERS=${1:-1000} INTERVAL=${2:-30} SECONDS_=${3:-10} WORKERS=${4:-2}
PORT=8766 CONNECTIONS=50
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }
export DATABASE_URL=${LOAD_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/swiss_polling}
export SECRET_KEY=load-test-only DEBUG=false ALLOWED_HOSTS=127.0.0.1 SECURE_SSL_REDIRECT=false
export CACHE_DIR=$(mktemp -d /tmp/swiss-cache.XXXXXX) LOG_LEVEL=WARNING
export LOAD_PLAYERS=1000 LOAD_PLAYED=3
psql "${DATABASE_URL%/*}/postgres" -qc "DROP DATABASE IF EXISTS ${DATABASE_URL##*/}" -c "CREATE DATABASE ${DATABASE_URL##*/}"
.venv/bin/python manage.py migrate -v0
.venv/bin/python manage.py shell -v0 < scripts/load_tournament.py
.venv/bin/python manage.py collectstatic --noinput -v0
.venv/bin/gunicorn config.wsgi -w "$WORKERS" -b 127.0.0.1:$PORT --backlog 2048 --log-level warning & gunicorn_pid=$!
poller_pid=
trap 'kill $gunicorn_pid ${poller_pid}; wait $gunicorn_pid 2>/dev/null; rm -rf "$CACHE_DIR"' EXIT
base=http://127.0.0.1:$PORT/t/load-open
for _ in $(seq 50); do curl -sf -o /dev/null "$base/" && break; sleep 0.2; done
player=$(.venv/bin/python manage.py shell -v0 -c "from tournaments.models import Entrant; print(Entrant.objects.get(tournament__slug='load-open', pairing_number=17).pk)")
urls=("$base/round/$((LOAD_PLAYED + 1))/" "$base/standings/" "$base/players/$player/")
for url in "${urls[@]}"; do curl -sf -o /dev/null "$url"; done  # stored in the cache

pages() {
    for url in "${urls[@]}"; do
        echo "  ${url#http://127.0.0.1:$PORT}: $(wrk -t2 -c$CONNECTIONS -d${SECONDS_}s --latency "$url" \
            | awk '/Requests\/sec/ {rps=$2} / 99%/ {p99=$2} /Non-2xx/ {bad=" non-2xx " $NF} END {print rps " req/s, p99 " p99 bad}')"
    done
}

echo "$LOAD_PLAYERS players, round $((LOAD_PLAYED + 1)) being played; $WORKERS gunicorn workers, wrk $CONNECTIONS connections, ${SECONDS_}s per page"
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== Page loads, nobody polling"
pages
etag=$(curl -sI "${urls[0]}" | awk 'tolower($1) == "etag:" {print $2}' | tr -d '\r')
echo "== Polls alone, every one a 304 (If-None-Match: $etag), as fast as wrk asks"
echo "  ${urls[0]#http://127.0.0.1:$PORT}: $(wrk -t2 -c$CONNECTIONS -d${SECONDS_}s --latency -H "If-None-Match: $etag" "${urls[0]}" \
    | awk '/Requests\/sec/ {rps=$2} / 99%/ {p99=$2} END {print rps " req/s, p99 " p99}')"
echo "== Page loads while $POLLERS phones poll every ${INTERVAL}s (after one interval, so all poll)"
.venv/bin/python scripts/poll_clients.py "${urls[@]}" --clients "$POLLERS" --interval "$INTERVAL" \
    --seconds $((INTERVAL + 3 * (SECONDS_ + 1) + 2)) > /tmp/swiss-pollers.$$ & poller_pid=$!
sleep "$INTERVAL"
pages
wait $poller_pid; poller_pid=
sed 's/^/  /' /tmp/swiss-pollers.$$; rm -f /tmp/swiss-pollers.$$
# On a shared machine the load moves under the run: measuring the quiet case again shows by how much.
echo "== Page loads, nobody polling, again"
pages
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
