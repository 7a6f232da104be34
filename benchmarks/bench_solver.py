"""Double-dummy solver timings on a fixed, seeded set of full deals (10 tricks to go).

For each objective, 40 deals (seeds 1..40 by default): the forehand is the soloist and lays two
cards by a simple rule (the two weakest side cards; in Betli the two strongest), the trump is
the soloist's longest suit (for Ulti, the longest suit whose VII they hold), and the solver
answers from the first lead: Simple, Ulti, Betli and (plain) Durchmars win/loss, and the exact
card points of the Simple deals (MTD over the points).  Each solve runs ``--repeat`` times with a
fresh transposition table and the best time counts (the machine's noise only adds time).  Then
random play phases per second in the compiled core (one process).

    python benchmarks/bench_solver.py [--deals 40]

Prints ``name: value`` lines: ``simple-winloss-median-ms``, ``ulti-winloss-median-ms``,
``betli-winloss-median-ms``, ``durchmars-winloss-median-ms``, ``winloss-max-ms``,
``points-median-ms``, node counts, ``playouts-per-second``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from ulti import _core
from ulti.cards import PLAIN_ORDER_STRENGTH, SUIT_MASKS, TRUMP_ORDER_STRENGTH, cards_of, code
from ulti.deal import Deal
from ulti.rules import Ruleset
from ulti.solver import Position, objective, points

RULES = Ruleset(simple_forfeit=False)
TARGETS = {"winloss-median": 0.3, "winloss-max": 10.0, "points-median": 5.0,
           "playouts": 100_000}
ANCHORS = {"simple": 0.54, "ulti": 0.60}


def deal_for(kind: str, seed: int) -> Deal:
    d = Deal(RULES, seed=seed, dealer=0)
    s = d.forehand
    hand = d.hands[s]
    counts = [(hand & SUIT_MASKS[t]).bit_count() for t in range(4)]
    if kind == "ulti":
        sevens = [t for t in range(1, 4) if hand >> (t * 8) & 1]
        trump = max(sevens or [1, 2, 3], key=lambda t: (counts[t], -t))
    else:
        trump = max((1, 2, 3), key=lambda t: (counts[t], -t))
    no_trump = kind in ("betli", "durchmars")
    strength = PLAIN_ORDER_STRENGTH if no_trump else TRUMP_ORDER_STRENGTH
    side = [c for c in cards_of(hand) if no_trump or c >> 3 != trump]
    if kind == "ulti":
        side = [c for c in side if c != trump * 8]
    side.sort(key=lambda c: strength[c & 7], reverse=(kind == "betli"))
    lay = side[:2]
    d.apply(f"discard {code(lay[0])} {code(lay[1])}")
    d.apply({"simple": "bid simple", "ulti": "bid ulti", "betli": "bid betli",
             "durchmars": "bid plain durchmars"}[kind])
    for _ in range(3):
        d.apply("pass")
    if d.phase.name == "TRUMP":
        d.apply(f"trump {['hearts', 'acorns', 'leaves', 'bells'][trump]}")
    return d


def timed(fn: object, repeat: int) -> tuple[float, object]:
    """The best of ``repeat`` runs in ms (each solve starts with a fresh table), as timeit
    does: the machine's noise only ever adds time."""
    best = float("inf")
    r = None
    for _ in range(repeat):
        t = time.perf_counter()
        r = fn()  # type: ignore[operator]
        best = min(best, (time.perf_counter() - t) * 1000)
    return best, r


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--playout-seconds", type=float, default=2.0)
    ap.add_argument("--repeat", type=int, default=3, help="runs per solve; the best counts")
    args = ap.parse_args(argv)
    sv = _core.Solver()
    all_winloss: list[float] = []
    for kind, name in (("simple", "simple"), ("ulti", "ulti"), ("betli", "betli"),
                       ("durchmars", "durchmars")):
        times = []
        nodes = []
        made = 0
        for seed in range(1, args.deals + 1):
            pos = Position.from_deal(deal_for(kind, seed))
            sv.nodes = 0
            ms, r = timed(lambda p=pos, n=name: objective(p, n, sv), args.repeat)
            sv.nodes = 0
            objective(pos, name, sv)
            times.append(ms)
            nodes.append(sv.nodes)
            made += bool(r)
        all_winloss += times
        print(f"{kind}-winloss-median-ms: {statistics.median(times):.3f}")
        print(f"{kind}-winloss-max-ms: {max(times):.3f}")
        print(f"{kind}-winloss-median-nodes: {statistics.median(nodes):.0f}")
        print(f"{kind}-made: {made}/{args.deals}")
    print(f"winloss-max-ms: {max(all_winloss):.3f}")
    times = []
    nodes = []
    for seed in range(1, args.deals + 1):
        pos = Position.from_deal(deal_for("simple", seed))
        sv.nodes = 0
        ms, _ = timed(lambda p=pos: points(p, sv), args.repeat)
        sv.nodes = 0
        points(pos, sv)
        times.append(ms)
        nodes.append(sv.nodes)
    print(f"points-median-ms: {statistics.median(times):.3f}")
    print(f"points-max-ms: {max(times):.3f}")
    print(f"points-median-nodes: {statistics.median(nodes):.0f}")
    # random play phases in the core
    d = deal_for("simple", 1)
    pos = Position.from_deal(d)
    n = 20000
    t = time.perf_counter()
    total = 0
    while time.perf_counter() - t < args.playout_seconds:
        _core.random_playouts(list(pos.hands), pos.trump, pos.no_trump, pos.soloist,
                              pos.ulti, pos.leader, n, total + 1)
        total += n
    rate = total / (time.perf_counter() - t)
    print(f"playouts-per-second: {rate:.0f}")
    print("targets: win/loss median <= 0.3 ms, max <= 10 ms; points median <= 5 ms; "
          ">= 100000 playouts/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
