"""Inference on its own: how well the sampler places the hidden cards, with and without
weighing what the other seats did (:mod:`ulti.players.ulti.inference`).

Deals are played by computer players (``--bots``, default ``rules``: the model of the other
players is the rules player's policy, so ``--bots pimc`` shows it against players it does not
model).  At each seat's first card-play decision of every deal (``--at-trick N``: its first
from the N+1-th trick on, the cards played so far being evidence too), ``--draws`` deals are
drawn by the uniform sampler (:func:`ulti.players.ulti.knowledge.sample`) and by ``pimc``'s
weighted draw;
from each set, every hidden card's chance of lying in each place (the two other hands, the
talon) is estimated (add-one smoothed), and the true deal is scored:

* ``loglik-per-card``: the mean log-likelihood (natural log) of the true place of a hidden
  card (higher is better; placing cards at random among the places they may go scores about
  -0.8);
* ``accuracy``: the share of hidden cards whose likeliest place is the true one.

Both are printed for the uniform and the weighted sampler, with their difference and a 95%
interval of the difference over the decisions.

    python benchmarks/bench_inference.py [--deals 1000] [--draws 48] [--bots rules]
        [--at-trick 0] [--read-cards] [--json PATH]
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from collections.abc import Iterator

from rich.progress import track

from report import HIGHER, NONE, Report, add_json_option
from ulti.core.cards import cards_of
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.observation import Observation
from ulti.games.ulti.rules import Ruleset
from ulti.players import make_player
from ulti.players.ulti.knowledge import knowledge, sample
from ulti.players.ulti.pimc import PimcPlayer


def score(
    draws: list[tuple[tuple[int, int, int], int]],
    truth: tuple[tuple[int, int, int], int],
    seat: int,
    unknown: int,
) -> tuple[float, float]:
    """(mean log-likelihood, accuracy) of the true places of the ``unknown`` cards under the
    places' frequencies in ``draws``."""
    places = [p for p in range(3) if p != seat] + [3]

    def where(deal: tuple[tuple[int, int, int], int], c: int) -> int:
        hands, _talon = deal
        for p in range(3):
            if hands[p] >> c & 1:
                return p
        return 3

    ll = 0.0
    hits = 0
    cs = cards_of(unknown)
    for c in cs:
        counts = dict.fromkeys(places, 1.0)  # add-one smoothing
        for dr in draws:
            counts[where(dr, c)] += 1
        true = where(truth, c)
        total = sum(counts.values())
        ll += math.log(counts[true] / total)
        hits += max(places, key=lambda p: counts[p]) == true
    return ll / len(cs), hits / len(cs)


def first_card_views(
    bots: str, deals: int, seed: int, rules: Ruleset, at_trick: int
) -> Iterator[tuple[int, Deal, Observation]]:
    """Seeded deals played by ``bots`` (a player spec, in every seat); at each seat's first
    card decision of a deal with ``at_trick`` tricks or more played: the deal's number, the
    deal (its true hands) and the seat's observation.  The deal goes on after each."""
    for g in track(range(deals), description="deals"):
        players = [make_player(bots, seed=seed + 3 * g + s) for s in range(3)]
        d = Deal(rules, seed * 100_003 + g, g % 3)
        for s, p in enumerate(players):
            p.start(s, rules, g)
        judged: set[int] = set()
        while not d.is_over():
            seat = d.current_player
            obs = d.observation(seat)
            if (
                obs.phase == "PLAY"
                and seat not in judged
                and obs.contract
                and len(obs.tricks) >= at_trick
            ):
                judged.add(seat)
                yield g, d, obs
            d.apply(players[seat].act(obs, d.legal_actions()))


def mean_ci(xs: list[float]) -> tuple[float, float]:
    m = statistics.fmean(xs)
    h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return m, h


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--draws", type=int, default=48)
    ap.add_argument("--bots", default="rules", help="the players of the recorded deals")
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--rules", default="standard", help="preset")
    ap.add_argument(
        "--at-trick", type=int, default=0, help="judge from this many tricks played on (0-9)"
    )
    ap.add_argument(
        "--read-cards",
        action="store_true",
        help="weigh the card play too (PimcPlayer.read_cards; off in pimc by default)",
    )
    add_json_option(ap)
    args = ap.parse_args(argv)
    if args.deals < 1 or args.draws < 2:
        ap.error("--deals must be at least 1 and --draws at least 2")
    if not 0 <= args.at_trick <= 9:
        ap.error("--at-trick is between 0 and 9")
    report = Report("bench_inference", args)
    rules = Ruleset.from_preset(args.rules)
    uni_ll: list[float] = []
    inf_ll: list[float] = []
    uni_acc: list[float] = []
    inf_acc: list[float] = []
    for g, d, obs in first_card_views(args.bots, args.deals, args.seed, rules, args.at_trick):
        seat = obs.seat
        k = knowledge(obs, rules)
        if not k.unknown:
            continue
        truth = ((d.hands[0], d.hands[1], d.hands[2]), d.talon)
        viewer = PimcPlayer(args.seed + g)
        viewer.read_cards = args.read_cards
        viewer.start(seat, rules, g)
        viewer.observe(obs)
        uni = [sample(k, viewer.rng) for _ in range(args.draws)]
        inf = [viewer.draw(k) for _ in range(args.draws)]
        a, b = score(uni, truth, seat, k.unknown)
        c, e = score(inf, truth, seat, k.unknown)
        uni_ll.append(a)
        uni_acc.append(b)
        inf_ll.append(c)
        inf_acc.append(e)
    report.figure("decisions", len(uni_ll), NONE)
    report.figure("loglik-per-card-uniform", statistics.fmean(uni_ll), HIGHER, ".4f")
    report.figure("loglik-per-card-inference", statistics.fmean(inf_ll), HIGHER, ".4f")
    m, h = mean_ci([b - a for a, b in zip(uni_ll, inf_ll, strict=True)])
    report.figure("loglik-gain", m, HIGHER, ".4f")
    print(f"  95% interval of the gain: [{m - h:+.4f}, {m + h:+.4f}]")
    report.figure("accuracy-uniform", statistics.fmean(uni_acc), HIGHER, ".4f")
    report.figure("accuracy-inference", statistics.fmean(inf_acc), HIGHER, ".4f")
    m, h = mean_ci([b - a for a, b in zip(uni_acc, inf_acc, strict=True)])
    report.figure("accuracy-gain", m, HIGHER, ".4f")
    print(f"  95% interval of the gain: [{m - h:+.4f}, {m + h:+.4f}]")
    report.write(args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
