"""One observer, two forms: the observation as a tensor and as a string (OpenSpiel's
observer), both made from the seat's projection only (D2: nothing hidden leaks)."""

from __future__ import annotations

import random

from fixtures import random_action
from ulti import Deal
from ulti.core.cards import cards_of
from ulti.games.ulti.deal import deck_for_hands
from ulti.games.ulti.observation import TENSOR_LAYOUT, TENSOR_SIZE, tensor_layout


def segment(t: list[float], name: str) -> list[float]:
    at, size = tensor_layout()[name]
    return t[at : at + size]


def test_the_tensor_follows_its_documented_layout() -> None:
    rng = random.Random(6)
    assert sum(n for _, n in TENSOR_LAYOUT) == TENSOR_SIZE
    for _ in range(60):
        d = Deal(seed=rng.getrandbits(64), dealer=rng.randrange(3))
        while not d.is_over():
            for seat in range(3):
                o = d.observation(seat)
                t = o.tensor()
                assert len(t) == TENSOR_SIZE
                hand = segment(t, "hand")
                assert [c for c in range(32) if hand[c]] == list(o.hand)
                assert segment(t, "seat").index(1.0) == seat
                assert sum(segment(t, "phase")) == 1.0
                taken = segment(t, "taken")
                for p in range(3):
                    assert sum(taken[32 * p : 32 * p + 32]) == d.taken[p].bit_count()
                assert segment(t, "hand_sizes") == [float(h.bit_count()) for h in d.hands]
                assert o.tensor() == t and o.text() == d.observation(seat).text()
            d.apply(random_action(d, rng, pass_bias=0.5))


def test_the_observer_sees_nothing_of_the_hidden_cards() -> None:
    """Two deals that differ only in cards seat 0 cannot see give seat 0 the same tensor and
    the same text, step after step (D2, R7)."""
    rng = random.Random(9)
    compared = 0
    for _ in range(40):
        a = Deal(seed=rng.getrandbits(64), dealer=2)  # seat 0 is forehand: the talon is its
        h1, h2 = cards_of(a.hands[1]), cards_of(a.hands[2])
        x, y = rng.choice(h1), rng.choice(h2)
        hands = list(a.hands)
        hands[1] ^= (1 << x) | (1 << y)
        hands[2] ^= (1 << x) | (1 << y)
        b = Deal(a.rules, a.seed, 2, deck_for_hands(hands, dealer=2))
        while not a.is_over():
            oa, ob = a.observation(0), b.observation(0)
            assert oa.tensor() == ob.tensor() and oa.text() == ob.text()
            compared += 1
            act = random_action(a, rng, pass_bias=0.7)
            if act not in b.legal_actions():
                break  # the other hands now decide differently: the views may differ
            a.apply(act)
            b.apply(act)
            if any(e for e in (a.exposed, b.exposed)):
                break  # R7: the hands are open now
    assert compared > 100
