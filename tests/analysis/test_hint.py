"""A hint (:func:`ulti.analysis.ulti.hint`, issue 31): the sampling player's choice for the
seat to move, its value and why, worked out from the seat's observation and nothing else.

Two deals that agree on everything one seat may see (its hand, the public moves) but not on
the other hands give that seat the same hint with the same seed, at the talon (12 cards,
D1) and at the first lead of the card play (R1: a legal card, valued for the seat itself);
its words are in both languages with no code words in them."""

from __future__ import annotations

import re

import pytest

from english_words import english_words_in
from ulti.analysis.ulti import hint
from ulti.core.cards import mask_of
from ulti.games.ulti.actions import ActionKind
from ulti.games.ulti.deal import Deal, Phase, deck_for_hands
from ulti.games.ulti.rules import Ruleset
from ulti.players.base import Budget

BUDGET = Budget(4, 10_000.0)  # four samples; a time limit never reached (the same every run)
#: Words of the source code a player must never read: catalogue keys, rule names, ids.
CODE_WORDS = re.compile(r"\b(hint|analysis|pimc|rules?)\.[a-z]|\b[a-z]+_[a-z]+\b|\{|\}")


def twins(seed: int, seat_off: int = 0) -> tuple[Deal, Deal]:
    """A seeded deal and its twin: the two seats other than the forehand's hold one card
    each swapped (the forehand sees the same)."""
    a = Deal(Ruleset(), seed=seed, dealer=seed % 3)
    fh = a.forehand
    hands = list(a.hands)
    x, y = (fh + 1) % 3, (fh + 2) % 3
    cx = hands[x] & -hands[x]  # each one's lowest card
    cy = hands[y] & -hands[y]
    hands[x] = hands[x] ^ cx | cy
    hands[y] = hands[y] ^ cy | cx
    b = Deal(Ruleset(), 0, a.dealer, deck_for_hands(hands, a.dealer))
    assert b.hands[fh] == a.hands[fh] and b.hands[x] != a.hands[x]
    return a, b


def same_moves(a: Deal, b: Deal, action: str) -> None:
    a.apply(action)
    b.apply(action)


def to_the_play(a: Deal, b: Deal) -> None:
    """The forehand lays its two lowest cards and bids the first bid it may but a plain
    Simple (left standing it is not played, A5), the others pass, every kontra waved off:
    both deals reach the first lead the same way (passes are legal whatever the hands
    hold)."""
    lay = sorted(mask_of([c]) for c in a.observation(a.forehand).hand)[:2]
    cards = [m.bit_length() - 1 for m in lay]
    discard = next(
        x for x in a.legal_actions() if x.kind == ActionKind.DISCARD and sorted(x.cards) == cards
    )
    same_moves(a, b, str(discard))
    bids = [x for x in a.legal_actions() if x.kind == ActionKind.BID and x.bid != "simple"]
    same_moves(a, b, str(bids[0]))
    while a.phase != Phase.PLAY:
        legal = a.legal_actions()
        if a.phase == Phase.TRUMP:
            same_moves(a, b, str(legal[0]))
        else:
            same_moves(a, b, str(next(x for x in legal if x.kind == ActionKind.PASS)))


def check_words(why: dict[str, str]) -> None:
    assert why["en"] and why["hu"] and why["en"] != why["hu"], why
    assert not english_words_in(why["hu"]), why["hu"]
    for text in why.values():
        assert not CODE_WORDS.search(text), text


@pytest.mark.parametrize("seed", [3, 8])
def test_the_same_view_gives_the_same_hint_whatever_the_other_hands(seed: int) -> None:
    a, b = twins(seed)
    fh = a.forehand
    # the talon: the forehand's 12 cards (D1), the two to lay and the bid
    oa, ob = a.observation(fh), b.observation(fh)
    assert oa.to_dict() == ob.to_dict()
    ha, hb = hint(oa, a.rules, BUDGET, 5), hint(ob, b.rules, BUDGET, 5)
    assert ha.to_dict(a.rules) == hb.to_dict(b.rules)
    assert ha.action in oa.legal_actions
    check_words(ha.to_dict(a.rules)["why"])
    # the first lead (R1): every legal card valued for the seat, the best advised
    to_the_play(a, b)
    assert a.current_player == fh and a.hands[fh] == b.hands[fh] and a.hands != b.hands
    while True:
        oa, ob = a.observation(fh), b.observation(fh)
        assert oa.to_dict() == ob.to_dict()
        ha, hb = hint(oa, a.rules, BUDGET, 5), hint(ob, b.rules, BUDGET, 5)
        got = ha.to_dict(a.rules)
        assert got == hb.to_dict(b.rules)
        check_words(got["why"])
        if ha.action.kind != ActionKind.MARRIAGE:
            break
        same_moves(a, b, str(ha.action))  # a marriage declared before the lead (R5)
    cards = {x.card for x in oa.legal_actions if x.kind == ActionKind.PLAY}
    assert ha.action.kind == ActionKind.PLAY and ha.action.card in cards
    assert {o.card for o, _ in ha.options} == cards  # R1-R4: the legal cards, each valued
    assert ha.value == max(v for _, v in ha.options) and ha.samples == 4
    check_words(got["why"])


def test_a_hint_is_for_the_seat_to_move_only() -> None:
    d = Deal(Ruleset(), seed=2, dealer=0)
    other = (d.current_player + 1) % 3
    with pytest.raises(ValueError):
        hint(d.observation(other), d.rules, BUDGET)
