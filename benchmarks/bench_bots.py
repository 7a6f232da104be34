"""Decision times of the pimc player for card play at its default budget (one process).

pimc plays a seeded series of deals against two rules players, in every seat; every card it
plays with a choice (more than one legal card) is timed.  Prints ``pimc-decision-median-ms``
and ``pimc-decision-p95-ms`` (target: median <= 250 ms), with the bidding decisions' times for
reference.

    python benchmarks/bench_bots.py [--deals 12] [--budget samples=24,ms=200] [--json PATH]

``--json`` writes the figures for ``compare.py``.
"""

from __future__ import annotations

import argparse
import statistics
import sys

from report import LOWER, NONE, Report, add_json_option
from ulti.players import make_player, play_deal
from ulti.rules import Ruleset
from ulti.tournament import percentile


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=12)
    ap.add_argument("--budget", default="", help="pimc budget, e.g. samples=24,ms=200")
    ap.add_argument("--seed", type=int, default=2026)
    add_json_option(ap)
    args = ap.parse_args(argv)
    report = Report("bench_bots", args)
    spec = "pimc" + (f":{args.budget}" if args.budget else "")
    rules = Ruleset()
    cards: list[float] = []
    other: list[float] = []
    for g in range(args.deals):
        seat = g % 3
        players = [make_player("rules", seed=g * 3 + s) for s in range(3)]
        players[seat] = make_player(spec, seed=args.seed + g)
        run = play_deal(rules, args.seed * 1000 + g, g % 3, players, game=g)
        cards += run.card_times[seat]
        other += [t for t in run.times[seat] if t not in run.card_times[seat] and t > 1e-4]
    ms = [1000 * t for t in cards]
    print(f"player: {spec}")
    report.figure("card-decisions", len(ms), NONE)
    report.figure("pimc-decision-median-ms", statistics.median(ms), LOWER, ".1f")
    report.figure("pimc-decision-p95-ms", percentile(ms, 0.95), LOWER, ".1f")
    report.figure("pimc-decision-max-ms", max(ms), LOWER, ".1f")
    if other:
        om = [1000 * t for t in other]
        report.figure("pimc-other-decision-median-ms", statistics.median(om), LOWER, ".1f")
        report.figure("pimc-other-decision-p95-ms", percentile(om, 0.95), LOWER, ".1f")
    print("target: card play median <= 250 ms")
    report.write(args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
