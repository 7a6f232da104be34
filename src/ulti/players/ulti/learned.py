"""A small learned evaluator: the chance that a ten-card hand makes each component, fitted to
the solver's verdicts on the project's own deals (issue 17).

The hand evaluation of :mod:`ulti.players.ulti.evaluate` estimates, for a hand and a trump, the
chance of making each component (Simple, 40-100, 20-100, Four Aces, Ulti, Betli, Durchmars)
with hand-written formulas.  This module replaces those formulas with one logistic model per
component, whose inputs are features of the ten cards kept (:func:`features`: the trump suit
card by card, side Aces, Xs and Kings, lengths, voids, marriages, and the hand-written
estimates themselves) and whose labels are the double-dummy solver's verdict — made or not
against best defence with the soloist leading — on seeded random deals: the soloist's twelve
cards, the two laid by the hand evaluation's discard, the defenders' hands as dealt.

The weights ship in the package (``learned.json``, a few kilobytes) and are made again, on a
CPU in minutes, by::

    python -m ulti.players.ulti.learned --deals 6000 --seed 1 --out src/ulti/players/learned.json

which prints each model's held-out log-loss beside the hand-written formula's.  ``pimc`` uses
the learned chances to choose which contracts to measure by sampling
(:func:`~ulti.players.ulti.evaluate.candidates` with ``chance=``); ``rules`` and ``pimc-1`` keep the
formulas.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
from rich.progress import Progress

from ulti.core.cards import ACE, KING, OVER, SUIT_MASKS, TEN, card, cards_of
from ulti.games.ulti.bids import Kind
from ulti.games.ulti.rules import Ruleset
from ulti.games.ulti.scoring import money_for
from ulti.players.ulti.evaluate import (
    betli_risk,
    component_chance,
    discard_options,
    durchmars_losers,
    trump_strength,
)
from ulti.search.ulti import solver as S
from ulti.search.ulti.solver import ITEM_OBJECTIVE

WEIGHTS = Path(__file__).with_name("learned.json")

#: the components modelled, each by its objective's name
#: (:data:`ulti.search.ulti.solver.ITEM_OBJECTIVE`)
MODELS: dict[Kind, str] = {Kind(i): name for i, name in ITEM_OBJECTIVE.items() if i < len(Kind)}
#: the single bid whose objective labels each component (a Durchmars: the trump one)
_BID_OF = {**MODELS, Kind.DURCHMARS: "trump durchmars"}


def features(hand: int, trump: int) -> list[float]:
    """The inputs of every model for a ten-card ``hand`` played with ``trump`` (-1: none)."""
    out: list[float] = [1.0]
    if trump >= 0:
        t = hand & SUIT_MASKS[trump]
        out += [float(t >> card(trump, r) & 1) for r in range(8)]  # the trumps, card by card
        n = t.bit_count()
        out += [n / 8, (n / 8) ** 2]
        f = trump_strength(hand, trump)
        out += [f["tricks"] / 10, f["points"] / 100, f["top"] / 8]
        sides = [s for s in range(4) if s != trump]
    else:
        out += [0.0] * 13
        sides = list(range(4))
    lens = [(hand & SUIT_MASKS[s]).bit_count() for s in sides]
    aces = sum(hand >> card(s, ACE) & 1 for s in sides)
    tens = sum(hand >> card(s, TEN) & 1 for s in sides)
    guarded = sum(hand >> card(s, ACE) & 1 and hand >> card(s, TEN) & 1 for s in sides)
    kings = sum(hand >> card(s, KING) & 1 for s in sides)
    marriages = sum(hand >> card(s, KING) & 1 and hand >> card(s, OVER) & 1 for s in sides)
    out += [
        aces / 4,
        tens / 4,
        guarded / 4,
        kings / 4,
        marriages / 3,
        sum(x == 0 for x in lens) / 3,
        sum(x == 1 for x in lens) / 3,
        max(lens) / 8,
        betli_risk(hand) / 10,
        durchmars_losers(hand, trump) / 10,
        sum(c & 7 <= 2 for c in cards_of(hand)) / 10,  # VII, VIII, IX
    ]
    return out


@lru_cache(maxsize=1)
def _weights() -> dict[str, list[float]]:
    data: dict[str, list[float]] = json.loads(WEIGHTS.read_text(encoding="utf-8"))["weights"]
    return data


def _sigmoid(x: float) -> float:
    if x < -40:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def learned_chance(k: Kind, hand: int, trump: int, rules: Ruleset | None = None) -> float:
    """The learned chance that ``hand`` makes component ``k`` with ``trump``; the conditions
    no play can meet stay zero (a 40-100 without the trump marriage, an Ulti without its VII,
    a 20-100 without a marriage)."""
    if k == Kind.FORTY_HUNDRED and not (
        trump >= 0 and hand >> card(trump, KING) & 1 and hand >> card(trump, OVER) & 1
    ):
        return 0.0
    if k == Kind.ULTI and not (trump >= 0 and hand >> card(trump, 0) & 1):
        return 0.0
    if k == Kind.TWENTY_HUNDRED and not any(
        hand >> card(s, KING) & 1 and hand >> card(s, OVER) & 1 for s in range(4) if s != trump
    ):
        return 0.0
    w = _weights().get(MODELS[k])
    if w is None:
        return component_chance(k, hand, trump, trump_strength(hand, trump) if trump >= 0 else None)
    x = features(hand, trump)
    return _sigmoid(sum(a * b for a, b in zip(w, x, strict=True)))


# ------------------------------------------------------------------------------------------
# training


#: training hands are drawn where bids are made: a hand's twelve cards must give the
#: hand-written formula at least this chance of the component (with its best trump) ...
PLAUSIBLE = 0.15
#: ... within this many draws (else the last one drawn is taken)
TRIES = 40
#: a model is shipped only when its deals hold this many made and this many failed
MIN_CASES = 50


def _plausible(kind: Kind, twelve: int) -> tuple[bool, int]:
    """Whether ``twelve`` is a hand one might bid ``kind`` on, and its best trump."""
    if kind == Kind.BETLI:
        return component_chance(kind, twelve, -1, None) >= PLAUSIBLE * 0.5, -1
    best = max((component_chance(kind, twelve, t, trump_strength(twelve, t)), t) for t in (1, 2, 3))
    return best[0] >= PLAUSIBLE, best[1]


def label_rows(
    deals: int, seed: int, progress: Any = None
) -> dict[str, list[tuple[list[float], int, float]]]:
    """For each model: (features, made by the solver, the hand-written chance) on ``deals``
    seeded random deals per component (the soloist holds twelve cards one might bid it on,
    lays the two the hand evaluation lays, and leads; the defenders hold the rest)."""
    rules = Ruleset()
    sv = S._solver()
    rng = random.Random(seed)
    rows: dict[str, list[tuple[list[float], int, float]]] = {m: [] for m in MODELS.values()}
    deck = list(range(32))
    for i in range(deals):
        for kind, name in MODELS.items():
            bid = rules.ladder[_BID_OF[kind]]
            for _ in range(TRIES):
                rng.shuffle(deck)
                twelve = sum(1 << c for c in deck[:12])
                ok, t = _plausible(kind, twelve)
                if ok:
                    break
            others = (sum(1 << c for c in deck[12:22]), sum(1 << c for c in deck[22:32]))
            pair = discard_options(twelve, bid, t, 1)[0]
            laid = (1 << pair[0]) | (1 << pair[1])
            ten = twelve & ~laid
            pos = S.Position.from_facts(
                contract=bid,
                rules=rules,
                trump=t,
                soloist=0,
                hands=(ten, others[0], others[1]),
                talon=laid,
                tricks=(),
                trick=(),
                to_move=0,
                marriages=(),
                items=tuple(money_for(bid, {}, 1, rules)),
            )
            made = int(S.objective(pos, name, sv))
            f = trump_strength(ten, t) if t >= 0 else None
            rows[name].append((features(ten, t), made, component_chance(kind, ten, t, f)))
        if progress is not None:
            progress(i)
    return rows


def fit(xs: Sequence[Sequence[float]], ys: Sequence[int], l2: float = 1e-3) -> list[float]:
    """Logistic regression by Newton's method (a few dozen features: exact and quick)."""
    x = np.asarray(xs, dtype=float)
    y = np.asarray(ys, dtype=float)
    w = np.zeros(x.shape[1])
    for _ in range(30):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -40, 40)))
        g = x.T @ (p - y) + l2 * len(y) * w
        h = (x * (p * (1 - p))[:, None]).T @ x + l2 * len(y) * np.eye(x.shape[1])
        step = np.linalg.solve(h, g)
        w -= step
        if float(np.abs(step).max()) < 1e-8:
            break
    return [float(v) for v in w]


def log_loss(ps: Sequence[float], ys: Sequence[int]) -> float:
    eps = 1e-4
    return -sum(
        math.log(min(1 - eps, max(eps, p)) if y else 1 - min(1 - eps, max(eps, p)))
        for p, y in zip(ps, ys, strict=True)
    ) / max(1, len(ys))


def train(deals: int, seed: int) -> tuple[dict[str, list[float]], dict[str, dict[str, float]]]:
    """The weights of every model and, on a fifth of the deals held out, each model's
    log-loss against the hand-written formula's."""
    with Progress(transient=True) as bar:
        task = bar.add_task("solving deals", total=deals)
        rows = label_rows(deals, seed, lambda i: bar.update(task, completed=i + 1))
    weights: dict[str, list[float]] = {}
    report: dict[str, dict[str, float]] = {}
    for name, data in rows.items():
        cut = len(data) * 4 // 5
        train_rows, test_rows = data[:cut], data[cut:]
        w = fit([r[0] for r in train_rows], [r[1] for r in train_rows])
        ys = [r[1] for r in test_rows]
        learned = [_sigmoid(sum(a * b for a, b in zip(w, r[0], strict=True))) for r in test_rows]
        report[name] = {
            "made-share": sum(ys) / max(1, len(ys)),
            "log-loss-learned": log_loss(learned, ys),
            "log-loss-formula": log_loss([r[2] for r in test_rows], ys),
            "held-out": float(len(ys)),
        }
        # the weights shipped are fitted on every deal, for a component the deals make and
        # fail often enough to learn from (else the formula stays)
        made = sum(r[1] for r in data)
        if min(made, len(data) - made) >= MIN_CASES:
            weights[name] = fit([r[0] for r in data], [r[1] for r in data])
    return weights, report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Fit the learned evaluator to solver labels.")
    ap.add_argument("--deals", type=int, default=6000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=WEIGHTS)
    args = ap.parse_args(argv)
    if args.deals < 10:
        ap.error("--deals must be at least 10")
    if not args.out.parent.is_dir():
        ap.error(f"--out: no folder {args.out.parent}")
    weights, report = train(args.deals, args.seed)
    for name, r in report.items():
        print(
            f"{name:10s} made {r['made-share']:.3f}  held-out log-loss: learned "
            f"{r['log-loss-learned']:.4f}, formula {r['log-loss-formula']:.4f}"
            + ("" if name in weights else "  (too few made or failed: the formula stays)")
        )
    data = {
        "about": "ulti.players.ulti.learned: logistic weights per component (python -m "
        "ulti.players.ulti.learned)",
        "deals": args.deals,
        "seed": args.seed,
        "features": len(features(0, 1)),
        "report": report,
        "weights": weights,
    }
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"written: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
