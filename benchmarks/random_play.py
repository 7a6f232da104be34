"""One uniformly random complete deal on any revision's engine: this module imports no ``ulti``,
so that engine_against.py's workers can play it on the engine they loaded."""

from __future__ import annotations

import random
from typing import Any


def play_random_deal(rules: Any, rng: random.Random, deal_cls: Any, claim: Any) -> Any:
    """A seeded deal of ``deal_cls`` played to its end by uniformly random legal actions, never
    ``claim`` (a claim asks for proven best play, which is a search, not play)."""
    d = deal_cls(rules, seed=rng.getrandbits(64), dealer=rng.randrange(3))
    rand = rng.random  # uniform choice: legal[int(random() * len(legal))]
    while not d.is_over():
        legal = d.legal_actions()
        a = legal[int(rand() * len(legal))]
        if a.kind == claim:
            legal = legal[1:]
            a = legal[int(rand() * len(legal))]
        d.apply(a)
    return d
