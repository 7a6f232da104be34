"""One observer, two forms: the observation as a tensor and as a string (OpenSpiel's
observer), both made from the seat's projection only (D2: nothing hidden leaks)."""

from __future__ import annotations

import random

import numpy as np

from fixtures import random_action
from ulti import Deal
from ulti.core.cards import cards_of
from ulti.games.ulti.actions import ActionKind
from ulti.games.ulti.deal import deck_for_hands
from ulti.games.ulti.infostate import (
    MOVE_LAYOUT,
    MOVE_SIZE,
    OBSERVATION_SIZE,
    Recall,
    dealing_tensor,
    information_state_layout,
)
from ulti.games.ulti.observation import (
    SPECTATOR,
    TENSOR_LAYOUT,
    TENSOR_SIZE,
    segment_offsets,
    tensor_layout,
)


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


def test_a_spectators_seat_segment_stays_all_zero() -> None:
    """A spectator (seat -1) is no seat: its tensor's ``seat`` one-hot is all zero, not seat
    2's slot (a negative index would set the last one), and it holds no hand."""
    rng = random.Random(12)
    d = Deal(seed=31, dealer=0)
    while not d.is_over():
        t = d.observation(SPECTATOR).tensor()
        assert segment(t, "seat") == [0.0, 0.0, 0.0]
        assert not any(segment(t, "hand"))
        assert segment(d.observation(2).tensor(), "seat") == [0.0, 0.0, 1.0]
        d.apply(random_action(d, rng, pass_bias=0.3))
    assert segment(d.observation(SPECTATOR).tensor(), "seat") == [0.0, 0.0, 0.0]


def test_a_spectators_information_state_names_no_seats_cards() -> None:
    """A spectator's information state (ulti.games.ulti.infostate) has no seat, no cards as
    dealt and no cards received: seat 2's (the negative index's) stay out of it, while the
    deck is dealt as after it.  Only cards played are named until the deal is over."""
    at = dict(segment_offsets(information_state_layout(1)))
    seat_at, seat_size = at["seat"]
    start_at, _ = at["start_hand"]
    moves_at, _ = at["moves"]
    cards_at = moves_at + dict(segment_offsets(MOVE_LAYOUT))["cards"][0]
    dealing = np.zeros(OBSERVATION_SIZE, np.float32)
    dealing_tensor(dealing, SPECTATOR, 0)
    assert not dealing[seat_at : seat_at + seat_size].any()
    rng = random.Random(4)
    checked = 0
    for seed in range(30):
        rec = Recall(Deal(seed=seed, dealer=seed % 3))
        d = rec.deal
        while not d.is_over():
            t = rec.information_state_tensor(SPECTATOR)
            assert not t[seat_at : seat_at + seat_size].any()
            assert not t[start_at : start_at + 32].any()
            for i, (_, a) in enumerate(d.history):
                row = cards_at + i * MOVE_SIZE
                named = set(np.flatnonzero(t[row : row + 32]))
                assert named == ({a.card} if a.kind == ActionKind.PLAY else set())
                checked += a.kind in (ActionKind.PICKUP, ActionKind.DISCARD)
            rec.apply(random_action(d, rng, pass_bias=0.3))
        over = rec.information_state_tensor(SPECTATOR)
        assert not over[start_at : start_at + 32].any()  # no seat's hand as dealt, ever
    assert checked > 20  # talons changed hands: seat 2's pickups would have shown
