"""Soak: many computer-only tables and one person, for minutes, on one server.

    python benchmarks/soak_server.py --tables 100 --bots pimc --minutes 10 [--plot soak.png]

Starts ``ulti serve`` in its own process (SQLite, default settings but for the table-creation
rate), creates ``--tables`` tables whose three seats are computer players (``--bots``, at their
default budget: ``pimc`` is 32 samples or 200 ms a card) and one table where a person (a
websocket client of this process) plays against two of them (a new table when a session
ends), and lets them all play.  The
person thinks ``--think`` seconds before each action, then plays a random legal one; the time
from sending it to receiving its event is that action's latency.  Every two seconds the
resident memory of the server and its worker processes is read from /proc.

Prints ``crashes`` (the server process dying, plus computer-player worker processes that
crashed), ``peak-rss-mb`` (server and workers together), ``person-latency-p50-ms``,
``person-latency-p99-ms`` (and the max), ``actions-per-second`` (accepted actions, every table),
the person's actions, how long the person waited for the computer players at their table,
and the bot pool's counters.  Linux only (/proc).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
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
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from bench_server import start_server
from ulti.core.cards import code


def tree_rss_mb(pid: int) -> float:
    """Resident memory of a process and all its descendants (MiB), from /proc."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    total = 0
    todo = [pid]
    while todo:
        p = todo.pop()
        todo.extend(children.get(p, []))
        try:
            with open(f"/proc/{p}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def pct(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


async def person(
    base: str,
    port: int,
    bots: str,
    rng: random.Random,
    stop: float,
    think: float,
    latencies: list[tuple[float, float]],
    waits: list[float],
    errors: dict[str, int],
) -> None:
    """A person at tables with two computer players, one session after another."""
    while time.monotonic() < stop:
        bot = {"kind": "bot", "name": "B", "spec": bots}
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            r = await http.post(
                "/api/tables",
                json={"deals": 48, "seats": [{"kind": "person", "name": "P"}, bot, bot]},
            )
            r.raise_for_status()
        table = r.json()
        await session(
            f"ws://127.0.0.1:{port}/ws/{table['id']}",
            table["tokens"]["0"],
            0,
            rng,
            stop,
            think,
            latencies,
            waits,
            errors,
        )


async def session(
    url: str,
    token: str,
    seat: int,
    rng: random.Random,
    stop: float,
    think: float,
    latencies: list[tuple[float, float]],
    waits: list[float],
    errors: dict[str, int],
) -> None:
    """One session at one table: the person acts when it is their turn."""
    async with websockets.connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "seat": seat, "token": token}))
        view: dict[str, Any] = {}
        version = -1
        pending: tuple[int, float] | None = None  # (version it will have, sent at)
        my_turn_since: float | None = None
        last_ack = time.monotonic()
        while time.monotonic() < stop and not view.get("session_over"):
            try:
                frame = json.loads(await asyncio.wait_for(ws.recv(), timeout=1))
            except TimeoutError:
                frame = None
            now = time.monotonic()
            if frame is not None:
                if frame["type"] == "error":
                    errors[frame["code"]] = errors.get(frame["code"], 0) + 1
                    pending = None
                    await ws.send(json.dumps({"type": "hello", "since": None}))
                    continue
                if "view" in frame:
                    view, version = frame["view"], frame["version"]
                if (
                    pending is not None
                    and frame.get("type") == "event"
                    and frame["version"] == pending[0]
                ):
                    latencies.append((now, now - pending[1]))
                    pending = None
                    last_ack = now
            mine = (
                view
                and not view.get("over")
                and view.get("current_player") == seat
                and view.get("legal")
            )
            if not mine:
                my_turn_since = None
                continue
            if my_turn_since is None:
                my_turn_since = now
                waits.append(now - last_ack)  # the computer players' moves in between
            if pending is not None or now - my_turn_since < think:
                continue
            options = [a for a in view["legal"] if a["kind"] != "claim"]
            a = rng.choice(options)
            if a["kind"] == "discard":
                picked = rng.sample(view["hand"], 2)
                text = f"discard {code(picked[0])} {code(picked[1])}"
            else:
                text = a["action"]
            pending = (version + 1, time.monotonic())
            await ws.send(json.dumps({"type": "action", "action": text, "version": version}))


async def soak(
    base: str,
    port: int,
    bots: str,
    seconds: float,
    think: float,
    server: subprocess.Popen[bytes],
    seed: int,
) -> dict[str, Any]:
    stop = time.monotonic() + seconds
    latencies: list[tuple[float, float]] = []
    waits: list[float] = []
    errors: dict[str, int] = {}
    rss: list[tuple[float, float]] = []
    actions: list[tuple[float, int]] = []
    t0 = time.monotonic()
    task = asyncio.create_task(
        person(base, port, bots, random.Random(seed), stop, think, latencies, waits, errors)
    )
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        columns = (
            TextColumn("soak"),
            BarColumn(),
            TimeElapsedColumn(),
            TextColumn("{task.fields[info]}"),
        )
        with Progress(*columns) as progress:
            bar = progress.add_task("soak", total=seconds, info="")
            while time.monotonic() < stop and server.poll() is None:
                await asyncio.sleep(2)
                now = time.monotonic()
                rss.append((now - t0, tree_rss_mb(server.pid)))
                try:
                    health = (await http.get("/api/health")).json()
                    actions.append((now - t0, health["actions"]))
                except httpx.HTTPError:
                    health = {}
                lat = [x for _, x in latencies]
                progress.update(
                    bar,
                    completed=min(seconds, now - t0),
                    info=(
                        f"actions {health.get('actions', '?')} · rss {rss[-1][1]:.0f} MB · person "
                        f"p99 {pct(lat, 0.99) * 1000:.0f} ms over {len(lat)}"
                    ),
                )
        await task
        try:
            health = (await http.get("/api/health")).json()
        except httpx.HTTPError:
            health = {}
    return {
        "latencies": [(t - t0, x) for t, x in latencies],
        "waits": waits,
        "errors": errors,
        "rss": rss,
        "actions": actions,
        "health": health,
        "seconds": time.monotonic() - t0,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=100, help="computer-only tables")
    ap.add_argument("--bots", default="pimc", help="the computer players (a player spec)")
    ap.add_argument("--minutes", type=float, default=2.0)
    ap.add_argument(
        "--think", type=float, default=0.3, help="seconds the person waits before each action"
    )
    ap.add_argument("--port", type=int, default=8788)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--plot", type=Path, help="a PNG of latency, memory and throughput")
    ap.add_argument("--serve-args", default="", help="more options for ulti serve")
    args = ap.parse_args()
    if not 1 <= args.tables <= 2000 or not 0 < args.minutes <= 24 * 60:
        ap.error("--tables 1..2000, --minutes above 0")
    if args.plot is not None and not args.plot.parent.exists():
        ap.error(f"--plot: no folder {args.plot.parent}")
    base = f"http://127.0.0.1:{args.port}"
    with tempfile.TemporaryDirectory() as tmp:
        server = start_server(
            f"sqlite:///{Path(tmp) / 'soak.sqlite3'}",
            args.port,
            args.serve_args.split(),
            stderr=subprocess.PIPE,
        )
        try:
            bot = {"kind": "bot", "name": "B", "spec": args.bots}
            for _ in range(args.tables):
                r = httpx.post(f"{base}/api/tables", json={"deals": 48, "seats": [bot] * 3})
                r.raise_for_status()
            res = asyncio.run(
                soak(base, args.port, args.bots, args.minutes * 60, args.think, server, args.seed)
            )
            server_died = server.poll() is not None
        finally:
            server.terminate()
            try:
                _, err = server.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                _, err = server.communicate()
    lat = [x * 1000 for _, x in res["latencies"]]
    bots = res["health"].get("bots", {})
    crashes = int(server_died) + int(bots.get("crashes", 0))
    acts = res["actions"]
    aps = (acts[-1][1] - acts[0][1]) / (acts[-1][0] - acts[0][0]) if len(acts) > 1 else 0.0
    print(f"tables: {args.tables} x {args.bots} + 1 person, {res['seconds'] / 60:.1f} minutes")
    print(f"crashes: {crashes}")
    print(f"server-process-died: {server_died}")
    print(f"peak-rss-mb: {max((m for _, m in res['rss']), default=0):.0f}")
    print(f"person-actions: {len(lat)}")
    print(f"person-latency-p50-ms: {statistics.median(lat) if lat else float('nan'):.1f}")
    print(f"person-latency-p99-ms: {pct(lat, 0.99):.1f}")
    print(f"person-latency-max-ms: {max(lat, default=float('nan')):.1f}")
    print(f"person-wait-for-bots-p50-ms: {pct(res['waits'], 0.5) * 1000:.0f}")
    print(f"actions-per-second: {aps:.1f}")
    print(f"bot-pool: {json.dumps(bots)}")
    if res["errors"]:
        print(f"person-refused-frames: {res['errors']}")
    log = err.decode(errors="replace")
    tracebacks = log.count("Traceback")
    print(f"server-log-tracebacks: {tracebacks}")
    if tracebacks:
        print(log[log.index("Traceback") - 200 :][:3000])
    warnings = [line for line in log.splitlines() if line.startswith(("WARNING", "ERROR"))]
    print(f"server-log-warnings: {len(warnings)}")
    for line in warnings[:5]:
        print(f"  {line[:300]}")
    if args.plot is not None:
        plot(args.plot, res, args)
    sys.exit(1 if crashes or tracebacks else 0)


def plot(path: Path, res: dict[str, Any], args: argparse.Namespace) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(3, 1, figsize=(8, 8), sharex=True)
    axes[0].plot(
        [t for t, _ in res["latencies"]], [x * 1000 for _, x in res["latencies"]], ".", ms=3
    )
    axes[0].axhline(100, color="red", lw=0.8, label="100 ms")
    axes[0].set_ylabel("person's action\nacknowledged (ms)")
    axes[0].legend(loc="upper right")
    axes[1].plot([a for a, _ in res["rss"]], [m for _, m in res["rss"]])
    axes[1].set_ylabel("server + workers\nRSS (MB)")
    acts = res["actions"]
    rate = [
        (b[0], (b[1] - a[1]) / (b[0] - a[0])) for a, b in itertools.pairwise(acts) if b[0] > a[0]
    ]
    axes[2].plot([a for a, _ in rate], [r for _, r in rate])
    axes[2].set_ylabel("actions / s\n(all tables)")
    axes[2].set_xlabel("seconds")
    fig.suptitle(f"soak: {args.tables} x {args.bots} tables + 1 person")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    print(f"plot: {path}")


if __name__ == "__main__":
    main()
