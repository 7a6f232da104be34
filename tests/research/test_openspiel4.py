"""The OpenSpiel face of four at the table (``python_ulti4``, docs/RULES.md N1-N5): OpenSpiel's own
conformance checks, the dealer who never acts and wins nothing, the three who play a deal of
``python_ulti`` unchanged, the dealer's views that are a spectator's, serialization and
resampling for every seat."""

from __future__ import annotations

import pickle
import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import ulti.research.openspiel as uos  # noqa: E402
from research_util import played_alike  # noqa: E402
from ulti.core.cards import cards_of, code, mask_of  # noqa: E402
from ulti.games.ulti.actions import NUM_ACTIONS, ActionKind, from_id  # noqa: E402
from ulti.games.ulti.deal import Deal, deck_for_hands  # noqa: E402
from ulti.games.ulti.observation import (  # noqa: E402
    SPECTATOR,
    observation_tensor,
    observation_text,
    tensor_layout,
)
from ulti.games.ulti4.deal import INNER_DEALER, Deal4  # noqa: E402
from ulti.games.ulti4.observation import TABLE_SIZE, table_text  # noqa: E402
from ulti.players import make_player  # noqa: E402

State = Any  # a pyspiel state (untyped)


def load(**params: Any) -> Any:
    return pyspiel.load_game("python_ulti4", params)


def deal_out(state: State, rng: random.Random) -> None:
    """Play the chance moves (the deal) at random."""
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))


def random_deal(game: Any, rng: random.Random) -> list[State]:
    """A deal played at random: the states at every decision, and the last one."""
    s = game.new_initial_state()
    deal_out(s, rng)
    out: list[State] = []
    while not s.is_terminal():
        out.append(s.clone())
        s.apply_action(rng.choice(s.legal_actions()))
    out.append(s)
    return out


def views(s: State, seat: int) -> tuple[str, str, list[float], list[float]]:
    return (
        s.information_state_string(seat),
        s.observation_string(seat),
        s.information_state_tensor(seat),
        s.observation_tensor(seat),
    )


def named_cards(text: str) -> set[int]:
    words = set(text.split())
    return {c for c in range(32) if code(c) in words}


# --------------------------------------------------------------------------------------------
# the game's static facts


def test_registered_with_documented_defaults() -> None:
    assert "python_ulti4" in pyspiel.registered_names()
    game = load()
    assert game.get_parameters() == {"preset": "standard", "max_kontra": 4, "seed": -1, "dealer": 0}
    assert game.num_players() == 4
    t = game.get_type()
    assert t.short_name == "python_ulti4" == uos.SHORT_NAME4
    assert (t.min_num_players, t.max_num_players) == (4, 4)
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert t.provides_information_state_tensor and t.provides_observation_tensor
    assert str(pyspiel.load_game(str(game))) == str(game)
    assert isinstance(game.new_initial_state(), uos.Ulti4State)


@pytest.mark.parametrize("preset", ["standard", "two-round"])
def test_n2_the_bounds_are_the_three_handed_games(preset: str) -> None:
    """N2: the three play python_ulti's deal unchanged, so actions, length and utility bounds
    are its own; the tensors add the table's 8 floats (seat and dealer of four)."""
    four, three = load(preset=preset), pyspiel.load_game("python_ulti", {"preset": preset})
    assert four.num_distinct_actions() == NUM_ACTIONS == three.num_distinct_actions()
    assert four.max_chance_outcomes() == 32
    assert four.max_game_length() == three.max_game_length()
    assert four.max_utility() == three.max_utility() and four.min_utility() == -four.max_utility()
    assert four.utility_sum() == 0.0
    assert four.observation_tensor_size() == TABLE_SIZE + three.observation_tensor_size()
    assert four.observation_tensor_size() == uos.OBSERVATION4_SIZE == 647
    L = four.max_game_length()
    assert four.information_state_tensor_size() == TABLE_SIZE + (
        three.information_state_tensor_size()
    )
    assert four.information_state_tensor_size() == sum(
        n for _, n in uos.information_state4_layout(L)
    )


def test_n1_the_dealer_parameter_is_a_seat_of_four() -> None:
    for dealer in range(4):
        assert load(dealer=dealer).dealer == dealer
    for bad in (4, -1):
        with pytest.raises(ValueError, match="N1: dealer is seat 0, 1, 2 or 3"):
            load(dealer=bad)
    with pytest.raises(ValueError, match="max_kontra"):
        load(max_kontra=17)


# --------------------------------------------------------------------------------------------
# OpenSpiel's conformance checks


@pytest.mark.parametrize(
    "params",
    [{}, {"seed": 4321, "dealer": 3}, {"dealer": 1, "preset": "two-round"}],
    ids=["chance", "fixed-seed", "two-round-V1"],
)
def test_random_sim_test(params: dict[str, Any]) -> None:
    """OpenSpiel's own API checks on the four-player game (legal actions empty for the seats not
    to act, clones, the serialization round trip, returns within the bounds)."""
    pyspiel.random_sim_test(load(**params), num_sims=3, serialize=True, verbose=False)


# --------------------------------------------------------------------------------------------
# the dealer sits out; the three play


@pytest.mark.parametrize("dealer", range(4))
def test_n1_the_dealer_never_acts_and_has_no_legal_action(dealer: int) -> None:
    """N1: the dealer deals to the other three and takes no part: it is never the current
    player, its legal actions are always empty, and forehand (the seat after it) starts."""
    game = load(dealer=dealer)
    rng = random.Random(dealer)
    acted: set[int] = set()
    for _ in range(3):
        states = random_deal(game, rng)
        assert states[0].current_player() == (dealer + 1) % 4  # forehand (D1)
        for s in states:
            assert s.current_player() != dealer
            assert s.legal_actions(dealer) == []
            if not s.is_terminal():
                acted.add(s.current_player())
                for other in range(4):
                    if other != s.current_player():
                        assert s.legal_actions(other) == []
    assert acted == set(range(4)) - {dealer}


@pytest.mark.parametrize("dealer", range(4))
def test_n1_the_deck_is_dealt_to_the_three_after_the_dealer(dealer: int) -> None:
    """N1/D1: the 32 chance moves deal the deck as Deal4 deals it (forehand, the seat after the
    dealer, first); a fixed seed deals Deal4's deck of that seed."""
    game = load(dealer=dealer)
    s = game.new_initial_state()
    deal_out(s, random.Random(40 + dealer))
    four = Deal4(game.rules, 0, dealer, s.history())
    d4 = s.deal4
    assert d4 is not None and d4.dealer == dealer and d4.players == four.players
    for seat in range(4):
        assert d4.observation(seat).deal.hand == four.observation(seat).deal.hand
    fixed = load(seed=99, dealer=dealer).new_initial_state()
    assert not fixed.is_chance_node()
    assert fixed.deal.hands == Deal4(game.rules, 99, dealer).inner.hands
    assert fixed.players == tuple((dealer + k) % 4 for k in (1, 2, 3))


@pytest.mark.parametrize("preset", ["standard", "two-round", "no-talon"])
def test_n3_the_dealer_gets_0_and_the_three_the_engines_settlement(preset: str) -> None:
    """N3: the deal is settled among the three; the dealer's return is 0 at every step, the
    returns sum to zero (S1) and are Deal4's for the same moves."""
    rng = random.Random(7)
    for dealer in range(4):
        game = load(preset=preset, dealer=dealer)
        s = game.new_initial_state()
        deal_out(s, rng)
        engine = Deal4(game.rules, 0, dealer, s.history())
        while not s.is_terminal():
            assert s.returns()[dealer] == 0.0
            assert s.legal_actions() == sorted(a.id for a in engine.legal_actions())
            a = rng.choice(s.legal_actions())
            s.apply_action(a)
            engine.apply(from_id(a))
        r = s.returns()
        assert len(r) == 4 and r[dealer] == 0.0
        assert sum(r) == 0.0
        assert r == [float(x) for x in engine.returns()]
        assert all(game.min_utility() <= x <= game.max_utility() for x in r)


def test_n2_a_players_views_are_its_place_in_python_ulti() -> None:
    """N2: each of the three sees exactly what python_ulti shows its place among the three
    (the same deck, dealt by the three-handed deal's seat 2), after the table's segments."""
    rng = random.Random(3)
    for dealer in range(4):
        four = load(dealer=dealer)
        three = pyspiel.load_game("python_ulti", {"dealer": INNER_DEALER})
        s4, s3 = four.new_initial_state(), three.new_initial_state()
        for k in range(40):
            if s4.is_terminal():
                break
            if s4.is_chance_node():
                a = rng.choice([c for c, _ in s4.chance_outcomes()])
            else:
                a = rng.choice(s4.legal_actions())
            if k % 5 == 0 or not s4.is_chance_node():
                for inner, seat in enumerate(s4.players):
                    i4, o4, it4, ot4 = views(s4, seat)
                    i3, o3, it3, ot3 = views(s3, inner)
                    head = table_text(seat, dealer) + "\n"
                    assert (i4, o4) == (head + i3, head + o3)
                    assert it4[TABLE_SIZE:] == it3 and ot4[TABLE_SIZE:] == ot3
                    assert it4[seat] == 1.0 and it4[4 + dealer] == 1.0
                    assert sum(it4[:TABLE_SIZE]) == 2.0
            if not s4.is_chance_node():
                assert s4.current_player() == s4.players[s3.current_player()]
            s4.apply_action(a)
            s3.apply_action(a)


# --------------------------------------------------------------------------------------------
# the dealer sees what a spectator sees (N5)


def test_n5_the_dealers_observation_is_a_spectators() -> None:
    """N5: the dealer's observation is the spectator's projection of the three-handed deal
    after the table's segments: its seat segment all zero, no hand, no talon; its strings and
    tensors name no card a spectator cannot see (no hand, no talon, nobody's discards), the
    information state no cards as dealt and no cards received, until the deal is over."""
    at = {name: (TABLE_SIZE + 1 + o, n) for name, (o, n) in tensor_layout().items()}
    rng = random.Random(5)
    checked = 0
    for dealer in range(4):
        game = load(dealer=dealer, preset="open-double" if dealer % 2 else "standard")
        L = game.max_game_length()
        layout = dict(uos.information_state4_layout(L))
        start_at = TABLE_SIZE + uos.OBSERVATION_SIZE
        assert layout["start_hand"] == 32
        for s in random_deal(game, rng)[:-1]:
            d = s.deal
            spectator = d.observation(SPECTATOR)
            assert s.deal4.observation(dealer).deal == spectator
            info, obs, info_t, obs_t = views(s, dealer)
            head = table_text(dealer, dealer) + "\n"
            assert head.startswith(f"table seat {dealer} dealer {dealer}")
            assert "sitting out" in head
            assert obs == head + observation_text(spectator)
            assert obs_t[:TABLE_SIZE] == [float(i in (dealer, 4 + dealer)) for i in range(8)]
            assert obs_t[TABLE_SIZE] == 32.0  # all cards dealt
            assert obs_t[TABLE_SIZE + 1 :] == observation_tensor(spectator)
            assert info_t[: len(obs_t)] == obs_t
            for name in ("seat", "hand", "talon"):
                o, n = at[name]
                assert not any(obs_t[o : o + n]), name
            assert not any(info_t[start_at : start_at + 32])
            public = set(cards_of(spectator.visible_cards()))  # played, laid open
            hidden = set()
            for h in (*d.hands, d.talon):
                hidden |= set(cards_of(h))
            hidden -= public
            assert not named_cards(info) & hidden and not named_cards(obs) & hidden
            assert named_cards(info) <= public
            moves = np.array(info_t[start_at + 32 :]).reshape(L, uos.MOVE_SIZE)
            for i, (_, a) in enumerate(d.history):
                cards = set(np.flatnonzero(moves[i][12:44]))
                assert cards == ({a.card} if a.kind == ActionKind.PLAY else set())
                checked += a.kind == ActionKind.DISCARD
    assert checked > 10


def test_n5_the_dealer_cannot_tell_deals_that_differ_in_hidden_cards() -> None:
    """N5: two deals that differ in every hand (cards swapped between all three players) give
    the dealer the same views, move for move, while the same moves are legal in both."""
    rng = random.Random(11)
    longest = 0
    for dealer in range(4):
        game = load(dealer=dealer)
        for _ in range(3):
            hands = list(Deal(game.rules, rng.getrandbits(32), INNER_DEALER).hands)
            picks = [rng.sample(cards_of(h), 2) for h in hands]
            other = [hands[p] & ~mask_of(picks[p]) | mask_of(picks[(p + 1) % 3]) for p in range(3)]
            s1, s2 = game.new_initial_state(), game.new_initial_state()
            for c in deck_for_hands(hands, INNER_DEALER):
                s1.apply_action(c)
            for c in deck_for_hands(other, INNER_DEALER):
                s2.apply_action(c)
            assert s1.deal.hands != s2.deal.hands
            steps = played_alike(s1, s2, lambda s: views(s, dealer), rng)  # noqa: B023
            longest = max(longest, steps)
    assert longest > 8


def test_the_dealers_views_while_the_deck_is_dealt() -> None:
    """During the chance moves every seat sees how many cards are out; the dealer as a
    spectator (no seat among the three)."""
    game = load(dealer=2)
    s = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(6):
        s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
    assert s.observation_string(2) == (
        "table seat 2 dealer 2 players 3 0 1 sitting out\nseat -1 dealer 2 dealing 6/32"
    )
    assert (
        s.observation_string(3)
        == "table seat 3 dealer 2 players 3 0 1\nseat 0 dealer 2 dealing 6/32"
    )
    t = s.observation_tensor(2)
    assert t[:TABLE_SIZE] == [0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0]
    assert t[TABLE_SIZE] == 6.0
    o, n = TABLE_SIZE + 1 + tensor_layout()["seat"][0], 3
    assert t[o : o + n] == [0.0, 0.0, 0.0]


# --------------------------------------------------------------------------------------------
# clones, serialization, resampling


def test_clone_and_serialize_round_trip_at_every_stage() -> None:
    """Clones, pyspiel.serialize_game_and_state and pickling keep the table of four: the dealer,
    the seat to act and every seat's information state, mid-deal and settled."""
    rng = random.Random(9)
    game = load(dealer=3)
    s = game.new_initial_state()
    for _ in range(45):
        if s.is_terminal():
            break
        c = s.clone()
        text = pyspiel.serialize_game_and_state(game, s)
        g2, s2 = pyspiel.deserialize_game_and_state(text)
        assert str(g2) == str(game)
        for other in (c, s2, pickle.loads(pickle.dumps(s))):
            assert isinstance(other, uos.Ulti4State) and other.dealer == 3
            assert str(other) == str(s) and other.history() == s.history()
            assert other.current_player() == s.current_player()
            if not s.is_chance_node():
                for seat in range(4):
                    assert other.information_state_string(seat) == (
                        s.information_state_string(seat)
                    )
        if s.is_chance_node():
            s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
        else:
            a = rng.choice(s.legal_actions())
            child = s.child(a)
            assert child.history() == [*s.history(), a] and str(c) == str(s)
            s.apply_action(a)
    final = random_deal(game, rng)[-1]
    _, again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, final))
    assert again.is_terminal() and again.returns() == final.returns()
    assert again.returns()[3] == 0.0


def test_resample_keeps_every_seats_information_state() -> None:
    """A resampled state is one the seat cannot tell apart (the same information state and
    observation, string and tensor): for one of the three, its hand stays and the others' vary;
    for the dealer (N5, a spectator's view), every hand may vary."""
    rng = random.Random(21)
    sampler = pyspiel.UniformProbabilitySampler(3, 0.0, 1.0)
    moved = {"player": 0, "dealer": 0}
    checked = {"player": 0, "dealer": 0}
    for dealer in range(4):
        game = load(dealer=dealer, preset="two-round" if dealer == 2 else "standard")
        for s in random_deal(game, rng)[:-1:2]:
            for seat in range(4):
                r = s.resample_from_infostate(seat, sampler)
                assert isinstance(r, uos.Ulti4State) and r.dealer == dealer
                assert views(r, seat) == views(s, seat)
                new = r.deal
                assert new is not None
                who = "dealer" if seat == dealer else "player"
                if who == "player":
                    inner = s.players.index(seat)
                    assert new.hands[inner] == s.deal.hands[inner]
                    moved[who] += new.hands != s.deal.hands
                else:
                    moved[who] += all(a != b for a, b in zip(new.hands, s.deal.hands, strict=True))
                checked[who] += 1
    assert moved["player"] > checked["player"] // 2
    assert moved["dealer"] > checked["dealer"] // 2  # every hand changed


def test_resample_during_the_deal_and_at_the_end() -> None:
    game = load(dealer=1)
    rng = random.Random(4)
    s = game.new_initial_state()
    for _ in range(9):
        s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
    for seat in range(4):
        r = s.resample_from_infostate(seat, rng.random)
        assert r.is_chance_node() and len(r.history()) == 9
        assert r.information_state_string(seat) == s.information_state_string(seat)
    final = random_deal(game, rng)[-1]
    for seat in (1, 2):
        assert str(final.resample_from_infostate(seat, rng.random)) == str(final)
    with pytest.raises(ValueError, match="N1"):
        final.resample_from_infostate(4, rng.random)


def test_an_observer_refuses_another_observation_type() -> None:
    with pytest.raises(ValueError, match="one seat"):
        load().make_py_observer(
            pyspiel.IIGObservationType(
                perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
            )
        )


def test_ismcts_bot_plays_a_seat_of_four_against_the_rules_player() -> None:
    """OpenSpiel's Python ISMCTS (random rollouts, a few simulations, resampling by
    resample_from_infostate) in one seat of four, the project's rules player in the other two
    who play (each on its own place's observation); the dealer never acts (N1) and gets 0
    (N3), and the deal replays in Deal4 to the same returns."""
    game = load(dealer=1)
    for deal in range(2):
        rs = np.random.RandomState(deal)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
        bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=rs)
        sampler = pyspiel.UniformProbabilitySampler(deal, 0.0, 1.0)

        def resample(st: State, pl: int, sampler: Any = sampler) -> State:
            return st.resample_from_infostate(pl, sampler)

        bot.set_resampler(resample)
        bot_seat = 2 + deal  # seats 2 and 3 play; 1 deals
        s = game.new_initial_state()
        deal_out(s, random.Random(deal))
        others = {p: make_player("rules", seed=deal) for p in s.players if p != bot_seat}
        for p, player in others.items():
            player.start(s.players.index(p), s.rules, deal)
        bot_moves = 0
        while not s.is_terminal():
            p = s.current_player()
            assert p != 1
            if p == bot_seat:
                a = int(bot.step(s))
                bot_moves += 1
            else:
                d4 = s.deal4
                a = others[p].act(d4.observation(p).deal, d4.legal_actions()).id
            assert a in s.legal_actions()
            s.apply_action(a)
        assert bot_moves > 0
        assert s.returns()[1] == 0.0 and sum(s.returns()) == 0.0
        replay = Deal4(game.rules, 0, 1, s.history()[:32])
        for a in s.history()[32:]:
            replay.apply(from_id(a))
        assert [float(x) for x in replay.returns()] == s.returns()
