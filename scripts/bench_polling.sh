#!/usr/bin/env bash
# The public pages of a 1,000-player event during a round, with and without 1,000 phones polling
# them (the pages' htmx refresh: a conditional GET every 30 s, answered 304 while nothing changed).
# gunicorn on PostgreSQL on loopback, wrk from Debian, scripts/poll_clients.py for the phones.
# Prints one table: requests per second, p99 and the server's CPU ms per request of each page,
# with and without the phones, and the machine's load during each run; asserts nothing. Bounded: at most 2,000 pollers,
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

# CPU seconds of gunicorn's master and workers, in clock ticks: a figure the machine's other
# load inflates far less than wall-clock throughput.
server_ticks() {
    local total=0 pid stat
    for pid in $gunicorn_pid $(pgrep -P $gunicorn_pid); do
        stat=$(<"/proc/$pid/stat") || continue
        read -r -a fields <<<"${stat##*) }"  # after "pid (comm) ": utime and stime are the 12th and 13th
        total=$((total + fields[11] + fields[12]))
    done
    echo "$total"
}

declare -A figures loads
# measure PHASE: every page under wrk; req/s, p99, server CPU ms per request and any non-2xx kept for the table.
measure() {
    local phase=$1 url out before after
    loads[$phase]=$(cut -d' ' -f1 /proc/loadavg)
    for url in "${urls[@]}"; do
        before=$(server_ticks)
        out=$(wrk -t2 -c$CONNECTIONS -d${SECONDS_}s --latency "$url")
        after=$(server_ticks)
        figures[$phase|$url]=$(awk -v ticks=$((after - before)) -v hz="$(getconf CLK_TCK)" '
            /Requests\/sec/ {rps = $2} / 99%/ {p99 = $2} /requests in/ {n = $1} /Non-2xx/ {bad = " !" $NF}
            END {printf "%9s %9s %7.2f%s", rps, p99, (n ? ticks / hz * 1000 / n : 0), bad}' <<<"$out")
    done
    loads[$phase]="${loads[$phase]}-$(cut -d' ' -f1 /proc/loadavg)"
}

echo "$LOAD_PLAYERS players, round $((LOAD_PLAYED + 1)) being played; $WORKERS gunicorn workers, wrk $CONNECTIONS connections, ${SECONDS_}s per page; $(nproc) cores"
measure quiet
etag=$(curl -sI "${urls[0]}" | awk 'tolower($1) == "etag:" {print $2}' | tr -d '\r')
echo "Polls alone, every one a 304 (If-None-Match: $etag), as fast as wrk asks:"
echo "  ${urls[0]#http://127.0.0.1:$PORT}: $(wrk -t2 -c$CONNECTIONS -d${SECONDS_}s --latency -H "If-None-Match: $etag" "${urls[0]}" \
    | awk '/Requests\/sec/ {rps=$2} / 99%/ {p99=$2} END {print rps " req/s, p99 " p99}')"
.venv/bin/python scripts/poll_clients.py "${urls[@]}" --clients "$POLLERS" --interval "$INTERVAL" \
    --seconds $((INTERVAL + 3 * (SECONDS_ + 1) + 2)) > /tmp/swiss-pollers.$$ & poller_pid=$!
sleep "$INTERVAL"  # one interval, so that every phone polls during the measurement
measure polling
wait $poller_pid; poller_pid=
echo "The phones ($POLLERS, every ${INTERVAL}s) during the middle run:"
sed 's/^/  /' /tmp/swiss-pollers.$$; rm -f /tmp/swiss-pollers.$$
# On a shared machine the load moves under the run: measuring the quiet case again shows by how much.
measure again
echo
printf '%-28s | %-36s | %-36s | %-36s\n' "page" "nobody polling" "$POLLERS phones polling" "nobody polling, again"
printf '%-28s | %9s %9s %7s %8s | %9s %9s %7s %8s | %9s %9s %7s %8s\n' "" req/s p99 "CPU ms" "" req/s p99 "CPU ms" "" req/s p99 "CPU ms" ""
for url in "${urls[@]}"; do
    printf '%-28s | %-36s | %-36s | %-36s\n' "${url#"$base"}" "${figures[quiet|$url]}" \
        "${figures[polling|$url]}" "${figures[again|$url]}"
done
printf '%-28s | %-36s | %-36s | %-36s\n' "load average (1 min)" "${loads[quiet]}" "${loads[polling]}" "${loads[again]}"
echo "CPU ms: gunicorn's CPU time per request served by wrk (while polling, the polls' CPU is included)."
