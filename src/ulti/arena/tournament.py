"""Duplicate tournaments: every deal is played under every seating of the players, so that the
luck of the cards cancels.

The unit of work is one deal under one seating (:class:`Unit` -> :class:`UnitResult`): a
unit carries everything needed to play it (rules, seed, dealer, player specs and seeds), so
units can be farmed out to worker processes here, or to a distributed engine later.

A player's score for a deal is the mean, over the seatings of that deal, of the units it won
per seat it held; its result is the mean over deals with a 95% confidence interval (deals are
independent; the seatings of one deal are not, which is why they are averaged first).
"""

from __future__ import annotations

import json
import logging
import math
import statistics
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from itertools import pairwise, product
from pathlib import Path
from typing import Any, Generic, TypeVar

from ulti.core.errors import CatalogueError
from ulti.core.seeds import derive_seed
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.rules import Ruleset
from ulti.games.ulti.scoring import SILENT_BASE
from ulti.players import make_player
from ulti.players.base import play_deal

U = TypeVar("U")
R = TypeVar("R")


@dataclass(frozen=True)
class Unit:
    """One deal under one seating."""

    index: int  # the deal's number in the tournament
    seed: int
    dealer: int
    seating: tuple[int, int, int]  # which player (index into specs) sits at each seat
    specs: tuple[str, ...]
    player_seeds: tuple[int, ...]
    rules: dict[str, Any]


@dataclass
class UnitResult:
    index: int
    seating: tuple[int, int, int]
    returns: tuple[int, int, int]  # units won by each seat
    soloist: int  # seat, -1 if none
    contract: str | None
    made: bool  # every component of the contract won
    times: list[list[float]] = field(default_factory=list)  # decision seconds per seat
    card_times: list[list[float]] = field(default_factory=list)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> UnitResult:
        """A result as :func:`dataclasses.asdict` wrote it (a checkpoint's line)."""
        seating, returns = tuple(d["seating"]), tuple(d["returns"])
        if len(seating) != 3 or len(returns) != 3:
            raise ValueError("three seats")
        return cls(
            int(d["index"]),
            (int(seating[0]), int(seating[1]), int(seating[2])),
            (int(returns[0]), int(returns[1]), int(returns[2])),
            int(d["soloist"]),
            None if d["contract"] is None else str(d["contract"]),
            bool(d["made"]),
            [[float(t) for t in ts] for ts in d.get("times", [])],
            [[float(t) for t in ts] for ts in d.get("card_times", [])],
        )


def seatings(n_players: int) -> list[tuple[int, int, int]]:
    """Every way to seat ``n_players`` players at three seats with each playing (for three
    players: the six orders)."""
    out = [s for s in product(range(n_players), repeat=3) if len(set(s)) == min(n_players, 3)]
    return [(a, b, c) for a, b, c in out]


def units(specs: Sequence[str], deals: int, seed: int, rules: Ruleset) -> Iterator[Unit]:
    pseeds = tuple(derive_seed(seed, 1_000_000 + i) for i in range(len(specs)))
    for i in range(deals):
        deal_seed = derive_seed(seed, i)
        for seating in seatings(len(specs)):
            yield Unit(i, deal_seed, i % 3, seating, tuple(specs), pseeds, rules.to_dict())


def contract_made(d: Deal) -> bool:
    """Whether the soloist won every component of the contract (a Simple forfeited under A5
    and a thrown-in deal, W2, are not made: no component was played)."""
    if d.settlement is None or d.contract is None:
        return False
    parts = [ln for ln in d.settlement.lines if 0 <= ln.item_id < SILENT_BASE]
    return bool(parts) and all(ln.outcome == "won" for ln in parts)


def run_unit(u: Unit) -> UnitResult:
    rules = Ruleset.from_dict(u.rules)
    players = [make_player(u.specs[b], u.player_seeds[b]) for b in u.seating]
    # the game number is the deal's: the same player meets the same deal the same way
    run = play_deal(rules, u.seed, u.dealer, players, game=u.index)
    d = run.deal
    made = contract_made(d)
    r = d.returns()
    return UnitResult(
        u.index,
        u.seating,
        (r[0], r[1], r[2]),
        d.soloist,
        d.contract.key if d.contract else None,
        made,
        [list(x) for x in run.times],
        [list(x) for x in run.card_times],
    )


# --------------------------------------------------------------------------------------------
# statistics


def ci95(xs: Sequence[float]) -> tuple[float, float] | None:
    """A 95% confidence interval of the mean (Student t); ``None`` from fewer than two values
    (one deal says nothing of the spread)."""
    n = len(xs)
    if n < 2:
        return None
    m = statistics.fmean(xs)
    sd = statistics.stdev(xs)
    return (m - t95(n - 1) * sd / math.sqrt(n), m + t95(n - 1) * sd / math.sqrt(n))


def t95(df: int) -> float:
    """The two-sided 95% quantile of Student's t (tabled, then the normal limit)."""
    table = {
        1: 12.706,
        2: 4.303,
        3: 3.182,
        4: 2.776,
        5: 2.571,
        6: 2.447,
        7: 2.365,
        8: 2.306,
        9: 2.262,
        10: 2.228,
        12: 2.179,
        15: 2.131,
        20: 2.086,
        25: 2.060,
        30: 2.042,
        40: 2.021,
        60: 2.000,
        120: 1.980,
    }
    if df in table:
        return table[df]
    keys = sorted(table)
    for a, b in pairwise(keys):
        if a < df < b:
            return table[b] + (table[a] - table[b]) * (1 / df - 1 / b) / (1 / a - 1 / b)
    return 1.96


def percentile(xs: Sequence[float], q: float) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    k = (len(s) - 1) * q
    lo, hi = math.floor(k), math.ceil(k)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def summarize(specs: Sequence[str], results: Sequence[UnitResult]) -> dict[str, Any]:
    names = list(specs)
    per_deal: dict[int, list[list[float]]] = {}
    contracts: list[dict[str, dict[str, float]]] = [{} for _ in names]
    times: list[list[float]] = [[] for _ in names]
    card_times: list[list[float]] = [[] for _ in names]
    for r in results:
        slot = per_deal.setdefault(r.index, [[] for _ in names])
        for b in set(r.seating):
            seats = [s for s in range(3) if r.seating[s] == b]
            slot[b].append(statistics.fmean(r.returns[s] for s in seats))
        for s in range(3):
            times[r.seating[s]] += r.times[s] if r.times else []
            card_times[r.seating[s]] += r.card_times[s] if r.card_times else []
        if r.soloist >= 0 and r.contract:
            b = r.seating[r.soloist]
            c = contracts[b].setdefault(r.contract, {"bid": 0, "made": 0, "units": 0.0})
            c["bid"] += 1
            c["made"] += int(r.made)
            c["units"] += r.returns[r.soloist]
    out: dict[str, Any] = {"bots": {}, "pairs": {}}
    labels = [name if names.count(name) == 1 else f"{name}#{b}" for b, name in enumerate(names)]
    for a in range(len(names)):
        for b in range(len(names)):
            if a == b:
                continue
            diffs = [
                statistics.fmean(v[a]) - statistics.fmean(v[b])
                for v in per_deal.values()
                if v[a] and v[b]
            ]
            if diffs:
                ci = ci95(diffs)
                out["pairs"][f"{labels[a]} - {labels[b]}"] = {
                    "mean": statistics.fmean(diffs),
                    "ci95": list(ci) if ci else None,
                    "deals": len(diffs),
                }
    for b in range(len(names)):
        deal_means = [statistics.fmean(v[b]) for v in per_deal.values() if v[b]]
        ci = ci95(deal_means)
        out["bots"][labels[b]] = {
            "mean": statistics.fmean(deal_means) if deal_means else 0.0,
            "ci95": list(ci) if ci else None,
            "deals": len(deal_means),
            "contracts": {
                k: {
                    "bid": int(v["bid"]),
                    "made": int(v["made"]),
                    "mean_units": v["units"] / v["bid"],
                }
                for k, v in sorted(contracts[b].items(), key=lambda kv: -kv[1]["bid"])
            },
            "decision_ms": {
                "mean": 1000 * statistics.fmean(times[b]) if times[b] else 0.0,
                "median": 1000 * percentile(times[b], 0.5),
                "p95": 1000 * percentile(times[b], 0.95),
                "count": len(times[b]),
            },
            "card_decision_ms": {
                "median": 1000 * percentile(card_times[b], 0.5),
                "p95": 1000 * percentile(card_times[b], 0.95),
                "count": len(card_times[b]),
            },
        }
    return out


class RayError(Exception):
    """Ray is missing, or the cluster named could not be reached."""


def play_units(
    todo: Sequence[U],
    run: Callable[[U], R],
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    ray_address: str | None = None,
    checkpoint: Checkpoint[R] | None = None,
) -> list[R]:
    """Run every unit of a tournament (Ulti's or Snapszli's), in this process, in ``workers``
    spawned processes (``run`` must be a module-level function), or as Ray tasks on the
    cluster at ``ray_address`` (``local``: a Ray started here for the run, and stopped after
    it); ``progress(done, total)`` after each.  The results come in the order they finish;
    they are the same wherever the units ran (a unit carries everything it needs).

    With a ``checkpoint`` (opened), the units it holds are not played again: their results
    come first (``progress`` is told of them before any play), and each new one is added to
    it as soon as it is done."""
    results: list[R] = list(checkpoint.done) if checkpoint else []
    held = {checkpoint.key(r) for r in results} if checkpoint else set()
    left = [u for u in todo if unit_key(u) not in held]
    if progress and checkpoint:  # what an earlier run kept, before any play
        progress(len(results), len(todo))
    for r in stream_units(left, run, workers, ray_address):
        if checkpoint:
            checkpoint.add(r)
        results.append(r)
        if progress:
            progress(len(results), len(todo))
    return results


def unit_key(x: Any) -> tuple[int, tuple[int, ...]]:
    """What names a unit, and its result: the deal's number and the seating."""
    return (int(x.index), tuple(int(s) for s in x.seating))


class CheckpointError(CatalogueError):
    """A checkpoint that cannot be used: the catalogue's ``checkpoint.KEY`` (both languages)."""

    section = "checkpoint"


#: The first line of a checkpoint names its format and the tournament it belongs to.
CHECKPOINT_FORMAT = "ulti-tournament-checkpoint"


class Checkpoint(Generic[R]):
    """A tournament's finished units, kept in a file as they finish, so that a stopped
    tournament (a closed laptop, Ctrl-C, a killed worker) goes on where it stopped.

    The file is JSON lines: first ``{"format": ..., "config": ...}`` (the players, deals,
    seed, rules and game: a file of another tournament is refused, never overwritten), then
    one unit's result a line, decision times included, flushed to disk as it is written.  A
    last line cut off by a stop mid-write is dropped; any other line that does not read is
    refused with its number.  One run at a time: a second run on the same file is refused
    while the first holds it."""

    def __init__(
        self,
        path: Path,
        config: dict[str, Any],
        todo: Sequence[Any],
        read: Callable[[dict[str, Any]], R],
    ) -> None:
        self.path = path
        self.config = json.loads(json.dumps(config))  # as it reads back from the file
        self.todo = {unit_key(u) for u in todo}
        self.read = read
        self.done: list[R] = []
        self._file: Any = None

    @staticmethod
    def key(r: Any) -> tuple[int, tuple[int, ...]]:
        return unit_key(r)

    def __enter__(self) -> Checkpoint[R]:
        self.open()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def open(self) -> None:
        """Read what the file holds (its header checked), or start it; then hold it."""
        import fcntl

        try:
            f = self.path.open("a+b")
        except OSError as exc:
            raise CheckpointError("unwritable", path=self.path, why=exc.strerror or exc) from None
        try:
            fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            f.close()
            raise CheckpointError("busy", path=self.path) from None
        try:
            f.seek(0)
            self.done = self._load(f)
        except BaseException:
            f.close()
            raise
        self._file = f

    def _load(self, f: Any) -> list[R]:
        data = f.read()
        if not data:
            header = {"format": CHECKPOINT_FORMAT, "config": self.config}
            f.write((json.dumps(header) + "\n").encode())
            f.flush()
            return []
        lines = data.split(b"\n")
        cut = 0  # bytes of a last line cut off mid-write
        if lines[-1]:  # no newline after it: a stop mid-write
            cut = len(lines[-1])
        lines = lines[:-1]
        if not lines:
            raise CheckpointError("not-checkpoint", path=self.path)
        try:
            header = json.loads(lines[0])
        except ValueError:
            raise CheckpointError("not-checkpoint", path=self.path) from None
        if not isinstance(header, dict) or header.get("format") != CHECKPOINT_FORMAT:
            raise CheckpointError("not-checkpoint", path=self.path)
        theirs = header.get("config")
        if theirs != self.config:
            differ = sorted(
                k
                for k in set(self.config) | set(theirs if isinstance(theirs, dict) else {})
                if not isinstance(theirs, dict) or theirs.get(k) != self.config.get(k)
            )
            raise CheckpointError("other", path=self.path, what=", ".join(differ))
        out: list[R] = []
        seen: set[tuple[int, tuple[int, ...]]] = set()
        for n, line in enumerate(lines[1:], start=2):
            try:
                r = self.read(json.loads(line))
                k = unit_key(r)
            except (ValueError, TypeError, KeyError, AttributeError):
                raise CheckpointError("bad-line", path=self.path, line=n) from None
            if k not in self.todo or k in seen:
                raise CheckpointError("bad-line", path=self.path, line=n)
            seen.add(k)
            out.append(r)
        if cut:
            f.truncate(len(data) - cut)
            f.flush()
        return out

    def add(self, r: R) -> None:
        """Keep one more unit's result (on disk before this returns)."""
        import os

        assert self._file is not None, "the checkpoint is not open"
        self._file.write((json.dumps(asdict(r)) + "\n").encode())  # type: ignore[call-overload]
        self._file.flush()
        os.fsync(self._file.fileno())
        self.done.append(r)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()  # the lock goes with it
            self._file = None


def stream_units(
    todo: Sequence[U],
    run: Callable[[U], R],
    workers: int = 1,
    ray_address: str | None = None,
) -> Iterator[R]:
    """:func:`play_units` as a generator: each unit's result as soon as it is done (in the
    order they finish).  Closing the generator early stops the workers (and a Ray started for
    the run)."""
    if ray_address is not None:
        yield from _stream_on_ray(todo, run, ray_address)
        return
    if workers <= 1:
        for u in todo:
            yield run(u)
        return
    import multiprocessing as mp

    with mp.get_context("spawn").Pool(workers, initializer=_ignore_interrupt) as pool:
        yield from pool.imap_unordered(run, todo, chunksize=1)


def _ignore_interrupt() -> None:
    """A worker leaves Ctrl-C to the process that started it, which stops the workers and
    says what was kept (no traceback from each worker)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stream_on_ray(todo: Sequence[U], run: Callable[[U], R], address: str) -> Iterator[R]:
    """The units as Ray tasks, one CPU each; every node needs ulti installed (the same
    version: a unit is pickled by its module's classes)."""
    try:
        import ray
    except ImportError:
        raise RayError("--ray needs Ray: pip install 'ulti[research]'") from None
    started = not ray.is_initialized()
    if started:
        check_ray_address(address)
        try:
            ray.init(
                address=None if address == "local" else address,
                include_dashboard=False,
                log_to_driver=False,
                logging_level=logging.ERROR,
            )
        except (ConnectionError, ValueError, RuntimeError) as exc:
            raise RayError(f"cannot reach Ray at {address}: {str(exc)[:300]}") from None
    try:
        task = ray.remote(num_cpus=1)(run)
        pending = [task.remote(u) for u in todo]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield from ray.get(done)
    finally:
        if started:
            ray.shutdown()


def check_ray_address(address: str, timeout: float = 5.0) -> None:
    """Refuse at once a cluster address that nothing answers on (Ray itself would wait for
    minutes): ``HOST:PORT`` or ``ray://HOST:PORT``; ``local`` and ``auto`` are Ray's own."""
    import socket

    if address in ("local", "auto"):
        return
    hostport = address.removeprefix("ray://").rstrip("/")
    host, sep, port = hostport.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise RayError(f"--ray: 'local', 'auto', HOST:PORT or ray://HOST:PORT, not {address!r}")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout):
            pass
    except OSError as exc:
        raise RayError(f"cannot reach Ray at {address}: {exc.strerror or exc}") from None


def tournament(
    specs: Sequence[str],
    deals: int,
    seed: int,
    rules: Ruleset | None = None,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    ray_address: str | None = None,
    checkpoint: Path | None = None,
) -> tuple[dict[str, Any], list[UnitResult]]:
    """Play the tournament; ``progress(done, total)`` is called after each unit.  The units
    run here, in ``workers`` processes, or as Ray tasks (``ray_address``: ``local`` or a
    cluster's address); the results are the same.  With a ``checkpoint`` file
    (:class:`Checkpoint`) each finished unit is kept there at once, and a run given the file
    of the same tournament plays only the units it lacks (:class:`CheckpointError` for a file
    that cannot be used, before any play)."""
    rules = rules or Ruleset()
    todo = list(units(specs, deals, seed, rules))
    config = {
        "bots": list(specs),
        "deals": deals,
        "seed": seed,
        "seatings": len(seatings(len(specs))),
        "rules": rules.to_dict(),
    }
    if checkpoint is None:
        results = play_units(todo, run_unit, workers, progress, ray_address)
    else:
        with Checkpoint(checkpoint, {"game": "ulti", **config}, todo, UnitResult.from_dict) as cp:
            results = play_units(todo, run_unit, workers, progress, ray_address, cp)
    results.sort(key=lambda r: (r.index, r.seating))
    summary = summarize(specs, results)
    summary["config"] = config
    return summary, results


def write_json(summary: dict[str, Any], results: Sequence[Any], path: Path) -> None:
    """The summary and every unit's result (dataclasses; decision times left out)."""
    data = dict(summary)
    data["units"] = [
        {k: v for k, v in asdict(r).items() if k not in ("times", "card_times")} for r in results
    ]
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")


def winner_first(summary: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    """Each pair once, the one ahead first: (ahead, behind, its figures)."""
    out = []
    for pair, v in summary["pairs"].items():
        a, _, b = pair.partition(" - ")
        if v["mean"] > 0 or (v["mean"] == 0 and a < b):
            out.append((a, b, v))
    return out


def plot(summary: dict[str, Any], path: Path) -> None:
    """The players' mean units per deal and each pair's difference, with their 95% intervals;
    the title names the deals, seatings, seed and rules."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    def bars(ax: Any, labels: list[str], figures: list[dict[str, Any]], colour: str) -> None:
        means = [f["mean"] for f in figures]
        err = [
            [f["mean"] - f["ci95"][0] if f["ci95"] else 0.0 for f in figures],
            [f["ci95"][1] - f["mean"] if f["ci95"] else 0.0 for f in figures],
        ]
        ax.bar(labels, means, yerr=err, capsize=8, color=colour, alpha=0.85)
        ax.axhline(0, color="black", linewidth=0.8)

    bots = summary["bots"]
    pairs = winner_first(summary)
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4), dpi=120)
    bars(left, list(bots), list(bots.values()), "#4a7ebb")
    left.set_ylabel("units per deal (95% CI)")
    left.set_title("each player")
    bars(right, [f"{a}\n- {b}" for a, b, _ in pairs], [v for _, _, v in pairs], "#d08c2a")
    right.set_ylabel("difference per deal (95% CI)")
    right.set_title("each pair, the one ahead first")
    cfg = summary.get("config", {})
    rules = cfg.get("rules", {}).get("preset", "?")
    fig.suptitle(
        f"Duplicate tournament: {cfg.get('deals', '?')} deals x {cfg.get('seatings', '?')} "
        f"seatings, seed {cfg.get('seed', '?')}, rules {rules}"
    )
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
