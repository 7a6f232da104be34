"""The compiled full-game state (ulti.search.ulti.fast.FastDeal) against the Python engine, the
reference.

Both play the same random deals, step by step: the same current player, phase and legal
actions (ids, in the engine's order) at every step, and the same returns and ending.  The
policies reach every phase and variant: uniform (contracts high on the ladder, mostly open:
R7's proofs and claims), low (passing often: Simple, A5's forfeit, 40-100, the ten tricks of
a trump game), doubling (kontras and marriages taken whenever offered: K1-K4 chains, R5)."""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter

import pytest

from ulti.core.seeds import shuffled_deck
from ulti.games.ulti import actions as A
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.rules import PRESETS, Ruleset
from ulti.games.ulti.state import IllegalAction, Phase
from ulti.search.ulti.fast import FastDeal, research_rules

#: Every preset (kontras capped where the preset does not cap them: ids stop at level 16) but
#: ``howto``, whose auction and marriages the compiled state does not play yet (it refuses
#: them), and the options no preset sets.
RULESETS = [research_rules(p) for p in PRESETS if p != "howto"] + [
    research_rules().with_options(talon_ace_loses_four_aces=False),
    research_rules().with_options(silent_durchmars_in_simple=4, max_kontra=16),
    research_rules("two-round").with_options(max_kontra=2, hearts_always_trump=True),
    research_rules().with_options(equal_value_overcalls=False, four_aces=False),
    # the how-to-play game's options the compiled state plays (W3, W6, W12, V8)
    research_rules().with_options(
        bid_ladder="howto", forehand_leads=True, silent_losses=False, simple_forfeit=False
    ),
]
POLICIES = ("uniform", "low", "doubling")


def choose(policy: str, rng: random.Random, ids: list[int], phase: int) -> int:
    if policy == "low" and A.PASS.id in ids and phase in (Phase.ROUND1, Phase.AUCTION):
        if rng.random() < 0.85:
            return A.PASS.id
    if policy == "doubling":
        extra = [a for a in ids if a >= A.MARRIAGE[0].id]
        if extra and rng.random() < 0.6:
            return rng.choice(extra)
        if A.PASS.id in ids and phase in (Phase.ROUND1, Phase.AUCTION) and rng.random() < 0.7:
            return A.PASS.id
    return rng.choice(ids)


def play_both(rules: Ruleset, seed: int, policy: str, seen: Counter[object]) -> None:
    rng = random.Random(seed)
    deal_seed, dealer = rng.getrandbits(64), rng.randrange(3)
    d = Deal(rules, deal_seed, dealer)
    f = FastDeal(rules, deal_seed, dealer)
    step = 0
    while True:
        legal = d.legal_actions()
        ids = [a.id for a in legal]
        where = (rules.preset, seed, policy, step)
        assert f.current_player == d.current_player, where
        assert f.phase == d.phase, where
        assert f.legal_actions() == ids, where
        if d.is_over():
            break
        seen[Phase(d.phase)] += 1
        a = choose(policy, rng, ids, d.phase)
        act = legal[ids.index(a)]
        seen[act.kind] += 1
        if act.kind == A.ActionKind.KONTRA:
            seen["kontra level", act.level] += 1
        d.apply(act)
        f.apply_action(a)
        step += 1
    assert f.returns() == d.returns(), where
    assert sum(f.returns()) == 0  # S1
    assert d.outcome is not None
    assert f.termination == d.outcome.termination.value, where
    assert f.history == [(p, a.id) for p, a in d.history]
    seen[d.outcome.termination.value] += 1
    seen["multiplier", d.bid_multiplier] += 1


def run(deals_per_case: int) -> Counter[object]:
    seen: Counter[object] = Counter()
    for rules in RULESETS:
        for policy in POLICIES:
            for seed in range(deals_per_case):
                play_both(rules, seed, policy, seen)
    return seen


def check_coverage(seen: Counter[object]) -> None:
    for phase in Phase:
        if phase != Phase.OVER:
            assert seen[phase], phase
    for kind in A.ActionKind:
        assert seen[kind], kind
    for end in ("ten-tricks", "decided", "proved", "claim", "simple-not-played"):
        assert seen[end], end
    assert seen["kontra level", 4]  # Mordkontra chains (K2)
    assert seen["multiplier", 2]  # V1's first-round bids


def test_compiled_state_matches_the_engine_on_random_deals() -> None:
    """D1, D2, A1-A5, B5, B6, K1-K4, R1-R8, S1, S2, V1-V11: 1,728 deals, every phase."""
    check_coverage(run(48))


@pytest.mark.slow
def test_compiled_state_matches_the_engine_on_ten_thousand_deals() -> None:
    seen = run(280)
    assert (
        sum(seen[e] for e in ("ten-tricks", "decided", "proved", "claim"))
        + seen["simple-not-played"]
        == len(RULESETS) * len(POLICIES) * 280
        >= 10_000
    )
    check_coverage(seen)


def test_the_deck_of_a_seed_is_the_engines() -> None:
    """D2: the compiled shuffle is shuffled_deck's, for small, large and edge seeds."""
    for seed in [0, 1, 7, 2**32, 2**63 + 12345, 2**64 - 1, *range(100, 140)]:
        assert FastDeal(research_rules(), seed).deck == tuple(shuffled_deck(seed))


def test_a_given_deck_deals_as_the_engine() -> None:
    deck = list(range(31, -1, -1))
    for rules in RULESETS[:6]:
        f = FastDeal(rules, 0, 2, deck)
        d = Deal(rules, 0, 2, deck)
        assert f.hands == d.hands and f.talon == d.talon and f.custom_deck


def test_an_illegal_action_raises_the_engines_reason_and_changes_nothing() -> None:
    f = FastDeal(research_rules(), 3)
    before = (f.legal_actions(), f.history, f.hands)
    hand = f.hands[f.current_player]
    not_held = next(c for c in range(32) if not hand >> c & 1)
    with pytest.raises(IllegalAction) as err:
        f.apply_action(A.discard(not_held, (not_held + 1) % 32).id)
    assert err.value.reason.rule == "A1"  # the engine's own reason
    with pytest.raises(IllegalAction) as err:
        f.apply_action(A.PASS.id)
    assert err.value.reason.code == "wrong-phase"
    with pytest.raises(IllegalAction) as err:
        f.apply_action(9999)
    assert err.value.reason.code == "grammar"
    assert (f.legal_actions(), f.history, f.hands) == before


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="W1/W2"):  # not compiled yet: a clear error
        FastDeal(research_rules("howto"), 0)
    with pytest.raises(ValueError, match="V11"):  # an earlier version's uncapped kontras
        FastDeal(Ruleset.from_dict({"max_kontra": 0}, recorded=True), 0)
    with pytest.raises(ValueError, match="D2"):
        FastDeal(research_rules(), -1)
    with pytest.raises(ValueError, match="C3"):
        FastDeal(research_rules(), 0, 3)
    with pytest.raises(ValueError, match="D1"):
        FastDeal(research_rules(), 0, 0, [0] * 32)
    with pytest.raises(TypeError):
        FastDeal("standard", 0)


def test_clone_copy_and_pickle_are_independent_and_equal() -> None:
    f = next(
        f for f in (FastDeal(research_rules(), s) for s in range(50)) if f.play_random(5, 8) == 8
    )
    assert not f.is_terminal()
    for other in (f.clone(), copy.copy(f), copy.deepcopy(f), pickle.loads(pickle.dumps(f))):
        assert other.history == f.history and other.legal_actions() == f.legal_actions()
        other.play_random(9)
        assert other.is_terminal()
        assert not f.is_terminal() and len(f.history) == 8
    f.play_random(9)
    g = pickle.loads(pickle.dumps(f))
    assert g.returns() == f.returns() and g.termination == f.termination


def test_to_deal_replays_to_the_engines_state() -> None:
    f = FastDeal(research_rules("two-round"), 21, 1)
    f.play_random(3, 25)
    d = f.to_deal()
    assert [(p, a.id) for p, a in d.history] == f.history
    assert [a.id for a in d.legal_actions()] == f.legal_actions()
    f.play_random(4)
    assert f.to_deal().returns() == f.returns()


def test_play_random_ends_every_deal_zero_sum() -> None:
    for seed in range(200):
        f = FastDeal(research_rules(), seed)
        n = f.play_random(seed)
        assert f.is_terminal() and n == len(f.history) and sum(f.returns()) == 0
        assert f.legal_actions() == [] and f.current_player == -1


def test_tensors_are_the_research_faces_tensors() -> None:
    """The compiled observation and information-state tensors equal ulti.games.ulti.infostate's (the
    OpenSpiel face's) for every seat at every step of random deals of every preset, so they
    hide what those hide (another hand, another seat's discards, the deck)."""
    np = pytest.importorskip("numpy")
    from ulti.games.ulti.infostate import OBSERVATION_SIZE, Recall

    checked = 0
    for rules in RULESETS:
        for seed in range(6):
            rng = random.Random(seed)
            deal_seed, dealer = rng.getrandbits(64), rng.randrange(3)
            rec = Recall(Deal(rules, deal_seed, dealer))
            f = FastDeal(rules, deal_seed, dealer)
            out = np.ones(f.information_state_size, np.float32)  # overwritten whole
            while True:
                for seat in range(3):
                    want = rec.information_state_tensor(seat)
                    assert np.array_equal(f.information_state_tensor(seat), want)
                    assert np.array_equal(f.information_state_tensor(seat, out), want)
                    assert np.array_equal(f.observation_tensor(seat), want[:OBSERVATION_SIZE])
                    checked += 1
                if rec.deal.is_over():
                    break
                act = rng.choice(rec.deal.legal_actions())
                rec.apply(act)
                f.apply_action(act.id)
    assert checked > 2000
    with pytest.raises(ValueError, match="C3"):
        f.observation_tensor(3)
    with pytest.raises(ValueError, match="floats"):
        f.information_state_tensor(0, np.zeros(10, np.float32))
