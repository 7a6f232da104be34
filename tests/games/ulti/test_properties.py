"""Properties over thousands of random legal deals (random auctions, kontras and plays), in
every preset: each deal ends; the 32 cards are conserved; card points plus the last trick make
90 (P1); the settlement is zero-sum (S1); an observation never shows a card its seat may not see
(D2, R7); undo restores the exact state; a record replays to the same state and settlement."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fixtures import public_cards, random_action
from ulti.core.cards import FULL_DECK, card_points
from ulti.games.ulti.actions import ActionKind
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.record import dumps, loads
from ulti.games.ulti.rules import PRESETS, Ruleset

SEEDS = st.integers(min_value=0, max_value=2**64 - 1)
PRESET = st.sampled_from(sorted(PRESETS))
BIAS = st.sampled_from([0.0, 0.5, 0.8, 0.95])


def all_cards(d: Deal) -> list[int]:
    return [*d.hands, d.talon, *d.taken, d.trick_mask]


def check_conservation(d: Deal) -> None:
    masks = all_cards(d)
    union = 0
    for m in masks:
        assert union & m == 0, "a card is in two places"
        union |= m
    if d.phase.name == "ROUND1":
        assert union.bit_count() == 15  # V1: five each before the rest is dealt
    else:
        assert union == FULL_DECK


class Knowledge:
    """What each seat may legitimately know, followed action by action."""

    def __init__(self, d: Deal) -> None:
        self.known = [d.hands[s] for s in range(3)]

    def after(self, d: Deal, seat: int, kind: ActionKind, talon_before: int) -> None:
        if kind == ActionKind.PICKUP:
            self.known[seat] |= talon_before  # it sees the talon it takes
        for s in range(3):
            self.known[s] |= d.hands[s]  # cards dealt later (V1) become known to their holder

    def allowed(self, d: Deal, seat: int) -> int:
        if d.is_over():
            return FULL_DECK
        return self.known[seat] | d.hands[seat] | public_cards(d)


def check_observations(d: Deal, k: Knowledge) -> None:
    for seat in range(3):
        o = d.observation(seat)
        allowed = k.allowed(d, seat)
        assert o.visible_cards() & ~allowed == 0, f"seat {seat} sees a hidden card"
        assert sum(1 << c for c in o.hand) == d.hands[seat]
        for who, kind, act in o.history:
            if act is not None and act.cards:
                assert all(allowed >> c & 1 for c in act.cards), act
            if act is None:  # a discard shown without its cards
                assert kind == ActionKind.DISCARD and who != seat and not d.is_over()
        if not d.is_over():
            assert o.seed is None and o.dealt_hands is None and o.final_talon is None
            if o.talon is not None:
                assert d.talon_owner == seat
        if o.legal_actions:
            assert seat == d.current_player
        json_text = str(o.to_dict())
        assert str(d.seed) not in json_text or d.is_over() or d.seed < 1000


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, preset=PRESET, bias=BIAS, dealer=st.integers(0, 2))
def test_every_step_conserves_cards_and_leaks_nothing(
    seed: int, preset: str, bias: float, dealer: int
) -> None:
    rules = Ruleset.from_preset(preset)
    rng = random.Random(seed)
    d = Deal(rules, seed=seed, dealer=dealer)
    k = Knowledge(d)
    steps = 0
    while not d.is_over():
        check_conservation(d)
        check_observations(d, k)
        seat = d.current_player
        talon_before = d.talon
        a = random_action(d, rng, pass_bias=bias, claims=False)
        d.apply(a)
        k.after(d, seat, a.kind, talon_before)
        steps += 1
        assert steps < 400, "a deal must end"
    check_conservation(d)
    check_observations(d, k)
    assert sum(d.returns()) == 0
    if d.tricks_played == 10:  # P1: card points plus the last trick make 90
        assert card_points(FULL_DECK) + 10 == 90
        s = d.soloist
        sol = card_points(d.taken[s]) + (10 if d.last_winner == s else 0)
        dfn = card_points(d.taken[(s + 1) % 3] | d.taken[(s + 2) % 3] | d.talon) + (
            0 if d.last_winner == s else 10
        )
        assert sol + dfn == 90


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, preset=PRESET, bias=BIAS)
def test_undo_restores_the_exact_state(seed: int, preset: str, bias: float) -> None:
    rng = random.Random(seed)
    d = Deal(Ruleset.from_preset(preset), seed=seed, dealer=seed % 3)
    while not d.is_over():
        a = random_action(d, rng, pass_bias=bias)
        if rng.random() < 0.3:
            before = d.key()
            events_before = d.events
            copy = d.clone()
            d.apply(a)
            assert d.undo() == a
            assert d.key() == before == copy.key()
            assert d.events == events_before
        d.apply(a)
    # undo from the very end, too
    end = d.key()
    last = d.history[-1][1]
    d.undo()
    d.apply(last)
    assert d.key() == end


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, preset=PRESET, bias=BIAS, live_events=st.booleans())
def test_pop_retraces_the_deal_to_its_start(
    seed: int, preset: str, bias: float, live_events: bool
) -> None:
    """The one undo stack: popping every action of a deal passes back through exactly the
    states of the way forward, each equal to a fresh replay of the actions left."""
    rng = random.Random(seed)
    rules = Ruleset.from_preset(preset)
    d = Deal(rules, seed=seed, dealer=seed % 3)
    if live_events:
        d.record_events()
    forward = [(d.key(), d.events)]
    while not d.is_over():
        d.push(random_action(d, rng, pass_bias=bias))
        forward.append((d.key(), d.events))
    while d.history:
        d.pop()
        forward.pop()
        assert (d.key(), d.events) == forward[-1]
        replay = Deal(rules, seed=seed, dealer=seed % 3)
        for _, a in d.history:
            replay.apply(a)
        assert replay.key() == d.key()
        assert replay.legal_actions() == d.legal_actions()
    assert not forward[1:]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, preset=PRESET, bias=BIAS, cut=st.floats(0.0, 1.0))
def test_pop_after_the_log_is_switched_on_midway(
    seed: int, preset: str, bias: float, cut: float
) -> None:
    """Records made while the event log was off take their actions back from a log switched on
    later: the log, rebuilt at the switch, loses exactly each popped action's events (a pass's
    or a card's shared record pops one event; the others cut back to their length)."""
    rng = random.Random(seed)
    rules = Ruleset.from_preset(preset)
    d = Deal(rules, seed=seed, dealer=seed % 3)
    while not d.is_over():
        d.push(random_action(d, rng, pass_bias=bias))
    actions = [a for _, a in d.history]
    on_at = int(cut * len(actions))
    d = Deal(rules, seed=seed, dealer=seed % 3)
    for i, a in enumerate(actions):
        if i == on_at:
            d.record_events()
        d.push(a)
    while d.history:
        d.pop()
        replay = Deal(rules, seed=seed, dealer=seed % 3)
        for _, a in d.history:
            replay.apply(a)
        assert d.events == replay.events and d.key() == replay.key()


@pytest.mark.slow
def test_thousands_of_random_deals_end_zero_sum_and_replay() -> None:
    rng = random.Random(2026)
    presets = sorted(PRESETS)
    for i in range(3000):
        rules = Ruleset.from_preset(presets[i % len(presets)])
        d = Deal(rules, seed=rng.getrandbits(64), dealer=rng.randrange(3))
        bias = (0.0, 0.6, 0.9)[i % 3]
        while not d.is_over():
            d.apply(random_action(d, rng, pass_bias=bias))
            assert len(d.history) < 400
        assert sum(d.returns()) == 0
        check_conservation(d)
        if i % 10 == 0:
            again = loads(dumps(d))
            assert again == d
            assert again.settlement == d.settlement


def test_clone_is_independent() -> None:
    rng = random.Random(4)
    d = Deal(seed=123)
    for _ in range(10):
        d.apply(random_action(d, rng))
    c = d.clone()
    before = d.key()
    while not c.is_over():
        c.apply(random_action(c, rng))
    assert d.key() == before
