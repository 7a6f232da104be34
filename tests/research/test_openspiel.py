"""The OpenSpiel face (``ulti.research.openspiel``, game ``python_ulti``): OpenSpiel's own
conformance checks, the engine's settlement, the observer's views and what they hide, resampling and
an ISMCTS bot playing whole deals."""

from __future__ import annotations

import pickle
import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python import policy  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

import ulti.research.openspiel as uos  # noqa: E402
from research_util import played_alike  # noqa: E402
from ulti.core.cards import cards_of, code, mask_of  # noqa: E402
from ulti.games.ulti.actions import NUM_ACTIONS, ActionKind, from_id  # noqa: E402
from ulti.games.ulti.deal import Deal, deck_for_hands, shuffled_deck  # noqa: E402
from ulti.games.ulti.game import Game  # noqa: E402
from ulti.games.ulti.observation import TENSOR_SIZE, observation_tensor  # noqa: E402
from ulti.games.ulti.record import dumps, loads  # noqa: E402
from ulti.games.ulti.rules import Ruleset  # noqa: E402
from ulti.players import make_player  # noqa: E402

State = Any  # a pyspiel state (untyped)


def load(**params: Any) -> Any:
    return pyspiel.load_game("python_ulti", params)


def deal_out(state: State, rng: random.Random) -> None:
    """Play the chance moves (the deal) at random."""
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(rng.choice([a for a, _ in outcomes]))


def random_deal(game: Any, rng: random.Random, stop: int = 10_000) -> list[State]:
    """A deal played at random: the states at every decision (and the last one)."""
    s = game.new_initial_state()
    deal_out(s, rng)
    out: list[State] = []
    while not s.is_terminal() and len(out) < stop:
        out.append(s.clone())
        s.apply_action(rng.choice(s.legal_actions()))
    out.append(s)
    return out


# --------------------------------------------------------------------------------------------
# the game's static facts


def test_registered_with_documented_defaults() -> None:
    assert "python_ulti" in pyspiel.registered_names()
    game = load()
    assert game.get_parameters() == {"preset": "standard", "max_kontra": 4, "seed": -1, "dealer": 0}
    t = game.get_type()
    assert t.short_name == "python_ulti"
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert t.provides_information_state_string and t.provides_information_state_tensor
    assert t.provides_observation_string and t.provides_observation_tensor
    assert str(pyspiel.load_game(str(game))) == str(game)  # the game from its own text


@pytest.mark.parametrize("preset", ["standard", "tournament", "two-round", "no-talon"])
def test_static_info_matches_the_engine_under_the_cap(preset: str) -> None:
    """K2 leaves kontras unbounded; the OpenSpiel game caps them (V11, default 4), so length
    and utility come from ulti.games.ulti.game.Game under that cap.  S1: zero-sum."""
    game = load(preset=preset)
    engine = Game(Ruleset.from_dict({"preset": preset, "max_kontra": 4}))
    assert game.num_distinct_actions() == NUM_ACTIONS == engine.num_distinct_actions()
    assert game.max_chance_outcomes() == 32
    assert game.num_players() == 3
    assert game.utility_sum() == 0.0
    assert game.max_utility() == engine.max_utility()
    assert game.min_utility() == engine.min_utility()
    assert game.max_game_length() == engine.max_game_length()
    assert game.max_chance_nodes_in_history() == 32  # the deal: one chance move per card
    assert game.max_history_length() == game.max_game_length() + 32
    fixed = load(preset=preset, seed=9)
    assert fixed.max_chance_nodes_in_history() == 0
    assert fixed.max_history_length() == fixed.max_game_length()


def test_parameters_are_checked() -> None:
    """V11/K2: a finite cap of at least Rekontra, within the action ids' 16 levels; C3: the
    dealer is a seat."""
    for bad in (0, 1, 17):
        with pytest.raises(ValueError, match="max_kontra"):
            load(max_kontra=bad)
    with pytest.raises(ValueError, match="C3"):
        load(dealer=3)
    with pytest.raises(ValueError, match="preset"):
        load(preset="no-such-preset")
    casual = load(preset="casual", max_kontra=2)
    assert casual.rules.max_kontra == 2 and not casual.rules.simple_forfeit


# --------------------------------------------------------------------------------------------
# OpenSpiel's conformance checks


@pytest.mark.parametrize(
    "params",
    [{}, {"seed": 12345, "dealer": 2}, {"preset": "tournament"}, {"preset": "two-round"}],
    ids=["chance", "fixed-seed", "tournament", "two-round-V1"],
)
def test_random_sim_test(params: dict[str, Any]) -> None:
    """OpenSpiel's own API checks (legal actions sorted and empty for others, clones, the
    serialization round trip, returns within the bounds, game length within the maximum)."""
    game = load(**params)
    pyspiel.random_sim_test(game, num_sims=4, serialize=True, verbose=False)


def test_random_sim_test_no_talon() -> None:
    """V4: no talon, ten cards each and two aside."""
    pyspiel.random_sim_test(load(preset="no-talon"), num_sims=3, serialize=True, verbose=False)


def test_clone_and_child_are_independent() -> None:
    rng = random.Random(3)
    game = load()
    s = game.new_initial_state()
    deal_out(s, rng)
    c = s.clone()
    assert str(c) == str(s) and c.history() == s.history()
    a = s.legal_actions()[0]
    child = s.child(a)
    assert child.history() == [*s.history(), a]
    assert str(s) == str(c)  # the parent is untouched
    c.apply_action(a)
    assert str(c) == str(child)


def test_serialize_round_trip_at_every_stage() -> None:
    """pyspiel.serialize_game_and_state keeps mid-deal chance prefixes, running deals (as
    their record) and settled ones; pickling works for game and state."""
    rng = random.Random(5)
    game = load(dealer=1)
    s = game.new_initial_state()
    for k in range(40):
        if s.is_terminal():
            break
        text = pyspiel.serialize_game_and_state(game, s)
        g2, s2 = pyspiel.deserialize_game_and_state(text)
        assert str(g2) == str(game)
        assert str(s2) == str(s) and s2.history() == s.history()
        if not s.is_chance_node():
            for seat in range(3):
                assert s2.information_state_string(seat) == s.information_state_string(seat)
        if k in (0, 7, 31, 39):
            s3 = pickle.loads(pickle.dumps(s))
            assert str(s3) == str(s)
        if s.is_chance_node():
            s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    g3 = pickle.loads(pickle.dumps(game))
    assert str(g3) == str(game)
    final = random_deal(game, rng)[-1]
    text = pyspiel.serialize_game_and_state(game, final)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert again.is_terminal() and again.returns() == final.returns()


def test_python_policy_and_action_strings() -> None:
    game = load(seed=77)
    s = game.new_initial_state()
    probs = policy.UniformRandomPolicy(game).action_probabilities(s)
    assert sorted(probs) == s.legal_actions()
    assert sum(probs.values()) == pytest.approx(1.0)
    for a in s.legal_actions():  # the record's action text, read back by OpenSpiel
        text = s.action_to_string(a)
        assert text == f"discard {' '.join(code(c) for c in from_id(a).cards)}"
        assert s.string_to_action(text) == a
    chance = load().new_initial_state()
    assert chance.action_to_string(pyspiel.PlayerId.CHANCE, 7) == "deal HA"


# --------------------------------------------------------------------------------------------
# the chance node and the engine's settlement


def test_the_deal_is_32_uniform_chance_moves_dealt_by_d1() -> None:
    """D1/D2: the deck comes card by card, each remaining card equally likely; the order is
    dealt 5-7-5 from forehand (dealer + 1, C3), as the engine deals a given deck."""
    game = load(dealer=2)
    s = game.new_initial_state()
    deck = shuffled_deck(31)
    for k, c in enumerate(deck):
        assert s.is_chance_node() and s.current_player() == pyspiel.PlayerId.CHANCE
        outcomes = s.chance_outcomes()
        assert len(outcomes) == 32 - k
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        assert all(p == pytest.approx(1 / (32 - k)) for _, p in outcomes)
        assert sorted(a for a, _ in outcomes) == sorted(set(range(32)) - set(deck[:k]))
        assert s.legal_actions() == [a for a, _ in outcomes]
        s.apply_action(c)
    assert not s.is_chance_node()
    assert s.current_player() == 0  # forehand of dealer 2
    d = s.deal
    assert d is not None and list(d.deck) == deck
    assert d.hands == Deal(s.rules, 0, 2, deck).hands
    assert Deal(s.rules, 0, 2, deck_for_hands(d.hands, 2)).hands == d.hands
    assert [h.bit_count() for h in d.hands] == [12, 10, 10]


def test_a_fixed_seed_has_no_chance_node() -> None:
    """D2: seed >= 0 fixes the deck (ulti.core.seeds.shuffled_deck)."""
    game = load(seed=4242, dealer=1)
    s = game.new_initial_state()
    assert not s.is_chance_node() and s.current_player() == 2
    assert s.deal is not None and list(s.deal.deck) == shuffled_deck(4242)
    assert s.deal.hands == Deal(s.rules, 4242, 1).hands


@pytest.mark.parametrize("preset", ["standard", "two-round", "no-talon", "open-double"])
def test_returns_are_the_engine_settlement(preset: str) -> None:
    """The same actions on the engine's Deal settle the same (S1: zero-sum), within bounds;
    K2/V11: no kontra goes past the cap."""
    game = load(preset=preset)
    rules = game.rules
    rng = random.Random(11)
    top_level = 0
    for _ in range(6):
        s = game.new_initial_state()
        deal_out(s, rng)
        deck = s.history()
        engine = Deal(rules, 0, 0, deck)
        while not s.is_terminal():
            legal = s.legal_actions()
            assert legal == sorted(a.id for a in engine.legal_actions())
            a = rng.choice(legal)
            top_level = max(top_level, from_id(a).level)
            s.apply_action(a)
            engine.apply(from_id(a))
            assert s.returns() == [float(x) for x in engine.returns()]
        assert engine.is_over() and s.current_player() == pyspiel.PlayerId.TERMINAL
        assert s.returns() == [float(x) for x in engine.returns()]
        assert sum(s.returns()) == 0.0
        assert all(game.min_utility() <= r <= game.max_utility() for r in s.returns())
        assert loads(dumps(engine)).returns() == engine.returns()
    assert top_level <= 4


# --------------------------------------------------------------------------------------------
# the observer


def test_observer_shapes_and_values() -> None:
    game = load()
    L = game.max_game_length()
    assert game.observation_tensor_size() == 1 + TENSOR_SIZE == uos.OBSERVATION_SIZE
    assert uos.MOVE_SIZE == 127
    assert game.information_state_tensor_size() == 1 + TENSOR_SIZE + 32 + L * uos.MOVE_SIZE
    assert sum(n for _, n in uos.information_state_layout(L)) == (
        game.information_state_tensor_size()
    )
    rng = random.Random(8)
    s = game.new_initial_state()
    for _ in range(5):
        s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
    obs = np.array(s.observation_tensor(0))
    assert obs[0] == 5.0  # cards dealt so far; nothing else of the deck
    assert s.observation_string(1) == "seat 1 dealer 0 dealing 5/32"
    deal_out(s, rng)
    pr = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    plain = make_observation(game)
    assert pr.tensor.shape == (game.information_state_tensor_size(),)
    assert plain.tensor.shape == (game.observation_tensor_size(),)
    assert pr.dict["moves"].shape == (L, uos.MOVE_SIZE)
    states = [s]
    while not states[-1].is_terminal():
        states.append(states[-1].child(rng.choice(states[-1].legal_actions())))
    for st in [*states[:: max(1, len(states) // 8)], states[-1]]:
        d = st.deal
        for seat in range(3):
            o = d.observation(seat)
            t = np.array(st.observation_tensor(seat), np.float32)
            assert t[0] == 32.0
            assert list(t[1:]) == observation_tensor(o)
            pr.set_from(st, seat)
            assert np.array_equal(pr.tensor, st.information_state_tensor(seat))
            assert np.array_equal(pr.tensor[: len(t)], t)
            assert pr.string_from(st, seat) == st.information_state_string(seat)
            plain.set_from(st, seat)
            assert np.array_equal(plain.tensor, t)
            assert plain.string_from(st, seat) == st.observation_string(seat) == o.text()
            start = pr.dict["start_hand"]
            assert mask_of(int(c) for c in np.flatnonzero(start)) == d.initial_hands[seat]
            moves = pr.dict["moves"]
            n = len(d.history)
            assert not moves[n:].any()
            for i, (p, a) in enumerate(d.history):
                row = moves[i]
                assert row[p] == 1.0 and row[:3].sum() == 1.0
                assert row[3 + int(a.kind)] == 1.0
                cards = row[12:44]
                if a.kind == ActionKind.PLAY:
                    assert list(np.flatnonzero(cards)) == [a.card]
                if a.kind == ActionKind.DISCARD:
                    hidden = p != seat and not d.is_over()
                    assert list(np.flatnonzero(cards)) == ([] if hidden else list(a.cards))


def test_other_observation_types_are_refused() -> None:
    game = load()
    with pytest.raises(ValueError, match="one seat"):
        game.make_py_observer(
            pyspiel.IIGObservationType(
                perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
            )
        )


# --------------------------------------------------------------------------------------------
# nothing leaks


def _views(s: State, seat: int) -> tuple[str, str, list[float], list[float]]:
    return (
        s.information_state_string(seat),
        s.observation_string(seat),
        s.information_state_tensor(seat),
        s.observation_tensor(seat),
    )


def _fixed(game: Any, deck: list[int]) -> State:
    s = game.new_initial_state()
    for c in deck:
        s.apply_action(c)
    return s


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_other_hands_do_not_reach_a_seat(seat: int) -> None:
    """Two deals that differ only in how the other two seats' cards lie give ``seat`` the
    same views, move for move, as long as the same moves are legal in both (D1: the deal
    itself shows a seat only its own cards)."""
    game = load()
    rng = random.Random(100 + seat)
    longest = 0
    for _ in range(6):
        hands = list(Deal(game.rules, rng.getrandbits(32), 0).hands)
        a, b = (p for p in range(3) if p != seat)
        xa = rng.sample(cards_of(hands[a]), 3)
        xb = rng.sample(cards_of(hands[b]), 3)
        other = list(hands)
        other[a] = hands[a] & ~mask_of(xa) | mask_of(xb)
        other[b] = hands[b] & ~mask_of(xb) | mask_of(xa)
        s1 = _fixed(game, deck_for_hands(hands, 0))
        s2 = _fixed(game, deck_for_hands(other, 0))
        steps = played_alike(s1, s2, lambda s: _views(s, seat), rng)
        longest = max(longest, steps)
    assert longest > 8


def test_another_seats_discard_stays_hidden() -> None:
    """A2: the talon is laid face down; only its owner sees it (until the deal is over)."""
    game = load(seed=2024)
    s = game.new_initial_state()
    fh = s.current_player()
    discards = s.legal_actions()
    s1, s2 = s.child(discards[0]), s.child(discards[-1])
    assert from_id(discards[0]).cards != from_id(discards[-1]).cards
    for seat in range(3):
        if seat != fh:
            assert _views(s1, seat) == _views(s2, seat)
            assert "discard ??" in s1.information_state_string(seat)
        else:
            assert _views(s1, seat) != _views(s2, seat)


def test_views_name_only_cards_the_seat_may_know() -> None:
    """The information-state string names no card the seat has not seen, nor the seed (D2),
    before the deal is over."""
    game = load(seed=918273645, preset="open-double")
    rng = random.Random(6)
    for _ in range(3):
        for s in random_deal(game, rng)[:-1]:
            d = s.deal
            for seat in range(3):
                text = s.information_state_string(seat)
                assert "918273645" not in text
                o = d.observation(seat)
                seen = o.visible_cards() | d.initial_hands[seat]
                for got in s._t.private:
                    seen |= got[seat]
                words = set(text.split())
                named = {c for c in range(32) if code(c) in words}
                assert named <= set(cards_of(seen)), (seat, named - set(cards_of(seen)))


# --------------------------------------------------------------------------------------------
# resampling


@pytest.mark.parametrize("preset", ["standard", "two-round", "no-talon"])
def test_resample_keeps_the_information_state(preset: str) -> None:
    """A resampled state is one the seat cannot tell apart: the same information state (string
    and tensor) and observation; the hidden cards do vary.  V1 and V4 deal by their plans."""
    game = load(preset=preset)
    rng = random.Random(21)
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    differed = 0
    checked = 0
    for _ in range(3):
        states = random_deal(game, rng)
        for s in states[:-1:2]:
            for seat in range(3):
                r = s.resample_from_infostate(seat, sampler)
                assert _views(r, seat) == _views(s, seat)
                assert r.deal.hands[seat] == s.deal.hands[seat]
                differed += r.deal.hands != s.deal.hands
                checked += 1
    assert differed > checked // 2


def test_resample_during_the_deal_and_at_the_end() -> None:
    game = load()
    rng = random.Random(4)
    s = game.new_initial_state()
    for _ in range(9):
        s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
    r = s.resample_from_infostate(0, rng.random)
    assert r.is_chance_node() and len(r.history()) == 9
    assert r.information_state_string(0) == s.information_state_string(0)
    final = random_deal(game, rng)[-1]
    again = final.resample_from_infostate(1, rng.random)
    assert str(again) == str(final)  # all is shown at the end


def test_resample_after_talons_changed_hands() -> None:
    """A2: a talon a seat laid and another picked up is known to be in that hand (or in the
    talons it laid since); resampling keeps every such fact (else the views would differ)."""
    game = load(seed=555)
    rng = random.Random(9)
    found = 0
    for _ in range(40):
        s = game.new_initial_state()
        pickups = 0
        while not s.is_terminal() and s.deal.phase.name != "PLAY":
            legal = s.legal_actions()
            pick = [a for a in legal if from_id(a).kind == ActionKind.PICKUP]
            s.apply_action(pick[0] if pick and pickups < 3 else rng.choice(legal))
            pickups += bool(pick)
        if s.is_terminal() or pickups < 2:
            continue
        found += 1
        for seat in range(3):
            for _ in range(3):
                r = s.resample_from_infostate(seat, rng.random)
                assert _views(r, seat) == _views(s, seat)
        if found >= 4:
            break
    assert found >= 2


# --------------------------------------------------------------------------------------------
# a search bot plays


def test_ismcts_bot_plays_whole_deals_against_the_rules_player() -> None:
    """OpenSpiel's Python ISMCTS (random rollouts, a few simulations; resampling by
    resample_from_infostate) in one seat, the project's rules player in the others.  Each
    deal ends settled (S1: zero-sum) and replays in the engine to the same returns."""
    game = load()
    for deal in range(3):
        rs = np.random.RandomState(deal)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
        bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=rs)
        sampler = pyspiel.UniformProbabilitySampler(deal, 0.0, 1.0)

        def resample(st: State, pl: int, sampler: Any = sampler) -> State:
            return st.resample_from_infostate(pl, sampler)

        bot.set_resampler(resample)
        bot_seat = deal % 3
        others = {p: make_player("rules", seed=deal) for p in range(3) if p != bot_seat}
        s = game.new_initial_state()
        while s.is_chance_node():
            outcomes = s.chance_outcomes()
            s.apply_action(outcomes[rs.randint(len(outcomes))][0])
        for p, player in others.items():
            player.start(p, s.rules, deal)
        bot_moves = 0
        while not s.is_terminal():
            p = s.current_player()
            if p == bot_seat:
                a = int(bot.step(s))
                bot_moves += 1
            else:
                d = s.deal
                a = others[p].act(d.observation(p), d.legal_actions()).id
            assert a in s.legal_actions()
            s.apply_action(a)
        assert bot_moves > 0
        assert sum(s.returns()) == 0.0
        replay = loads(dumps(s.deal))
        assert [float(x) for x in replay.returns()] == s.returns()


@pytest.mark.parametrize(
    ("module", "library"),
    [
        ("ulti.research.openspiel", "pyspiel"),
        ("ulti.research.gymnasium", "gymnasium"),
        ("ulti.research.pettingzoo", "pettingzoo"),
    ],
)
def test_a_research_face_without_its_library_says_how_to_install_it(
    module: str, library: str
) -> None:
    """The game installs without the research extra; importing a research face then fails
    with one line that names the extra, not a bare ModuleNotFoundError."""
    import subprocess
    import sys

    code = f"import sys; sys.modules[{library!r}] = None; import {module}"
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode != 0
    last = r.stderr.strip().splitlines()[-1]
    assert last.startswith("ImportError: ") and "pip install 'ulti[research]'" in last, last
