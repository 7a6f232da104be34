"""The PettingZoo face of four at the table (``env(players=4)``, docs/RULES.md N1-N5): PettingZoo's
own API and seed tests on four agents, the dealer who is never selected while the deal runs and
gets 0, the three's rewards that are Deal4's returns (zero-sum), the dealer's observation that is a
spectator's with an all-zero mask, and the three-handed environment left as it was."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import seed_test

from research_util import CARD_CODE, quiet_api_test
from ulti.core.cards import cards_of, code, mask_of
from ulti.games.ulti.actions import NUM_ACTIONS
from ulti.games.ulti.deal import Deal, deck_for_hands
from ulti.games.ulti.observation import SPECTATOR, TENSOR_SIZE, observation_tensor, tensor_layout
from ulti.games.ulti4.deal import INNER_DEALER, Deal4
from ulti.games.ulti4.observation import TABLE_SIZE, TENSOR4_SIZE
from ulti.research.gymnasium import action_of
from ulti.research.pettingzoo import AGENTS, AGENTS4, Ulti4AEC, UltiAEC, env, raw_env


def deal_of(e: Ulti4AEC) -> Deal4:
    assert e.deal is not None, "reset first"
    return e.deal


def table_part(seat: int, dealer: int) -> list[float]:
    return [float(i == seat or i == 4 + dealer) for i in range(TABLE_SIZE)]


@pytest.mark.parametrize("preset", ["standard", "two-round"])
def test_api_test_passes_with_four_agents(preset: str) -> None:
    quiet_api_test(env(preset=preset, players=4), num_cycles=400)


def test_api_test_passes_with_render_and_a_fixed_dealer() -> None:
    quiet_api_test(env(render_mode="ansi", max_kontra=8, players=4, dealer=2), num_cycles=300)


def test_seed_test_passes_with_four_agents() -> None:
    """D2: two environments of four reset with one seed play the same episode."""
    seed_test(lambda: env(players=4), num_cycles=400)


def play_random(e: Any, seed: int, rng_seed: int) -> tuple[list[int], dict[str, float], set[str]]:
    """One episode of random legal actions: the actions, each agent's reward, and the agents
    selected while the deal ran."""
    rng = random.Random(rng_seed)
    e.reset(seed=seed)
    actions: list[int] = []
    rewards: dict[str, float] = {}
    selected: set[str] = set()
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        if term or trunc:
            rewards[agent] = float(reward)
            e.step(None)
            continue
        selected.add(agent)
        legal = np.flatnonzero(obs["action_mask"])
        a = int(legal[rng.randrange(len(legal))])
        actions.append(a)
        e.step(a)
    return actions, rewards, selected


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 11, 12345])
def test_n1_n3_the_dealer_is_never_selected_and_gets_0(seed: int) -> None:
    """N1: the dealer (seed % 4) never acts; the three do.  N3: its reward is 0, the three's
    are Deal4's returns for the same actions (D2: the seed's deck), and they sum to zero."""
    e = env(players=4)
    actions, rewards, selected = play_random(e, seed, seed)
    dealer = seed % 4
    assert AGENTS4[dealer] not in selected
    assert sorted(rewards) == sorted(AGENTS4)  # every agent, the dealer too, stepped out
    d = Deal4(e.unwrapped.rules, seed, dealer)
    for a in actions:
        d.apply(action_of(a))
    assert d.is_over()
    assert [rewards[a] for a in AGENTS4] == [float(r) for r in d.returns()]
    assert rewards[AGENTS4[dealer]] == 0.0
    assert sum(rewards.values()) == 0
    assert e.agents == []


def test_n5_the_dealers_mask_is_zero_and_its_observation_a_spectators() -> None:
    """N5: at every step the dealer's observation is the spectator's projection of the deal
    among the three after its table segments (its seat, the dealer: itself), with no seat among
    the three, no hand, no talon; its action mask is all zero (N1).  The one to act has the mask
    of its legal actions, the others all zero."""
    layout = tensor_layout()
    rng = random.Random(5)
    steps = 0
    for seed in range(8):
        e = raw_env(players=4)
        e.reset(seed=seed)
        d = deal_of(e)
        dealer = d.dealer
        while not d.is_over():
            seat = d.current_player
            assert e.agent_selection == AGENTS4[seat] and seat != dealer
            mine = e.observe(AGENTS4[dealer])
            t = mine["observation"]
            assert t.dtype == np.float32 and t.shape == (TENSOR4_SIZE,)
            assert list(t[:TABLE_SIZE]) == table_part(dealer, dealer)
            assert list(t[TABLE_SIZE:]) == observation_tensor(d.inner.observation(SPECTATOR))
            for name in ("seat", "hand", "talon"):
                at, n = layout[name]
                assert not t[TABLE_SIZE + at : TABLE_SIZE + at + n].any(), name
            assert mine["action_mask"].dtype == np.int8 and not mine["action_mask"].any()
            legal = sorted(a.id for a in d.legal_actions())
            for i, agent in enumerate(AGENTS4):
                o = e.observe(agent)
                assert list(np.flatnonzero(o["action_mask"])) == (legal if i == seat else [])
                if i != dealer:
                    place = d.inner_seat(i)
                    assert list(o["observation"][:TABLE_SIZE]) == table_part(i, dealer)
                    inner = observation_tensor(d.inner.observation(place))
                    assert list(o["observation"][TABLE_SIZE:]) == inner
            assert all(r == 0 for r in e.rewards.values())
            e.step(legal[rng.randrange(len(legal))])
            steps += 1
        assert all(e.terminations.values())
        assert e.rewards[AGENTS4[dealer]] == 0.0
    assert steps > 40


def test_n5_the_dealer_cannot_tell_deals_that_differ_in_hidden_cards() -> None:
    """N5: two decks that deal every player other cards give the dealer the same observation,
    step for step, while the same actions are legal in both."""
    rng = random.Random(2)
    compared = 0
    for dealer in range(4):
        hands = list(Deal(seed=dealer, dealer=INNER_DEALER).hands)
        picks = [rng.sample(cards_of(h), 2) for h in hands]
        other = [hands[p] & ~mask_of(picks[p]) | mask_of(picks[(p + 1) % 3]) for p in range(3)]
        e1, e2 = raw_env(players=4), raw_env(players=4)
        opts: dict[str, Any] = {"dealer": dealer}
        e1.reset(seed=1, options={**opts, "deck": deck_for_hands(hands, INNER_DEALER)})
        e2.reset(seed=1, options={**opts, "deck": deck_for_hands(other, INNER_DEALER)})
        d1, d2 = deal_of(e1), deal_of(e2)
        assert d1.dealer == dealer and d1.inner.hands != d2.inner.hands
        while not (d1.is_over() or d2.is_over() or d1.inner.exposed):
            o1, o2 = e1.observe(AGENTS4[dealer]), e2.observe(AGENTS4[dealer])
            assert np.array_equal(o1["observation"], o2["observation"])
            assert not o1["action_mask"].any() and not o2["action_mask"].any()
            compared += 1
            both = sorted({a.id for a in d1.legal_actions()} & {a.id for a in d2.legal_actions()})
            if not both:
                break
            a = both[rng.randrange(len(both))]
            e1.step(a)
            e2.step(a)
    assert compared > 12


def test_seed_and_dealer_of_four() -> None:
    """N1/D2: reset(seed=s) deals seed s's deck with seat s % 4 dealing, unless the dealer is
    fixed (the constructor's ``dealer``, or ``options`` for one reset); forehand, the seat after
    the dealer, acts first."""
    e = raw_env(players=4)
    assert isinstance(e, Ulti4AEC) and str(e) == "ulti4_v0"
    assert e.possible_agents == list(AGENTS4)
    e.reset(seed=41)
    assert deal_of(e).dealer == 1 and e.agent_selection == "seat_2"
    assert deal_of(e).deck == Deal4(e.rules, 41, 1).deck
    e.reset(seed=41, options={"dealer": 3})
    assert deal_of(e).dealer == 3 and e.agent_selection == "seat_0"
    fixed = raw_env(players=4, dealer=0)
    fixed.reset(seed=41)
    assert deal_of(fixed).dealer == 0 and fixed.agent_selection == "seat_1"
    with pytest.raises(ValueError, match="N1"):
        raw_env(players=4, dealer=4)
    with pytest.raises(ValueError, match="N1"):
        e.reset(seed=1, options={"dealer": 4})
    for bad in (2, 5, True):
        with pytest.raises(ValueError, match="players"):
            raw_env(players=bad)  # type: ignore[call-overload]
        with pytest.raises(ValueError, match="players"):
            env(players=bad)


def test_spaces_of_four() -> None:
    e = env(players=4)
    e.reset(seed=0)
    for agent in AGENTS4:
        space = e.observation_space(agent)
        assert space["observation"].shape == (TENSOR4_SIZE,) == (TABLE_SIZE + TENSOR_SIZE,)
        assert e.action_space(agent).n == NUM_ACTIONS
        assert space.contains(e.observe(agent))
    assert e.unwrapped.rules.max_kontra == raw_env().rules.max_kontra  # the same rules (N2)


def test_an_illegal_action_of_four_ends_the_episode_with_the_penalty() -> None:
    e = env(players=4)
    e.reset(seed=3)
    offender = e.agent_selection
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # PettingZoo warns of the illegal move
        e.step(illegal)
    assert all(e.terminations.values())
    bound = e.unwrapped.game.min_utility()
    assert e.rewards[offender] == bound
    assert all(r == 0 for a, r in e.rewards.items() if a != offender)


def test_render_of_four_shows_only_what_the_agent_to_act_may_see() -> None:
    e = raw_env(players=4, render_mode="ansi")
    rng = random.Random(8)
    for seed in range(3):
        e.reset(seed=seed)
        d = deal_of(e)
        while not d.is_over():
            seat = d.current_player
            text = e.render()
            assert isinstance(text, str)
            assert text.startswith(f"table seat {seat} dealer {d.dealer} ")
            place = d.inner_seat(seat)
            visible = {code(c) for c in cards_of(d.inner.observation(place).visible_cards())}
            assert set(CARD_CODE.findall(text)) <= visible
            legal = d.legal_actions()
            e.step(legal[rng.randrange(len(legal))].id)
        assert "over" in (e.render() or "")


def test_three_players_stay_the_default() -> None:
    """``players`` left out, or 3: the three-handed environment as it was (three agents, its
    name, seed % 3 dealing, C3's dealers)."""
    for e in (raw_env(), raw_env(players=3)):
        assert type(e) is UltiAEC and str(e) == "ulti_v0"
        assert e.possible_agents == list(AGENTS)
        e.reset(seed=40)
        assert e.deal is not None and e.deal.dealer == 40 % 3
        assert e.observe("seat_0")["observation"].shape == (TENSOR_SIZE,)
    wrapped = env()
    wrapped.reset(seed=7)
    assert wrapped.possible_agents == list(AGENTS) and wrapped.agent_selection == "seat_2"
    with pytest.raises(ValueError, match="C3"):
        raw_env(dealer=3)
