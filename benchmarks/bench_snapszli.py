"""Snapszli: the engine's random deals per second and the exact solver's times.

* ``random-deals-per-second``: whole deals through :class:`ulti.games.snapszli.SnapDeal`'s public
  API (``legal_actions`` and ``apply``), seeded, random play to the end: a uniformly random
  legal action, except that a player claims as soon as their points reach 66 and never
  claims falsely; ``random-actions-per-second``: the actions applied a second in them;
* ``strict-*``: :meth:`ulti.search.snapszli.solver.SnapSolver.solve` (the whole call: the deal read,
  the search) from talon-exhausted positions of the 20-card game (Z5 strict play from the
  first lead after the last draw: both hands 5 cards), reached by seeded random play (no
  closing, claims only when true): median, p90 and max ms, median nodes, and ``strict-won``,
  how many the player to move wins (a fixed workload's answers: a change is a different
  answer, not a faster machine).  ``strict24-*``: the same in the 24-card game (ZV1: 6 cards);
* ``open-*``: :meth:`~ulti.search.snapszli.solver.SnapSolver.solve_open` from the first lead of
  seeded 20-card deals (the whole deal, the talon's order known: draws, exchange, closing,
  marriages, claims): median and max ms, median nodes; ``open24-*`` the 24-card game's.

Each solve runs ``--repeat`` times and the best time counts (the machine's noise only adds
time); a solve starts from an empty table (a new generation) every time.

    python benchmarks/bench_snapszli.py [--seconds 3] [--positions 300] [--open-deals 20]
                                        [--open24-deals 10] [--json PATH]

Prints ``name: value`` lines; ``--json`` writes them for ``compare.py``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial

from report import HIGHER, LOWER, NONE, SAME, Report, add_json_option
from ulti.arena.tournament import percentile
from ulti.games.snapszli import TARGET, Kind, SnapDeal, SnapRules
from ulti.search.snapszli.solver import SnapSolver

TARGETS = {"strict-solve-median-ms": 0.05}


def play_random_deal(rules: SnapRules, rng: random.Random) -> int:
    """One random deal to its end (module doc); the number of actions taken."""
    d = SnapDeal(rules, rng.getrandbits(40), rng.randrange(2))
    rand = rng.random
    n = 0
    while not d.is_over():
        if d.points(d.current_player) >= TARGET:
            d.apply("claim")
        else:
            legal = d.legal_actions()[:-1]  # the claim is the last
            d.apply(legal[int(rand() * len(legal))])
        n += 1
    return n


def talon_exhausted(rules: SnapRules, rng: random.Random) -> SnapDeal:
    """A deal played at random (no closing, claims only when true) to the first lead after
    the last draw; deals that end sooner are dealt again."""
    while True:
        d = SnapDeal(rules, rng.getrandbits(40), rng.randrange(2))
        while d.talon and not d.is_over():
            p = d.current_player
            if d.points(p) >= TARGET:
                d.apply("claim")
                break
            legal = [a for a in d.legal_actions() if a.kind not in (Kind.CLAIM, Kind.CLOSE)]
            d.apply(rng.choice(legal))
        if not d.is_over() and d.points(d.current_player) < TARGET:
            assert not d.trick and bin(d.hands[0]).count("1") == rules.hand_size
            return d


def timed(fn: Callable[[], int], repeat: int) -> tuple[float, int]:
    """The best of ``repeat`` runs in ms, and the answer."""
    best = float("inf")
    r = 0
    for _ in range(repeat):
        t = time.perf_counter()
        r = fn()
        best = min(best, (time.perf_counter() - t) * 1000)
    return best, r


def time_solves(
    report: Report,
    prefix: str,
    deals: list[SnapDeal],
    solve: Callable[[SnapDeal], int],
    sv: SnapSolver,
    repeat: int,
    p90: bool = True,
) -> None:
    times: list[float] = []
    nodes: list[int] = []
    won = 0
    for d in deals:
        ms, v = timed(partial(solve, d), repeat)
        times.append(ms)
        nodes.append(sv.nodes)
        won += v > 0
    report.figure(f"{prefix}-solve-median-ms", statistics.median(times), LOWER, ".4f")
    if p90:
        report.figure(f"{prefix}-solve-p90-ms", percentile(times, 0.9), LOWER, ".4f")
    report.figure(f"{prefix}-solve-max-ms", max(times), LOWER, ".4f")
    report.figure(f"{prefix}-median-nodes", statistics.median(nodes), LOWER)
    report.figure(f"{prefix}-won", won, SAME)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="random deals: measuring time")
    ap.add_argument("--rounds", type=int, default=3, help="random deals: rounds (the median)")
    ap.add_argument("--positions", type=int, default=300, help="talon-exhausted positions")
    ap.add_argument("--open-deals", type=int, default=20, help="20-card first leads")
    ap.add_argument("--open24-deals", type=int, default=10, help="24-card first leads")
    ap.add_argument("--repeat", type=int, default=3, help="runs per solve; the best counts")
    ap.add_argument("--seed", type=int, default=2026)
    add_json_option(ap)
    args = ap.parse_args(argv)
    report = Report("bench_snapszli", args)
    standard, twenty_four = SnapRules(), SnapRules(twenty_four=True)

    print("== random deals (SnapDeal, claims only when true)")
    rng = random.Random(args.seed)
    rates: list[float] = []
    action_rates: list[float] = []
    deals = 0
    for _ in range(args.rounds):
        t = time.perf_counter()
        n = actions = 0
        while time.perf_counter() - t < args.seconds / args.rounds:
            actions += play_random_deal(standard, rng)
            n += 1
        dt = time.perf_counter() - t
        rates.append(n / dt)
        action_rates.append(actions / dt)
        deals += n
    report.figure("random-deals-per-second", statistics.median(rates), HIGHER)
    report.figure("random-actions-per-second", statistics.median(action_rates), HIGHER)
    report.figure("random-deals-played", deals, NONE)

    sv = SnapSolver()
    print(f"== strict phase: {args.positions} talon-exhausted positions, 5 cards each")
    rng = random.Random(f"strict-{args.seed}")
    strict = [talon_exhausted(standard, rng) for _ in range(args.positions)]
    time_solves(report, "strict", strict, sv.solve, sv, args.repeat)
    print(f"== strict phase, 24 cards (ZV1): {args.positions} positions, 6 cards each")
    strict24 = [talon_exhausted(twenty_four, rng) for _ in range(args.positions)]
    time_solves(report, "strict24", strict24, sv.solve, sv, args.repeat)

    if args.open_deals:
        print(f"== open talon: {args.open_deals} 20-card deals from the first lead")
        opened = [SnapDeal(standard, s, s % 2) for s in range(1, args.open_deals + 1)]
        time_solves(report, "open", opened, sv.solve_open, sv, args.repeat, p90=False)
    if args.open24_deals:
        print(f"== open talon, 24 cards: {args.open24_deals} deals from the first lead")
        opened = [SnapDeal(twenty_four, s, s % 2) for s in range(1, args.open24_deals + 1)]
        time_solves(report, "open24", opened, sv.solve_open, sv, args.repeat, p90=False)
    print("target: strict-phase solve median <= 0.05 ms")
    report.meta["targets"] = TARGETS
    report.write(args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
