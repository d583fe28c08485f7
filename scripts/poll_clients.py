"""Phones polling live public pages, for scripts/bench_polling.sh: bounded, loopback only.

Each client fetches its page once (a 200 with the ETag), then asks again every `--interval`
seconds (jittered) with If-None-Match, as the browser does for the pages' htmx polling; a
new connection per request, as a phone's would be after a pause. Prints what it got.

    python scripts/poll_clients.py http://127.0.0.1:8765/t/load-open/round/6/ [more URLs]
        --clients 1000 --interval 30 --seconds 40
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from urllib.parse import urlsplit

MAX_CLIENTS, MAX_SECONDS = 2000, 300


async def fetch(host: str, port: int, path: str, etag: str | None) -> tuple[int, str | None]:
    reader, writer = await asyncio.open_connection(host, port)
    conditional = f"If-None-Match: {etag}\r\n" if etag else ""
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\n{conditional}Connection: close\r\n\r\n".encode())
    await writer.drain()
    data = await reader.read()
    writer.close()
    head = data.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    status = int(head[0].split()[1])
    tags = [line.split(":", 1)[1].strip() for line in head[1:] if line.lower().startswith("etag:")]
    return status, tags[0] if tags else None


Seen = dict[str, list[float]]  # seconds per request, by status ("200", "304", "error")


async def client(url: str, interval: float, until: float, seen: Seen, rng: random.Random) -> None:
    parts = urlsplit(url)
    host, port = parts.hostname or "", parts.port or 80
    etag: str | None = None
    await asyncio.sleep(rng.uniform(0, interval))  # phones do not poll in step
    while time.monotonic() < until:
        start = time.monotonic()
        try:
            status, tag = await fetch(host, port, parts.path, etag)
        except OSError:
            seen.setdefault("error", []).append(time.monotonic() - start)
        else:
            seen.setdefault(str(status), []).append(time.monotonic() - start)
            etag = tag or etag
        await asyncio.sleep(interval * rng.uniform(0.9, 1.1))


def p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100)[98] if len(values) >= 2 else (values or [0.0])[0]


async def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("urls", nargs="+")
    parser.add_argument("--clients", type=int, default=1000)
    parser.add_argument("--interval", type=float, default=30.0)
    parser.add_argument("--seconds", type=float, default=40.0)
    args = parser.parse_args()
    if not all(urlsplit(url).hostname in ("127.0.0.1", "localhost", "::1") for url in args.urls):
        parser.error("loopback addresses only")
    clients, seconds = min(args.clients, MAX_CLIENTS), min(args.seconds, MAX_SECONDS)
    rng = random.Random(24)
    seen: Seen = {}
    until = time.monotonic() + seconds
    await asyncio.gather(
        *(client(args.urls[n % len(args.urls)], args.interval, until, seen, rng) for n in range(clients))
    )
    total = sum(len(v) for v in seen.values())
    print(f"{clients} polling clients, every {args.interval:g} s, {seconds:g} s: {total} requests")
    for status, times in sorted(seen.items()):
        print(
            f"  {status}: {len(times)} requests, median {statistics.median(times) * 1000:.1f} ms,"
            f" p99 {p99(times) * 1000:.1f} ms"
        )


if __name__ == "__main__":
    asyncio.run(main())
