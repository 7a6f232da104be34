"""The web server under load: N concurrent computer-only tables over websockets on loopback.

The server runs in its own process.  Each table has three seats, each a websocket client (in
this process) that plays a random legal action whenever it is its turn: computer players at
machine speed; the server checks, stores (SQLite, committed before the acknowledgement) and
broadcasts every action, a view per seat.  Latency: from sending an action to receiving the
event that acknowledges it.

    python benchmarks/bench_server.py [--tables 8] [--seconds 10] [--json PATH]

Prints ``actions-per-second``, ``latency-p50-ms`` and ``latency-p99-ms``; ``--json`` writes them
for ``compare.py``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

from report import HIGHER, LOWER, NONE, Report, add_json_option
from ulti.core.cards import code


def start_server(
    db: str, port: int, options: list[str], stderr: int | None = None
) -> subprocess.Popen[bytes]:
    """``ulti serve`` in its own process, as in production (the clients here do not share
    its interpreter nor its lock), tables created without a rate limit; returns once it
    answers."""
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "ulti.cli",
            "serve",
            "--port",
            str(port),
            "--db",
            db,
            "--tables-per-minute",
            "60000",
            *options,
        ],
        stdout=subprocess.DEVNULL,
        stderr=stderr,
    )
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health").status_code == 200:
                return proc
        except httpx.TransportError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError("the server did not start")
        time.sleep(0.1)


def random_action(v: dict[str, Any], rng: random.Random) -> str:
    """A random legal action of a seat's view, as its text (never a claim, which may be
    refused; a discard of two cards of the hand)."""
    a = rng.choice([a for a in v["legal"] if a["kind"] != "claim"])
    if a["kind"] == "discard":
        x, y = rng.sample(v["hand"], 2)
        return f"discard {code(x)} {code(y)}"
    return str(a["action"])


async def seat_client(
    url: str,
    seat: int,
    token: str,
    rng: random.Random,
    stop: float,
    latencies: list[float],
    counter: list[int],
    errors: dict[str, int],
) -> None:
    async with websockets.connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "seat": seat, "token": token}))
        sent_at: dict[int, float] = {}
        while time.monotonic() < stop:
            try:
                frame = json.loads(await asyncio.wait_for(ws.recv(), timeout=2))
            except TimeoutError:
                continue
            if frame["type"] == "error":  # refused (rate limit, stale): ask for a fresh view
                sent_at.clear()
                errors[frame["code"]] = errors.get(frame["code"], 0) + 1
                if frame["code"] == "rate-limited":
                    await asyncio.sleep(0.1)
                await ws.send(json.dumps({"type": "hello", "since": None}))
                continue
            v = frame.get("view")
            if v is None:
                continue
            ev = frame.get("event")
            if ev and ev["seat"] == seat and frame["version"] - 1 in sent_at:
                latencies.append(time.monotonic() - sent_at.pop(frame["version"] - 1))
                counter[0] += 1
            if v.get("session_over"):
                return
            if v["current_player"] == seat and v["legal"] and not v["over"]:
                text = random_action(v, rng)
                sent_at[frame["version"]] = time.monotonic()
                await ws.send(
                    json.dumps({"type": "action", "action": text, "version": frame["version"]})
                )


async def run(
    base: str, tables: int, seconds: float, errors: dict[str, int]
) -> tuple[int, list[float], float]:
    latencies: list[float] = []
    counter = [0]
    rng = random.Random(1)
    start = time.monotonic()
    stop = start + seconds
    async with httpx.AsyncClient() as http:

        async def one_table() -> None:
            while time.monotonic() < stop:
                r = await http.post(
                    f"{base}/api/tables",
                    json={"deals": 3, "seats": [{"kind": "person", "name": n} for n in "ABC"]},
                )
                t = r.json()
                url = base.replace("http", "ws") + f"/ws/{t['id']}"
                await asyncio.gather(
                    *(
                        seat_client(
                            url,
                            s,
                            t["tokens"][str(s)],
                            random.Random(rng.random()),
                            stop,
                            latencies,
                            counter,
                            errors,
                        )
                        for s in range(3)
                    )
                )

        await asyncio.gather(*(one_table() for _ in range(tables)))
    return counter[0], latencies, time.monotonic() - start


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=8)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--port", type=int, default=8931)
    ap.add_argument(
        "--rate",
        type=float,
        default=1000.0,
        help="per-connection rate limit, frames/s (the server's default is 10: "
        "for people, not for this benchmark's machine-speed clients)",
    )
    add_json_option(ap)
    args = ap.parse_args(argv)
    report = Report("bench_server", args)
    errors: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as tmp:
        server = start_server(
            f"sqlite:///{Path(tmp) / 'bench.sqlite3'}", args.port, ["--rate-limit", str(args.rate)]
        )
        try:
            n, lat, elapsed = asyncio.run(
                run(f"http://127.0.0.1:{args.port}", args.tables, args.seconds, errors)
            )
        finally:
            server.terminate()
            server.wait(30)  # the database is closed before its folder goes
    lat_ms = sorted(1000 * x for x in lat)
    p99 = lat_ms[min(len(lat_ms) - 1, int(0.99 * len(lat_ms)))] if lat_ms else 0.0
    print(f"tables: {args.tables}")
    report.figure("actions", n, NONE)
    report.figure("actions-per-second", n / elapsed, HIGHER)
    report.figure("latency-p50-ms", statistics.median(lat_ms) if lat_ms else 0.0, LOWER, ".1f")
    report.figure("latency-p99-ms", p99, LOWER, ".1f")
    print(f"refused-frames: {sum(errors.values())} {errors or ''}")
    report.meta["refused-frames"] = errors
    report.write(args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
