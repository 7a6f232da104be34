"""Whether reading the card play helps inference: the same sampled deals weighed three ways,
compared pair by pair (:mod:`ulti.players.ulti.inference`).

Deals are played by computer players (``--bots``).  At each seat's first card decision from
trick ``--at-trick`` + 1 on, ``--pool`` deals are drawn uniformly among those consistent with
what the seat knows (:func:`ulti.players.ulti.knowledge.sample`), and weighed:

* ``uniform``: not at all;
* ``auction``: by the auction, the trump named and the kontras given and not given (what
  ``pimc`` weighs, :attr:`~ulti.players.ulti.pimc.PimcPlayer.read_cards` off);
* ``cards``: by those and the cards the other seats chose (``read_cards`` on).

The weights are flattened as ``pimc`` flattens them (:func:`ulti.players.ulti.pimc.flatten`:
a quarter of the pool stays effective).  For each hidden card, the weighted share of the
pool that puts it where it truly is (add-one smoothed) gives its log-likelihood; the figures are
the mean per card, and the gain of ``cards`` over ``auction`` with a 95% interval over the
decisions (the same pool for both: the difference is the card evidence alone).

    python benchmarks/bench_card_inference.py [--bots rules] [--deals 100] [--at-trick 3]
        [--pool 96] [--json PATH]

``--bots rules`` plays against the model itself (its card play is exact for them);
``--bots pimc-1:samples=12,ms=80`` against sampling players it does not fit.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys

from bench_inference import first_card_views, mean_ci
from report import HIGHER, NONE, Report, add_json_option
from ulti.core.cards import cards_of
from ulti.games.ulti.rules import Ruleset
from ulti.players import make_player
from ulti.players.ulti.inference import evidence, log_weight
from ulti.players.ulti.knowledge import knowledge, sample
from ulti.players.ulti.pimc import flatten

Draw = tuple[tuple[int, int, int], int]


def loglik(pool: list[Draw], weights: list[float], truth: Draw, seat: int, unknown: int) -> float:
    """Mean log-likelihood of the true places of the ``unknown`` cards under the weighted
    places of ``pool`` (the other hands and the talon; add-one smoothed)."""
    places = [p for p in range(3) if p != seat] + [3]

    def where(deal: Draw, c: int) -> int:
        return next((p for p in range(3) if deal[0][p] >> c & 1), 3)

    scale = len(weights) / sum(weights)
    total = 0.0
    cs = cards_of(unknown)
    for c in cs:
        counts = dict.fromkeys(places, 1.0)
        for deal, w in zip(pool, weights, strict=True):
            counts[where(deal, c)] += w * scale
        total += math.log(counts[where(truth, c)] / sum(counts.values()))
    return total / len(cs)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bots", default="rules", help="the players of the deals (a player spec)")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--at-trick", type=int, default=3, help="tricks played before (1-8)")
    ap.add_argument("--pool", type=int, default=96, help="uniform deals per decision")
    ap.add_argument("--seed", type=int, default=5)
    add_json_option(ap)
    args = ap.parse_args(argv)
    if args.deals < 1 or args.pool < 2 or not 1 <= args.at_trick <= 8:
        ap.error("--deals >= 1, --pool >= 2 and --at-trick between 1 and 8")
    make_player(args.bots)  # a bad spec is refused before any work
    report = Report("bench_card_inference", args)
    rules = Ruleset()
    kinds = ("uniform", "auction", "cards")
    got: dict[str, list[float]] = {k: [] for k in kinds}
    for g, d, obs in first_card_views(args.bots, args.deals, args.seed, rules, args.at_trick):
        seat = obs.seat
        k = knowledge(obs, rules, careful=True)
        if not k.unknown:
            continue
        truth: Draw = ((d.hands[0], d.hands[1], d.hands[2]), d.talon)
        rng = random.Random(g * 7 + seat)
        pool = [sample(k, rng) for _ in range(args.pool)]
        for kind in kinds:
            if kind == "uniform":
                w = [1.0] * len(pool)
            else:
                ev = evidence(obs, rules, cards=kind == "cards")
                w = flatten([log_weight(ev, h, t) for h, t in pool])
            got[kind].append(loglik(pool, w, truth, seat, k.unknown))
    report.figure("decisions", len(got["uniform"]), NONE)
    for kind in kinds:
        report.figure(f"loglik-per-card-{kind}", statistics.fmean(got[kind]), HIGHER, ".4f")
    gain = [c - a for a, c in zip(got["auction"], got["cards"], strict=True)]
    m, h = mean_ci(gain)
    report.figure("cards-gain", m, HIGHER, ".4f")
    print(f"  95% interval of the cards' gain over the auction's: [{m - h:+.4f}, {m + h:+.4f}]")
    report.write(args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
