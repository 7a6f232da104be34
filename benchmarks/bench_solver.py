"""Double-dummy solver timings on fixed, seeded sets of full deals (10 tricks to go).

Two sets of deals, each with 40 deals per contract kind by default:

* the *standard* set: seeded deals (seeds 1..40); the forehand is the soloist and lays two cards
  by a simple rule (the two weakest side cards; in Betli the two strongest), the trump is the
  soloist's longest suit (for Ulti, the longest suit whose VII they hold).  Random hands rarely
  make a Betli or a Durchmars, and a contract that fails early is quickly proven;
* the *balanced* set: the forehand's twelve cards are drawn with a seeded tilt towards the
  contract (low cards for Betli, high ones for Durchmars, length and honours in one suit for
  Simple and Ulti), the rest dealt at random, laid and bid by the same rule; a deal is kept
  while its kind still needs one of its outcome under the solver, so that half the deals of each
  kind are made and half are not.

For each kind the solver answers from the first lead: Simple, Ulti, Betli and (plain) Durchmars
win/loss, then the exact card points of the standard Simple deals (MTD over the points).  Each
solve runs ``--repeat`` times with a fresh transposition table and the best time counts (the
machine's noise only adds time).  Then random play phases per second in the compiled core (one
process).

    python benchmarks/bench_solver.py [--deals 40] [--balanced 40] [--json PATH]

Prints ``name: value`` lines: per set and kind ``{kind}-winloss-median-ms``, ``-p95-ms``,
``-max-ms``, ``-median-nodes``, ``{kind}-made`` and ``{kind}-not-made`` (the balanced set's
names start with ``balanced-``), each set's ``winloss-median-ms``, ``winloss-p95-ms`` and
``winloss-max-ms``; ``points-median-ms``, ``points-max-ms``, ``points-median-nodes``;
``playouts-per-second``.  ``--json`` writes them for ``compare.py``.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from report import HIGHER, LOWER, SAME, Report, add_json_option
from ulti.arena.tournament import percentile
from ulti.core.cards import PLAIN_ORDER_STRENGTH, SUIT_MASKS, TRUMP_ORDER_STRENGTH, cards_of, code
from ulti.games.ulti.deal import Deal, Phase, deck_for_hands
from ulti.games.ulti.rules import Ruleset
from ulti.search import _core
from ulti.search.ulti.solver import Position, objective, points

RULES = Ruleset(simple_forfeit=False)
KINDS = ("simple", "ulti", "betli", "durchmars")
TARGETS = {"winloss-median": 0.3, "winloss-max": 10.0, "points-median": 5.0, "playouts": 100_000}
ANCHORS = {"simple": 0.54, "ulti": 0.60}


def deal_for(kind: str, seed: int) -> Deal:
    """A standard-set deal: seed ``seed``, dealer 0, bid by the forehand."""
    return bid_out(Deal(RULES, seed=seed, dealer=0), kind)


def bid_out(d: Deal, kind: str) -> Deal:
    """The forehand lays two cards by the simple rule, bids ``kind``, the others pass, and the
    trump is announced."""
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
    d.apply(
        {
            "simple": "bid simple",
            "ulti": "bid ulti",
            "betli": "bid betli",
            "durchmars": "bid plain durchmars",
        }[kind]
    )
    for _ in range(3):
        d.apply("pass")
    if d.phase == Phase.TRUMP:
        d.apply(f"trump {['hearts', 'acorns', 'leaves', 'bells'][trump]}")
    return d


def tilted_deal(kind: str, rng: random.Random) -> Deal:
    """A deal whose forehand's twelve cards lean towards ``kind`` by a random tilt (from none to
    strong), the other twenty dealt at random, then bid out as in the standard set."""
    tilt = rng.uniform(0.0, 9.0)
    suit = rng.randrange(1, 4)  # the suit Simple and Ulti hands are long in

    def score(c: int) -> float:
        if kind == "betli":
            return 1 - PLAIN_ORDER_STRENGTH[c & 7] / 7
        if kind == "durchmars":
            return PLAIN_ORDER_STRENGTH[c & 7] / 7
        return TRUMP_ORDER_STRENGTH[c & 7] / 14 + (c >> 3 == suit) * 0.5

    # weighted sampling without replacement: the twelve largest u ** (1 / weight)
    keys = {c: rng.random() ** (1 / math.exp(tilt * score(c))) for c in range(32)}
    twelve = sorted(range(32), key=lambda c: keys[c], reverse=True)[:12]
    if kind == "ulti" and suit * 8 not in twelve:  # an Ulti needs the trump VII
        twelve[-1] = suit * 8
    rest = [c for c in range(32) if c not in twelve]
    rng.shuffle(rest)
    hands = [
        sum(1 << c for c in rest[10:]),
        sum(1 << c for c in twelve),
        sum(1 << c for c in rest[:10]),
    ]  # dealer 0: seat 1 is the forehand
    return bid_out(Deal(RULES, 0, 0, deck_for_hands(hands, 0)), kind)


def balanced_set(kind: str, n: int, seed: int, sv: _core.Solver) -> tuple[list[Position], int]:
    """``n`` tilted deals of ``kind``, half made and half not under the solver (as near as
    ``50 * n`` tries allow); and how many deals were tried."""
    rng = random.Random(f"balanced-{kind}-{seed}")
    want = {True: n // 2, False: n - n // 2}
    kept: dict[bool, list[Position]] = {True: [], False: []}
    tried = 0
    while any(len(kept[m]) < want[m] for m in kept) and tried < 50 * n:
        pos = Position.from_deal(tilted_deal(kind, rng))
        tried += 1
        made = bool(objective(pos, kind, sv))
        if len(kept[made]) < want[made]:
            kept[made].append(pos)
    return kept[True] + kept[False], tried


def timed(fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """The best of ``repeat`` runs in ms (each solve starts with a fresh table), as timeit
    does: the machine's noise only ever adds time."""
    best = float("inf")
    r = None
    for _ in range(repeat):
        t = time.perf_counter()
        r = fn()
        best = min(best, (time.perf_counter() - t) * 1000)
    return best, r


def time_set(
    report: Report, prefix: str, sets: dict[str, list[Position]], repeat: int, sv: _core.Solver
) -> None:
    """Win/loss times, nodes and outcomes of one set of deals, by kind and in all."""
    every: list[float] = []
    for kind in KINDS:
        times = []
        nodes = []
        made = 0
        for pos in sets[kind]:
            ms, r = timed(partial(objective, pos, kind, sv), repeat)
            sv.nodes = 0
            objective(pos, kind, sv)
            times.append(ms)
            nodes.append(sv.nodes)
            made += bool(r)
        every += times
        report.figure(f"{prefix}{kind}-winloss-median-ms", statistics.median(times), LOWER, ".3f")
        report.figure(f"{prefix}{kind}-winloss-p95-ms", percentile(times, 0.95), LOWER, ".3f")
        report.figure(f"{prefix}{kind}-winloss-max-ms", max(times), LOWER, ".3f")
        report.figure(f"{prefix}{kind}-winloss-median-nodes", statistics.median(nodes), LOWER)
        report.figure(f"{prefix}{kind}-made", made, SAME)
        report.figure(f"{prefix}{kind}-not-made", len(times) - made, SAME)
    report.figure(f"{prefix}winloss-median-ms", statistics.median(every), LOWER, ".3f")
    report.figure(f"{prefix}winloss-p95-ms", percentile(every, 0.95), LOWER, ".3f")
    report.figure(f"{prefix}winloss-max-ms", max(every), LOWER, ".3f")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=40, help="standard-set deals per kind")
    ap.add_argument(
        "--balanced",
        type=int,
        default=40,
        help="balanced-set deals per kind (half made); 0 leaves the set out",
    )
    ap.add_argument("--seed", type=int, default=1, help="the balanced set's seed")
    ap.add_argument("--playout-seconds", type=float, default=2.0)
    ap.add_argument("--repeat", type=int, default=3, help="runs per solve; the best counts")
    add_json_option(ap)
    args = ap.parse_args(argv)
    report = Report("bench_solver", args)
    sv = _core.Solver()
    print(f"== standard set: {args.deals} seeded deals per kind")
    standard = {
        kind: [Position.from_deal(deal_for(kind, seed)) for seed in range(1, args.deals + 1)]
        for kind in KINDS
    }
    time_set(report, "", standard, args.repeat, sv)
    if args.balanced:
        balanced: dict[str, list[Position]] = {}
        tried: dict[str, int] = {}
        for kind in KINDS:
            balanced[kind], tried[kind] = balanced_set(kind, args.balanced, args.seed, sv)
        print(
            f"== balanced set: {args.balanced} deals per kind, half made "
            f"(from {', '.join(f'{tried[k]} {k}' for k in KINDS)} tilted deals)"
        )
        report.meta["balanced-tried"] = tried
        time_set(report, "balanced-", balanced, args.repeat, sv)
    print("== exact points of the standard Simple deals")
    times = []
    nodes = []
    for pos in standard["simple"]:
        sv.nodes = 0
        ms, _ = timed(partial(points, pos, sv), args.repeat)
        sv.nodes = 0
        points(pos, sv)
        times.append(ms)
        nodes.append(sv.nodes)
    report.figure("points-median-ms", statistics.median(times), LOWER, ".3f")
    report.figure("points-max-ms", max(times), LOWER, ".3f")
    report.figure("points-median-nodes", statistics.median(nodes), LOWER)
    # random play phases in the core
    pos = Position.from_deal(deal_for("simple", 1))
    n = 20000
    t = time.perf_counter()
    total = 0
    while time.perf_counter() - t < args.playout_seconds:
        _core.random_playouts(
            list(pos.hands),
            pos.trump,
            pos.no_trump,
            pos.soloist,
            pos.ulti,
            pos.leader,
            n,
            total + 1,
        )
        total += n
    report.figure("playouts-per-second", total / (time.perf_counter() - t), HIGHER)
    print(
        "targets: win/loss median <= 0.3 ms, max <= 10 ms; points median <= 5 ms; "
        ">= 100000 playouts/s"
    )
    report.meta["targets"] = TARGETS
    report.write(args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
