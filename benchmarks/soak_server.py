"""Soak: many computer-only tables and one person, for minutes, on one server.

    python benchmarks/soak_server.py --tables 100 --bots pimc --minutes 10 [--plot soak.png]
    python benchmarks/soak_server.py --tables 0 --minutes 0.5 --flood teach [--flood-clients 6]
    python benchmarks/soak_server.py --tables 0 --bots rules --think 0.05 --spectators 300

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

``--flood`` adds an attack from this process's address while the person plays (the victim):
``teach``: ``--flood-clients`` seats, each at its own table against two ``rules`` players,
ask teaching questions in a loop at their turn to play a card, each sent again as soon as
the last is answered (a tenth of a second after a refusal); ``analysis``: as many clients
ask, in a loop, for analyses of finished deals nobody asked for before (public tables of
``random`` players, played out before the clock starts; a refused one is asked again a
tenth of a second later).  Prints the victim table's turns (``victim-turns``, every seat's
actions), the time each of its computer players' actions took from the action before it
(``victim-bot-decision-p50-ms``, ``-p99-ms``, ``-max-ms``: the decision and its wait for a
worker), and the flood's answers and refusals.

``--spectators N``: the person's table is public and N spectators (websocket clients of this
process, each reading every frame it is sent) watch it.  Prints ``server-cpu-ms-per-action``
(always): the CPU time of the server's own process (user and system, from /proc; not its
computer players' workers) over the actions accepted meanwhile, from the moment every
spectator is connected; and the spectators' frames and closes.
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
from collections import Counter
from dataclasses import dataclass, field
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


@dataclass
class Victim:
    """The person's table as the person sees it: its turns (every seat's actions) and the
    seconds each of its computer players' actions took from the action before it."""

    turns: int = 0
    bot_gaps: list[float] = field(default_factory=list)
    last: float = 0.0

    def event(self, frame: dict[str, Any], seat: int, now: float) -> None:
        self.turns += 1
        if frame["event"]["seat"] != seat and self.last:
            self.bot_gaps.append(now - self.last)
        self.last = now


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) a process has used so far, in seconds, from /proc."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Watching:
    """The spectators of the person's (first) table: how many, how many are connected, the
    frames they were sent, how many were closed before the end."""

    n: int
    table: asyncio.Future[str]
    connected: int = 0
    frames: int = 0
    closed: int = 0

    def ready(self) -> bool:
        return self.connected >= self.n


async def spectator(port: int, watching: Watching, stop: float) -> None:
    """A spectator of the person's table, reading every frame until the end."""
    try:
        table_id = await asyncio.wait_for(asyncio.shield(watching.table), stop - time.monotonic())
    except TimeoutError:
        return
    try:
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{table_id}", max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "hello", "watch": True}))
            await ws.recv()  # the sync: watching from now on
            watching.connected += 1
            while time.monotonic() < stop:
                try:
                    await asyncio.wait_for(ws.recv(), timeout=1)
                except TimeoutError:
                    continue
                watching.frames += 1
    except (websockets.ConnectionClosed, websockets.InvalidHandshake, OSError):
        watching.closed += 1


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
    victim: Victim,
    watching: Watching,
) -> None:
    """A person at tables with two computer players, one session after another (public
    tables when spectators watch the first)."""
    while time.monotonic() < stop:
        bot = {"kind": "bot", "name": "B", "spec": bots}
        seats = [{"kind": "person", "name": "P"}, bot, bot]
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            r = await http.post(
                "/api/tables", json={"deals": 48, "seats": seats, "public": watching.n > 0}
            )
            r.raise_for_status()
        table = r.json()
        if not watching.table.done():
            watching.table.set_result(table["id"])
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
            victim,
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
    victim: Victim,
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
                if frame.get("type") == "event":
                    victim.event(frame, seat, now)
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
            pending = (version + 1, time.monotonic())
            text = random_action(view, rng)
            await ws.send(json.dumps({"type": "action", "action": text, "version": version}))


def random_action(view: dict[str, Any], rng: random.Random) -> str:
    """A random legal action of the seat's view (never a claim), as text."""
    options = [a for a in view["legal"] if a["kind"] != "claim"]
    a = rng.choice(options)
    if a["kind"] == "discard":
        picked = rng.sample(view["hand"], 2)
        return f"discard {code(picked[0])} {code(picked[1])}"
    text: str = a["action"]
    return text


def my_turn(view: dict[str, Any], seat: int) -> bool:
    return bool(
        view and not view.get("over") and view.get("current_player") == seat and view.get("legal")
    )


# -- floods: an attack from this process's address beside the victim ------------------------


async def teach_flooder(
    base: str, port: int, rng: random.Random, stop: float, answers: Counter[str]
) -> None:
    """A seat at its own table against two ``rules`` players: it plays on to its turn to play
    a card, then asks teaching questions about its cards in a loop, each as soon as the last
    is answered (``teach``), or a tenth of a second after a refusal (the error's code)."""
    bot = {"kind": "bot", "name": "R", "spec": "rules"}
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        r = await http.post(
            "/api/tables",
            json={"deals": 48, "seats": [{"kind": "person", "name": "T"}, bot, bot]},
        )
        r.raise_for_status()
    table = r.json()
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{table['id']}", max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "seat": 0, "token": table["tokens"]["0"]}))
        view: dict[str, Any] = {}
        version, done_at, asking = -1, -2, False
        while time.monotonic() < stop:
            try:
                frame = json.loads(await asyncio.wait_for(ws.recv(), timeout=1))
            except TimeoutError:
                continue
            if "view" in frame:
                view, version = frame["view"], frame["version"]
            if frame["type"] in ("teach", "error"):
                answers[frame.get("code", "teach")] += 1
                asking = False
                if frame["type"] == "error":
                    await asyncio.sleep(0.1)  # refused: asked again ten times a second
            if asking or version == done_at or not my_turn(view, 0):
                continue
            cards = [a["card"] for a in view["legal"] if a["kind"] == "play"]
            if cards:
                ask = {"type": "teach", "card": rng.choice(cards), "version": version}
                await ws.send(json.dumps(ask))
                asking = True
            else:  # the auction: on to a card
                act = {"type": "action", "action": random_action(view, rng), "version": version}
                await ws.send(json.dumps(act))
                done_at = version


async def finished_deals(base: str, tables: int, deals: int) -> list[tuple[str, int]]:
    """Public tables of ``random`` players, played out: their finished deals."""
    bot = {"kind": "bot", "name": "X", "spec": "random"}
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        ids = []
        for _ in range(tables):
            r = await http.post(
                "/api/tables", json={"deals": deals, "seats": [bot] * 3, "public": True}
            )
            r.raise_for_status()
            ids.append(r.json()["id"])
        for tid in ids:
            while len((await http.get(f"/api/tables/{tid}/deals")).json()) < deals:
                await asyncio.sleep(0.5)
    return [(tid, n) for n in range(1, deals + 1) for tid in ids]


async def analysis_flooder(
    base: str, todo: list[tuple[str, int]], stop: float, answers: Counter[str]
) -> None:
    """Analyses of finished deals nobody asked for before, one after another (a refused
    one is asked again a tenth of a second later); each answer's status counted."""
    async with httpx.AsyncClient(base_url=base, timeout=180) as http:
        while time.monotonic() < stop and todo:
            tid, n = todo.pop()
            try:
                r = await http.get(f"/api/tables/{tid}/deals/{n}/analysis")
            except httpx.HTTPError:
                answers["http-error"] += 1
                continue
            answers[str(r.status_code)] += 1
            if r.status_code != 200:
                todo.insert(0, (tid, n))
                await asyncio.sleep(0.1)


@dataclass(frozen=True)
class FloodPlan:
    """The attack beside the victim: ``kind`` (none, teach, analysis), how many clients."""

    kind: str = "none"
    clients: int = 6

    async def prepare(self, base: str) -> list[tuple[str, int]]:
        """The finished deals an analysis flood asks for (played out before the clock)."""
        if self.kind != "analysis":
            return []
        return await finished_deals(base, 8, 12)

    def start(
        self, base: str, port: int, stop: float, todo: list[tuple[str, int]], seed: int
    ) -> tuple[list[asyncio.Task[None]], Counter[str]]:
        answers: Counter[str] = Counter()
        if self.kind == "teach":
            works = [
                teach_flooder(base, port, random.Random(seed + i), stop, answers)
                for i in range(self.clients)
            ]
        elif self.kind == "analysis":
            works = [analysis_flooder(base, todo, stop, answers) for _ in range(self.clients)]
        else:
            works = []
        return [asyncio.create_task(w) for w in works], answers


async def soak(
    base: str,
    port: int,
    bots: str,
    seconds: float,
    think: float,
    server: subprocess.Popen[bytes],
    seed: int,
    flood: FloodPlan,
    spectators: int,
) -> dict[str, Any]:
    todo = await flood.prepare(base)
    stop = time.monotonic() + seconds
    latencies: list[tuple[float, float]] = []
    waits: list[float] = []
    errors: dict[str, int] = {}
    rss: list[tuple[float, float]] = []
    actions: list[tuple[float, int]] = []
    victim = Victim()
    watching = Watching(spectators, asyncio.get_running_loop().create_future())
    cpu: list[tuple[float, int]] = []  # (server CPU seconds, accepted actions), all watching
    t0 = time.monotonic()
    task = asyncio.create_task(
        person(
            base,
            port,
            bots,
            random.Random(seed),
            stop,
            think,
            latencies,
            waits,
            errors,
            victim,
            watching,
        )
    )
    watchers = [asyncio.create_task(spectator(port, watching, stop)) for _ in range(spectators)]
    flooders, answers = flood.start(base, port, stop, todo, seed)
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
                    spent = cpu_seconds(server.pid)
                    health = (await http.get("/api/health")).json()
                    actions.append((now - t0, health["actions"]))
                    if watching.ready():
                        cpu.append((spent, health["actions"]))
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
        await asyncio.gather(*watchers)
        for f in flooders:
            f.cancel()
        await asyncio.gather(*flooders, return_exceptions=True)
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
        "victim": victim,
        "flood": answers,
        "watching": watching,
        "cpu": cpu,
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
    ap.add_argument(
        "--flood", choices=("none", "teach", "analysis"), default="none", help="an attack beside"
    )
    ap.add_argument("--flood-clients", type=int, default=6, help="the attack's clients")
    ap.add_argument(
        "--spectators", type=int, default=0, help="spectators of the person's (public) table"
    )
    args = ap.parse_args()
    if not 0 <= args.tables <= 2000 or not 0 < args.minutes <= 24 * 60:
        ap.error("--tables 0..2000, --minutes above 0")
    if not 1 <= args.flood_clients <= 100:
        ap.error("--flood-clients 1..100")
    if not 0 <= args.spectators <= 1000:
        ap.error("--spectators 0..1000")
    if args.plot is not None and not args.plot.parent.exists():
        ap.error(f"--plot: no folder {args.plot.parent}")
    base = f"http://127.0.0.1:{args.port}"
    with tempfile.TemporaryDirectory() as tmp:
        server = start_server(
            f"sqlite:///{Path(tmp) / 'soak.sqlite3'}",
            args.port,
            [*watch_options(args.spectators), *args.serve_args.split()],
            stderr=subprocess.PIPE,
        )
        try:
            bot = {"kind": "bot", "name": "B", "spec": args.bots}
            for _ in range(args.tables):
                r = httpx.post(f"{base}/api/tables", json={"deals": 48, "seats": [bot] * 3})
                r.raise_for_status()
            flood = FloodPlan(args.flood, args.flood_clients)
            res = asyncio.run(
                soak(
                    base,
                    args.port,
                    args.bots,
                    args.minutes * 60,
                    args.think,
                    server,
                    args.seed,
                    flood,
                    args.spectators,
                )
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
    print_victim(res, args)
    print_cpu(res)
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


def print_victim(res: dict[str, Any], args: argparse.Namespace) -> None:
    """The victim table's turns and its computer players' tail latency, and the flood's
    answers (their counts by frame type, error code or HTTP status)."""
    victim: Victim = res["victim"]
    gaps = [x * 1000 for x in victim.bot_gaps]
    print(f"flood: {args.flood}" + (f" x {args.flood_clients}" if args.flood != "none" else ""))
    print(f"victim-turns: {victim.turns} in {res['seconds']:.0f} s")
    print(f"victim-bot-decisions: {len(gaps)}")
    print(f"victim-bot-decision-p50-ms: {pct(gaps, 0.5):.0f}")
    print(f"victim-bot-decision-p99-ms: {pct(gaps, 0.99):.0f}")
    print(f"victim-bot-decision-max-ms: {max(gaps, default=float('nan')):.0f}")
    if args.flood != "none":
        print(f"flood-answers: {json.dumps(dict(sorted(res['flood'].items())))}")
    jobs = res["health"].get("jobs")
    if jobs is not None:
        print(f"job-pool: {json.dumps(jobs)}")


def watch_options(spectators: int) -> list[str]:
    """``ulti serve``'s options for ``spectators`` on this process's one address."""
    if not spectators:
        return []
    room = str(spectators + 50)
    return ["--max-per-address", room, "--watch-per-address", room, "--http-per-address", room]


def print_cpu(res: dict[str, Any]) -> None:
    """The server process's CPU time per accepted action, and the spectators' frames."""
    cpu: list[tuple[float, int]] = res["cpu"]
    acted = cpu[-1][1] - cpu[0][1] if len(cpu) > 1 else 0
    per = (cpu[-1][0] - cpu[0][0]) / acted * 1000 if acted else float("nan")
    print(f"server-cpu-ms-per-action: {per:.2f} (over {acted} actions)")
    w: Watching = res["watching"]
    if w.n:
        print(f"spectators: {w.n}, connected {w.connected}, frames {w.frames}, closed {w.closed}")


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
