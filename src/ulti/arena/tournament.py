"""Duplicate tournaments of any game: every deal is played under every seating of the players,
so that the luck of the cards cancels.

The unit of work is one deal under one seating (:class:`Unit`): it carries everything needed to
play it (the rules, seed, dealer, player specs and seeds), so units can be farmed out to worker
processes or Ray tasks and give the same results wherever they run (:func:`play_units`).  A
checkpoint file keeps each finished unit (:mod:`ulti.arena.checkpoint`).  The statistics are
means with 95% intervals over the deals (:func:`ci95`: deals are independent, the seatings of
one deal are not, which is why a game's summary averages them first).

What is a game's own lives in its room: how a unit is played and scored, what its summary and
JSON say, what its chart shows (:mod:`ulti.arena.ulti`, :mod:`ulti.arena.snapszli`); it hands
:func:`play_tournament` an :class:`Arena`.
"""

from __future__ import annotations

import json
import logging
import math
import multiprocessing as mp
import signal
import socket
import statistics
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from itertools import pairwise, product
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from ulti.arena.checkpoint import (
    CHECKPOINT_FORMAT,
    Checkpoint,
    CheckpointError,
    Keyed,
    unit_key,
)
from ulti.core.seeds import derive_seed
from ulti.games.base import GameInfo

U = TypeVar("U")
K = TypeVar("K", bound=Keyed)
R = TypeVar("R", bound=Keyed)
T = TypeVar("T")


class Rules(Protocol):
    """A game's rules as a tournament needs them: as a dict, which every unit carries."""

    def to_dict(self) -> dict[str, Any]: ...


G = TypeVar("G", bound=Rules)


@dataclass(frozen=True)
class Unit:
    """One deal under one seating."""

    index: int  # the deal's number in the tournament
    seed: int
    dealer: int
    seating: tuple[int, ...]  # which player (index into specs) sits at each seat
    specs: tuple[str, ...]
    player_seeds: tuple[int, ...]
    rules: dict[str, Any]


def seatings(n_players: int, seats: int) -> list[tuple[int, ...]]:
    """Every way to seat ``n_players`` players at ``seats`` seats with each playing: for as
    many players as seats their orders; with more, every choice of them in every order; with
    fewer, every way for all of them to share the seats (one player alone plays itself)."""
    return [
        s for s in product(range(n_players), repeat=seats) if len(set(s)) == min(n_players, seats)
    ]


def units(
    seats: int, specs: Sequence[str], deals: int, seed: int, rules: dict[str, Any]
) -> Iterator[Unit]:
    """Every deal (its seed derived from ``seed``, the dealer in turn) under every seating."""
    pseeds = tuple(derive_seed(seed, 1_000_000 + i) for i in range(len(specs)))
    for i in range(deals):
        deal_seed = derive_seed(seed, i)
        for seating in seatings(len(specs), seats):
            yield Unit(i, deal_seed, i % seats, seating, tuple(specs), pseeds, rules)


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


def interval(xs: Sequence[float]) -> list[float] | None:
    """:func:`ci95` as a summary writes it (a list; ``None`` from fewer than two values)."""
    ci = ci95(xs)
    return list(ci) if ci else None


#: the two-sided 95% quantiles of Student's t by degrees of freedom
_T95 = {
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


def t95(df: int) -> float:
    """The two-sided 95% quantile of Student's t (tabled, then the normal limit)."""
    if df in _T95:
        return _T95[df]
    for a, b in pairwise(sorted(_T95)):
        if a < df < b:
            return _T95[b] + (_T95[a] - _T95[b]) * (1 / df - 1 / b) / (1 / a - 1 / b)
    return 1.96


def percentile(xs: Sequence[float], q: float) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    k = (len(s) - 1) * q
    lo, hi = math.floor(k), math.ceil(k)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def decision_ms(times: Sequence[float]) -> dict[str, float | int]:
    """Decision times (seconds) as a summary writes them: mean, median and 95th percentile in
    milliseconds, and their count."""
    return {
        "mean": 1000 * statistics.fmean(times) if times else 0.0,
        "median": 1000 * percentile(times, 0.5),
        "p95": 1000 * percentile(times, 0.95),
        "count": len(times),
    }


def labels(specs: Sequence[str]) -> list[str]:
    """The players' names in a summary: each spec, numbered (``rules#1``) where one is there
    twice."""
    names = list(specs)
    return [n if names.count(n) == 1 else f"{n}#{b}" for b, n in enumerate(names)]


# --------------------------------------------------------------------------------------------
# where the units run


class RayError(Exception):
    """Ray is missing, or the cluster named could not be reached."""


def play_units(
    todo: Sequence[K],
    run: Callable[[K], R],
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    ray_address: str | None = None,
    checkpoint: Checkpoint[R] | None = None,
) -> list[R]:
    """Run every unit of a tournament, in this process, in ``workers`` spawned processes
    (``run`` must be a module-level function), or as Ray tasks on the cluster at
    ``ray_address`` (``local``: a Ray started here for the run, and stopped after it);
    ``progress(done, total)`` after each.  The results come in the order they finish; they are
    the same wherever the units ran (a unit carries everything it needs).

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


def stream_units(
    todo: Sequence[U],
    run: Callable[[U], T],
    workers: int = 1,
    ray_address: str | None = None,
) -> Iterator[T]:
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
    with mp.get_context("spawn").Pool(workers, initializer=_ignore_interrupt) as pool:
        yield from pool.imap_unordered(run, todo, chunksize=1)


def _ignore_interrupt() -> None:
    """A worker leaves Ctrl-C to the process that started it, which stops the workers and
    says what was kept (no traceback from each worker)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stream_on_ray(todo: Sequence[U], run: Callable[[U], T], address: str) -> Iterator[T]:
    """The units as Ray tasks, one CPU each; every node needs ulti installed (the same
    version: a unit is pickled by its module's classes)."""
    try:
        import ray  # the research extra: the tournaments run without it
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


# --------------------------------------------------------------------------------------------
# a tournament


@dataclass(frozen=True)
class Arena(Generic[R]):
    """What a game's room tells the tournament: the game (its name and seats), how a unit is
    played and scored (``run``, a module-level function: it is sent to worker processes), a
    result read back from a checkpoint's line, and the summary of the results."""

    game: GameInfo[Any, Any]
    run: Callable[[Unit], R]
    read: Callable[[dict[str, Any]], R]
    summarize: Callable[[Sequence[str], Sequence[R]], dict[str, Any]]
    #: whether the summary's ``config`` names the game (Ulti's never has: its JSON stays)
    names_game: bool = True


@dataclass(frozen=True)
class Tournament(Generic[R, G]):
    """A game's duplicate tournament, as its room offers it (``tournament(specs, deals,
    seed)``): ``room()`` makes the room as each tournament starts (of the module's functions as
    they are then: a test may stand in for one), ``rules()`` the game's default rules."""

    room: Callable[[], Arena[R]]
    rules: Callable[[], G]

    def __call__(
        self,
        specs: Sequence[str],
        deals: int,
        seed: int,
        rules: G | None = None,
        workers: int = 1,
        progress: Callable[[int, int], None] | None = None,
        ray_address: str | None = None,
        checkpoint: Path | None = None,
    ) -> tuple[dict[str, Any], list[R]]:
        """Play the tournament under ``rules`` (the game's default ones when None) with
        :func:`play_tournament` (worker processes or Ray tasks, a checkpoint file): the summary
        (the room's ``summarize``, its ``config`` added) and every unit's result."""
        chosen = self.rules() if rules is None else rules
        return play_tournament(
            self.room(),
            specs,
            deals,
            seed,
            chosen.to_dict(),
            workers,
            progress,
            ray_address,
            checkpoint,
        )


def play_tournament(
    arena: Arena[R],
    specs: Sequence[str],
    deals: int,
    seed: int,
    rules: dict[str, Any],
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    ray_address: str | None = None,
    checkpoint: Path | None = None,
) -> tuple[dict[str, Any], list[R]]:
    """Play the tournament: the summary (its ``config`` added) and every unit's result, in the
    units' order.  ``progress(done, total)`` is called after each unit.  The units run here, in
    ``workers`` processes, or as Ray tasks (``ray_address``: ``local`` or a cluster's address);
    the results are the same.  With a ``checkpoint`` file (:class:`Checkpoint`) each finished
    unit is kept there at once, and a run given the file of the same tournament plays only the
    units it lacks (:class:`CheckpointError` for a file that cannot be used, before any
    play)."""
    todo = list(units(arena.game.seats, specs, deals, seed, rules))
    config = {
        "game": arena.game.name,
        "bots": list(specs),
        "deals": deals,
        "seed": seed,
        "seatings": len(seatings(len(specs), arena.game.seats)),
        "rules": rules,
    }
    if checkpoint is None:
        results = play_units(todo, arena.run, workers, progress, ray_address)
    else:
        with Checkpoint(checkpoint, config, todo, arena.read) as cp:
            results = play_units(todo, arena.run, workers, progress, ray_address, cp)
    results.sort(key=unit_key)
    summary = arena.summarize(specs, results)
    summary["config"] = (
        config if arena.names_game else {k: v for k, v in config.items() if k != "game"}
    )
    return summary, results


def read_seats(d: Mapping[str, Any], seats: int) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """A unit result's number, seating and returns as :func:`dataclasses.asdict` wrote them (a
    checkpoint's line): ValueError unless both have ``seats`` seats."""
    seating, returns = tuple(d["seating"]), tuple(d["returns"])
    if len(seating) != seats or len(returns) != seats:
        raise ValueError(f"not {seats} seats")
    return int(d["index"]), tuple(int(s) for s in seating), tuple(int(r) for r in returns)


@contextmanager
def progress_bar(console: Console | None = None) -> Iterator[Callable[[int, int], None]]:
    """A progress bar (rich) on ``console`` (a new one on the terminal by default) while the
    block plays a tournament: it gives the ``progress`` to play it with."""
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
    ) as bar:
        task = bar.add_task("deals x seatings", total=None)

        def step(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield step


def write_json(summary: Mapping[str, Any], results: Sequence[Keyed], path: Path) -> None:
    """The summary and every unit's result (dataclasses; decision times left out)."""
    data = dict(summary)
    data["units"] = [
        {k: v for k, v in asdict(r).items() if k not in ("times", "card_times")} for r in results
    ]
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")


def winner_first(summary: Mapping[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    """Each pair once, the one ahead first: (ahead, behind, its figures)."""
    out = []
    for pair, v in summary["pairs"].items():
        a, _, b = pair.partition(" - ")
        if v["mean"] > 0 or (v["mean"] == 0 and a < b):
            out.append((a, b, v))
    return out


__all__ = [
    "CHECKPOINT_FORMAT",
    "Arena",
    "Checkpoint",
    "CheckpointError",
    "RayError",
    "Tournament",
    "Unit",
    "check_ray_address",
    "ci95",
    "decision_ms",
    "interval",
    "labels",
    "percentile",
    "play_tournament",
    "play_units",
    "progress_bar",
    "read_seats",
    "seatings",
    "stream_units",
    "t95",
    "unit_key",
    "units",
    "winner_first",
    "write_json",
]
