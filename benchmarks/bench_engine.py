"""Random complete deals per second through the public state API (issue 2's benchmark).

Every deal: a seeded deal, a uniformly random legal auction (talon pick-ups, discards, bids,
passes), trump, random kontras and marriages, random legal card play to the end, settlement.
A random player never claims (a claim asks for proven best play, which is a search, not play).

    python benchmarks/bench_engine.py [--seconds 5] [--rules PRESET] [--json PATH]

Measures in rounds and prints the median rate as ``random-deals-per-second: N`` on its own line
(these machines are shared and noisy; the rounds' minimum and maximum are printed too), and the
ratio to the anchor (the best Python Ulti engine we know: about 4,100 random deals per second on
this machine type).  Random deals are short (most random contracts are lost, and a lost Betli or
Durchmars ends at once), so it also prints ``random-actions-per-second``: actions applied a
second over the same deals, each one a ``legal_actions()`` and an ``apply``.  ``--json`` writes
the figures for ``compare.py``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

import random_play
from report import HIGHER, NONE, Report, add_json_option
from ulti.games.ulti.actions import ActionKind
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.rules import Ruleset

ANCHOR = 4100


def play_random_deal(rules: Ruleset, rng: random.Random) -> Deal:
    """One random complete deal on this checkout's engine."""
    d: Deal = random_play.play_random_deal(rules, rng, Deal, ActionKind.CLAIM)
    return d


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=6.0, help="total measuring time")
    ap.add_argument("--rounds", type=int, default=6, help="rounds; the median is reported")
    ap.add_argument("--rules", default="standard", help="a preset name")
    ap.add_argument("--seed", type=int, default=2026)
    add_json_option(ap)
    args = ap.parse_args(argv)
    report = Report("bench_engine", args)
    rules = Ruleset.from_preset(args.rules)
    rng = random.Random(args.seed)
    for _ in range(200):  # warm-up
        play_random_deal(rules, rng)
    rates = []
    action_rates = []
    total_deals = 0
    actions = 0
    per_round = args.seconds / args.rounds
    for _ in range(args.rounds):
        n = 0
        round_actions = 0
        start = time.perf_counter()
        deadline = start + per_round
        while True:
            d = play_random_deal(rules, rng)
            n += 1
            round_actions += len(d.history)
            if n % 32 == 0 and time.perf_counter() >= deadline:
                break
        elapsed = time.perf_counter() - start
        rates.append(n / elapsed)
        action_rates.append(round_actions / elapsed)
        total_deals += n
        actions += round_actions
    rates.sort()
    median = statistics.median(rates)
    print(f"rules: {args.rules}")
    report.figure("deals", total_deals, NONE)
    report.figure("actions-per-deal", actions / total_deals, NONE, ".1f")
    print(f"rounds: {args.rounds} (min {rates[0]:.0f}, max {rates[-1]:.0f})")
    report.figure("random-deals-per-second", median, HIGHER)
    report.figure("random-actions-per-second", statistics.median(action_rates), HIGHER)
    print(f"ratio-to-anchor: {median / ANCHOR:.2f}")
    report.meta["anchor-random-deals-per-second"] = ANCHOR
    report.write(args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
