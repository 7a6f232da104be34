"""The bidding and kontra positions of ``tests/positions_bidding.py`` (issue 17): ``pimc`` and
``rules`` take no clearly wrong decision there.  Each position cites its rule; the suite is
shown able to fail by the frozen baseline ``pimc-1``, which fails some of them."""

from __future__ import annotations

import pytest

from positions_bidding import POSITIONS, Position, decide, setup
from ulti.players.ulti.evaluate import unsound


@pytest.mark.parametrize("p", POSITIONS, ids=lambda p: p.name)
def test_each_position_is_a_real_decision(p: Position) -> None:
    """The decision is the deciding seat's, with more than one choice (B5, A2, K2)."""
    d = setup(p)
    assert d.current_player == p.seat
    assert len(d.legal_actions()) > 1


@pytest.mark.slow
@pytest.mark.parametrize("spec", ["pimc", "rules"])
@pytest.mark.parametrize("p", POSITIONS, ids=lambda p: p.name)
def test_no_clearly_wrong_decision(p: Position, spec: str) -> None:
    for seed in (0, 1):
        assert decide(p, spec, seed) is None, f"{spec} (seed {seed}) in {p.name}: {p.why}"


@pytest.mark.slow
def test_the_suite_can_fail() -> None:
    """pimc-1, frozen before these fixes, bids a Betli on middle cards and a Simple of Hearts
    on three Hearts: the checks see it."""
    fails = {p.name for p in POSITIONS if decide(p, "pimc-1") is not None}
    assert {"short-hearts", "middle-cards-betli"} <= fails


def test_unsound_names_each_condition() -> None:
    """The conditions a bid cannot do without (S1, R5, R6) and the judgements (A5, R2)."""
    from ulti.core.cards import mask_of, parse_cards
    from ulti.games.ulti.rules import Ruleset

    ladder = Ruleset().ladder

    def ten(text: str) -> int:
        return mask_of(parse_cards(text))

    hand = ten("AA AX AK AU A9 A8 HA BA LX L9")  # acorns without the marriage or the VII
    assert unsound(ladder["40-100"], hand, 1) == "40-100 without the trump marriage"
    assert unsound(ladder["ulti"], hand, 1) == "Ulti without the trump VII"
    assert unsound(ladder["20-100"], hand, 1) == "20-100 without a marriage"
    assert unsound(ladder["four aces"], hand, 1) is None  # three Aces held
    laid = ten("LA HX")
    assert "Ace laid" in str(unsound(ladder["four aces"], hand, 1, laid))
    assert unsound(ladder["simple"], hand, 0) is None  # the forced opening (A5)
    short = ten("H7 HO HA A8 A9 AX LK LA BK BA")
    assert unsound(ladder["simple of hearts"], short, 0) == "a Simple without trump length"
    assert unsound(ladder["betli"], ten("H8 H9 HX HU HO A8 AX B7 B8 BX"), -1) is not None
    assert unsound(ladder["betli"], ten("H7 H8 H9 A7 A8 A9 L7 L8 B7 B8"), -1) is None
