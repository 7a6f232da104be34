"""The best-play search (R7 claims): exact, checked against plain minimax on small positions."""

from __future__ import annotations

import random

import pytest

from fixtures import random_action
from reference_search import best_play
from ulti.games.ulti.actions import ActionKind
from ulti.games.ulti.deal import Deal, Phase


def brute(d: Deal) -> int:
    """Plain minimax over every legal card, on clones: slow and obviously right."""
    if d.is_over():
        assert d.settlement is not None
        return d.settlement.totals[d.soloist]
    vals = []
    for a in d.legal_actions():
        if a.kind != ActionKind.PLAY:
            continue
        c = d.clone()
        c.apply(a)
        vals.append(brute(c))
    return max(vals) if d.current_player == d.soloist else min(vals)


def late_positions(n: int, tricks_left: int, seed: int) -> list[Deal]:
    rng = random.Random(seed)
    out: list[Deal] = []
    while len(out) < n:
        d = Deal(seed=rng.getrandbits(64), dealer=rng.randrange(3))
        while not d.is_over() and not (
            d.phase == Phase.PLAY and d.tricks_played >= 10 - tricks_left and not d.trick
        ):
            d.apply(random_action(d, rng, pass_bias=0.8, claims=False))
        if not d.is_over():
            # start part-way into a trick now and then
            if rng.random() < 0.5:
                d.apply(random_action(d, rng))
            if not d.is_over() and d.phase == Phase.PLAY:
                out.append(d)
    return out


@pytest.mark.parametrize("seed", range(6))
def test_best_play_equals_plain_minimax(seed: int) -> None:
    for d in late_positions(12, 3, seed):
        before = d.key()
        outcome = best_play(d)
        assert d.key() == before  # the search leaves the deal as it was
        assert outcome.value == brute(d)
        assert outcome.settlement.totals[d.soloist] == outcome.value
        assert sum(outcome.settlement.totals) == 0


def test_best_line_is_legal_and_reaches_the_value() -> None:
    for d in late_positions(8, 4, 99):
        outcome = best_play(d)
        c = d.clone()
        for text in outcome.line:
            c.apply(text)
        assert c.is_over() and c.returns()[c.soloist] == outcome.value


def test_search_refuses_the_auction() -> None:
    with pytest.raises(ValueError, match="R7"):
        best_play(Deal(seed=1))
