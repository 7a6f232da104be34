"""The compiled play core against the pure-Python engine (R2-R6, R4; differential).

Over more than 10,000 random positions, in every kind of contract (trump and no-trump, with and
without the Ulti VII rule, open forms) and every variant that changes play (V3 Hearts trump,
V4 no talon, V9 Open Ulti, V10), the core and the engine agree on the legal cards, on every
trick's winner, and on the outcome (tricks, points, Aces, the VII) of whole play phases."""

from __future__ import annotations

import random

import pytest

from fixtures import random_action, ref_legal, ref_winner
from ulti.core.cards import ACES, TRUMP_ORDER_STRENGTH, card_points, cards_of, mask_of
from ulti.games.ulti.actions import PLAY
from ulti.games.ulti.bids import Kind
from ulti.games.ulti.deal import Deal, Phase
from ulti.games.ulti.rules import Ruleset
from ulti.games.ulti.scoring import status
from ulti.search import _core
from ulti.search.ulti.solver import Position, item_statuses

VARIANTS = ["standard", "hearts-trump", "no-talon", "open-double", "two-round", "casual"]


def to_play(rng: random.Random, rules: Ruleset, bid_key: str | None = None) -> Deal | None:
    """A random deal driven into its play phase (optionally with a given contract)."""
    d = Deal(rules, seed=rng.getrandbits(64), dealer=rng.randrange(3))
    if bid_key is not None and rules.talon and not rules.two_round_auction:
        d.apply(d.legal_actions()[rng.randrange(66)])
        d.apply(f"bid {bid_key}")
        while d.phase.name == "AUCTION":
            d.apply("pass")
        if d.phase.name == "TRUMP":
            d.apply(rng.choice(d.legal_actions()))
    while not d.is_over() and d.phase != Phase.PLAY:
        d.apply(random_action(d, rng, pass_bias=0.8))
    return None if d.is_over() else d


def core_of(d: Deal) -> _core.CorePosition:
    return Position.from_deal(d).core()


def test_core_and_engine_agree_on_10000_positions() -> None:
    rng = random.Random(31)
    positions = 0
    contracts: set[str] = set()
    keys = [b.key for b in Ruleset().ladder.bids]
    while positions < 10_000:
        rules = Ruleset.from_preset(VARIANTS[positions % len(VARIANTS)])
        key = rng.choice(keys) if rng.random() < 0.5 else None
        d = to_play(rng, rules, key if key in rules.ladder else None)
        if d is None:
            continue
        assert d.contract is not None
        contracts.add(d.contract.key)
        core = core_of(d)
        while not d.is_over():
            if d.phase == Phase.KONTRA:
                d.apply("pass")
                continue
            # legal cards (R2-R6)
            assert core.legal_mask() == d.legal_mask()
            assert core.player == d.current_player
            positions += 1
            # play the same card in both; kontras and marriages are not the core's business
            a = random_action(d, rng, kontra_bias=0.0)
            if a.kind.name != "PLAY":
                d.apply(a)
                continue
            core.play(a.card)
            d.apply(a)
            st = core.state()
            if not d.trick:
                # after a whole trick: winner, tricks, points, Aces and the VII agree (R4)
                assert st["tricks"] == d.tricks_played
                assert st["won"] == tuple(d.tricks_won)
                assert st["aces"] == tuple(t & ACES for t in d.taken)
                assert st["seven_trick"] == d.seven_trick
                s = d.soloist
                sp = card_points(d.taken[s]) + (10 if d.last_winner == s else 0)
                assert st["sp"] == sp
                assert st["hands"] == tuple(d.hands)
    assert len(contracts) > 30  # every kind of contract took part


@pytest.mark.parametrize("preset", VARIANTS)
def test_whole_random_play_phases_match(preset: str) -> None:
    """The core's seeded random playout is a legal play phase: replayed card by card in the
    core and in the engine, the tricks agree until the engine stops (R8), and the replay ends
    where the playout ended."""
    rng = random.Random(sum(map(ord, preset)))
    done = 0
    rules = Ruleset.from_preset(preset).with_options(simple_forfeit=False)
    while done < 60:
        d = to_play(rng, rules)
        if d is None or d.tricks_played or d.trick:
            continue
        core = core_of(d)
        replay = core_of(d)
        cards = core.playout(rng.getrandbits(32))
        assert len(cards) == 30 and core.tricks == 10
        for c in cards:
            replay.play(c)  # raises if the playout played an illegal card
            if d.is_over():
                continue  # the engine stops when all is decided (R8); the core plays on
            while d.phase == Phase.KONTRA:
                d.apply("pass")
            d.apply(PLAY[c])
            if not d.trick:
                assert replay.state()["won"] == tuple(d.tricks_won)
        assert replay.state() == core.state()
        done += 1


def test_core_undo_restores_exactly() -> None:
    rng = random.Random(2)
    for _ in range(50):
        d = to_play(rng, Ruleset())
        if d is None:
            continue
        core = core_of(d)
        before = core.state()
        played = 0
        while core.tricks < 10:
            m = core.legal_mask()
            cs = [c for c in range(32) if m >> c & 1]
            core.play(rng.choice(cs))
            played += 1
        for _ in range(played):
            core.undo()
        assert core.state() == before
        with pytest.raises(ValueError):
            bad = [c for c in range(32) if not core.legal_mask() >> c & 1]
            core.play(bad[0])


def test_item_statuses_are_twins_of_scoring() -> None:
    """The core's per-item status (for the settlement search) equals scoring.status."""
    rng = random.Random(8)
    checked = 0
    while checked < 3000:
        d = to_play(rng, Ruleset.from_preset(rng.choice(VARIANTS)))
        if d is None:
            continue
        while not d.is_over():
            if d.phase == Phase.PLAY and not d.trick and d.tricks_played >= 1:
                pos = Position.from_deal(d)
                got = item_statuses(pos)
                want = [status(d, item) for item, _ in pos.items]
                assert got == want, (d.contract, d.tricks_played)
                checked += 1
            d.apply(random_action(d, rng))


def test_random_playouts_sum_the_soloists_trick_points() -> None:
    """``random_playouts`` (whose speed bench_solver.py measures) plays ``n`` random play phases
    from one start and sums the soloist's trick points: one playout is the line
    ``CorePosition.playout`` plays for that seed, scored here by the reference rules (R4, P1);
    without an Ulti the line does not depend on who is the soloist, so the three soloists' sums
    share out every point in play exactly."""
    d = Deal(seed=4)
    hands = list(d.hands)
    fh = d.forehand
    for _ in range(2):  # the forehand lays his two lowest cards (the talon)
        hands[fh] ^= hands[fh] & -hands[fh]
    trump = 1
    in_play = card_points(hands[0] | hands[1] | hands[2]) + 10  # and the last trick's 10
    for seed in range(1, 41):
        pos = _core.CorePosition(hands, trump, False, fh, True, fh)
        line = pos.playout(seed)
        assert sorted(line) == cards_of(hands[0] | hands[1] | hands[2])
        held = [cards_of(h) for h in hands]
        points, leader = 0, fh
        for t in range(10):
            trick = line[3 * t : 3 * t + 3]
            for i, c in enumerate(trick):  # every card legal by the reference (R2, R3, R6)
                seat = (leader + i) % 3
                legal = ref_legal(held[seat], trick[:i], trump, True)
                if seat == fh and len(legal) > 1:
                    legal.discard(trump * 8)
                assert c in legal
                held[seat].remove(c)
            winner = (leader + ref_winner(trick, trump, TRUMP_ORDER_STRENGTH)) % 3
            if winner == fh:
                points += card_points(mask_of(trick)) + (10 if t == 9 else 0)
            leader = winner
        assert _core.random_playouts(hands, trump, False, fh, True, fh, 1, seed) == points
        assert pos.state()["sp"] == points
    n = 500
    sums = [_core.random_playouts(hands, trump, False, s, False, fh, n, 9) for s in range(3)]
    assert sum(sums) == n * in_play
    assert all(0 < x < n * in_play for x in sums)
    # seeded: the same seed plays the same phases, another seed others
    assert sums[0] == _core.random_playouts(hands, trump, False, 0, False, fh, n, 9)
    assert sums[0] != _core.random_playouts(hands, trump, False, 0, False, fh, n, 10)


def test_ulti_rule_in_the_core() -> None:
    """R6: the core holds the trump VII back exactly when the contract has an Ulti."""
    rng = random.Random(12)
    seen = 0
    while seen < 20:
        d = to_play(rng, Ruleset(), "ulti")
        if d is None or d.contract is None or not d.contract.has(Kind.ULTI):
            continue
        if not d.hands[d.soloist] >> d.ulti_card & 1 or d.current_player != d.soloist:
            continue
        core = core_of(d)
        assert not core.legal_mask() >> d.ulti_card & 1
        seen += 1


def test_the_core_shares_its_constants_with_the_python_definitions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Item codes (B, S2), statuses and objectives have one definition; a compiled core built
    from other values is refused when the solver is imported."""
    from ulti.games.ulti.scoring import SILENT_BASE, Status
    from ulti.search import _core
    from ulti.search.ulti import solver

    solver.check_core()
    assert _core.CONSTANTS["items"]["ulti"] == int(Kind.ULTI)
    assert _core.CONSTANTS["items"]["silent 100"] == SILENT_BASE
    assert _core.CONSTANTS["statuses"]["void"] == int(Status.VOID)
    stale = {**_core.CONSTANTS, "items": {**_core.CONSTANTS["items"], "ulti": 9}}
    monkeypatch.setattr(_core, "CONSTANTS", stale)
    with pytest.raises(ImportError, match="rebuild"):
        solver.check_core()
