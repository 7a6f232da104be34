"""The PettingZoo face (ulti.research.pettingzoo): PettingZoo's own API and seed tests, rewards that
are the engine's returns (S1: zero-sum), masks that are the legal actions, seeds that are the
engine's (D2), and observations and renders that show no other seat's hand."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import seed_test

from research_util import CARD_CODE, quiet_api_test
from ulti.core.cards import cards_of, code
from ulti.core.seeds import shuffled_deck
from ulti.games.ulti.actions import NUM_ACTIONS
from ulti.games.ulti.deal import Deal, deck_for_hands
from ulti.games.ulti.game import Game
from ulti.games.ulti.observation import TENSOR_SIZE
from ulti.games.ulti.rules import NAMED_KONTRA, Ruleset
from ulti.research.gymnasium import action_of
from ulti.research.pettingzoo import AGENTS, UltiAEC, env, raw_env


def deal_of(e: UltiAEC) -> Deal:
    assert e.deal is not None, "reset first"
    return e.deal


@pytest.mark.parametrize("preset", ["standard", "two-round", "no-talon"])
def test_api_test_passes(preset: str) -> None:
    quiet_api_test(env(preset=preset), num_cycles=400)


def test_api_test_passes_with_render_and_a_higher_cap() -> None:
    quiet_api_test(env(render_mode="ansi", max_kontra=8), num_cycles=400)


def test_seed_test_passes() -> None:
    """D2: two environments reset with one seed play the same episode."""
    seed_test(env, num_cycles=400)
    seed_test(lambda: env(preset="casual"), num_cycles=400)


def play_random(e: Any, seed: int, rng_seed: int) -> tuple[list[int], dict[str, float]]:
    """One episode of uniformly random legal actions; the actions and each agent's reward."""
    rng = random.Random(rng_seed)
    e.reset(seed=seed)
    actions: list[int] = []
    rewards: dict[str, float] = {}
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        if term or trunc:
            rewards[agent] = float(reward)
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        a = int(legal[rng.randrange(len(legal))])
        actions.append(a)
        e.step(a)
    return actions, rewards


@pytest.mark.parametrize("seed", [0, 1, 2, 11, 12345])
def test_rewards_are_the_engines_returns_and_zero_sum(seed: int) -> None:
    """The same actions on a Deal of the same seed and dealer (D2) give the returns the agents
    were paid, which sum to zero (S1)."""
    e = env()
    actions, rewards = play_random(e, seed, seed)
    rules = e.unwrapped.rules
    d = Deal(rules, seed, seed % 3)
    for a in actions:
        d.apply(action_of(a))
    assert d.is_over()
    assert [rewards[a] for a in AGENTS] == [float(r) for r in d.returns()]
    assert sum(rewards.values()) == 0
    assert e.agents == []  # every agent was stepped out


def test_rewards_are_zero_until_the_end_and_masks_are_the_legal_actions() -> None:
    e = raw_env(preset="standard")
    rng = random.Random(5)
    for seed in range(4):
        e.reset(seed=seed)
        deal = deal_of(e)
        while not deal.is_over():
            seat = deal.current_player
            assert e.agent_selection == AGENTS[seat]
            assert all(r == 0 for r in e.rewards.values())
            legal = sorted(a.id for a in deal.legal_actions())
            for i, agent in enumerate(AGENTS):
                mask = e.observe(agent)["action_mask"]
                assert mask.dtype == np.int8 and mask.shape == (NUM_ACTIONS,)
                assert list(np.flatnonzero(mask)) == (legal if i == seat else [])
            e.step(legal[rng.randrange(len(legal))])
        assert all(e.terminations.values()) and not any(e.truncations.values())


def test_seed_and_dealer_are_the_engines() -> None:
    """D2: reset(seed=s) deals seed s's deck; the dealer is s % 3 unless fixed (C3)."""
    e = raw_env()
    e.reset(seed=40)
    assert deal_of(e).deck == tuple(shuffled_deck(40)) and deal_of(e).dealer == 40 % 3
    e.reset(seed=40, options={"dealer": 2})
    assert deal_of(e).dealer == 2 and e.agent_selection == "seat_0"  # forehand after seat 2
    fixed = raw_env(dealer=1)
    fixed.reset(seed=40)
    assert deal_of(fixed).dealer == 1
    # unseeded resets follow the last seeded one
    e.reset(seed=9)
    e.reset()
    first = deal_of(e).deck
    e.reset(seed=9)
    e.reset()
    assert deal_of(e).deck == first
    with pytest.raises(ValueError, match="D2"):
        e.reset(seed=-1)


def test_the_seed_is_shown_only_at_the_end() -> None:
    """D2: the seed tells the deck; an agent sees it only once the deal is over."""
    e = env()
    e.reset(seed=77)
    for _ in e.agent_iter():
        obs, _, term, trunc, info = e.last()
        if term or trunc:
            assert info["deal_seed"] == 77
            e.step(None)
            continue
        assert "deal_seed" not in info
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))


def test_spaces_and_bounds() -> None:
    e = env()
    e.reset(seed=0)
    space = e.observation_space("seat_0")
    assert space["observation"].shape == (TENSOR_SIZE,)
    assert space["observation"].dtype == np.float32
    assert e.action_space("seat_1").n == NUM_ACTIONS
    rules = e.unwrapped.rules
    assert rules.max_kontra == NAMED_KONTRA == Ruleset().max_kontra  # V11: the rules' own cap
    game = Game(rules)
    assert game.max_game_length() is not None and game.min_utility() is not None
    assert raw_env(preset="casual").rules.max_kontra == 2
    assert raw_env(max_kontra=16).rules.max_kontra == 16
    for bad in (0, 1, 17):
        with pytest.raises(ValueError, match="V11"):
            raw_env(max_kontra=bad)


def test_an_illegal_action_ends_the_episode_with_the_penalty() -> None:
    e = env()
    e.reset(seed=3)
    offender = e.agent_selection
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # PettingZoo warns of the illegal move
        e.step(illegal)
    bound = Game(e.unwrapped.rules).min_utility()
    assert all(e.terminations.values())
    assert e.rewards[offender] == bound and all(
        r == 0 for a, r in e.rewards.items() if a != offender
    )
    assert env(illegal_reward=-1.0).unwrapped is not None
    # the raw environment refuses the action and changes nothing
    raw = raw_env()
    raw.reset(seed=3)
    before = deal_of(raw).key()
    with pytest.raises(ValueError, match="cannot take action"):
        raw.step(illegal)
    assert deal_of(raw).key() == before


def hands_differing_elsewhere(seat: int, dealer: int) -> tuple[list[int], list[int]]:
    """Two decks dealing ``seat`` the same hand and the other two seats different ones."""
    d = Deal(seed=1, dealer=dealer)
    hands = list(d.initial_hands)
    a, b = [s for s in range(3) if s != seat]
    ca, cb = cards_of(hands[a])[0], cards_of(hands[b])[0]
    swapped = list(hands)
    swapped[a] = hands[a] ^ (1 << ca) | (1 << cb)
    swapped[b] = hands[b] ^ (1 << cb) | (1 << ca)
    return deck_for_hands(hands, dealer), deck_for_hands(swapped, dealer)


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_another_seats_hand_does_not_reach_an_observation(seat: int) -> None:
    """Two deals that differ only in the other seats' hands look the same to ``seat``."""
    dealer = 0
    deck_1, deck_2 = hands_differing_elsewhere(seat, dealer)
    e1, e2 = raw_env(), raw_env()
    e1.reset(seed=1, options={"deck": deck_1, "dealer": dealer})
    e2.reset(seed=1, options={"deck": deck_2, "dealer": dealer})
    assert deal_of(e1).initial_hands != deal_of(e2).initial_hands
    o1, o2 = e1.observe(AGENTS[seat]), e2.observe(AGENTS[seat])
    assert np.array_equal(o1["observation"], o2["observation"])
    assert np.array_equal(o1["action_mask"], o2["action_mask"])


def test_render_shows_only_what_the_agent_to_act_may_see() -> None:
    """At every step the rendered text names only cards the agent to act may see (its hand,
    its talon, cards played or laid open): never another seat's hand."""
    e = raw_env(render_mode="ansi")
    rng = random.Random(8)
    for seed in range(3):
        e.reset(seed=seed)
        deal = deal_of(e)
        while not deal.is_over():
            seat = deal.current_player
            text = e.render()
            assert isinstance(text, str) and f"seat {seat}" in text
            visible = {code(c) for c in cards_of(deal.observation(seat).visible_cards())}
            assert set(CARD_CODE.findall(text)) <= visible
            others = set()
            for s in range(3):
                if s != seat and not deal.exposed >> s & 1:
                    others |= {code(c) for c in cards_of(deal.hands[s])}
            assert not set(CARD_CODE.findall(text)) & others
            legal = deal.legal_actions()
            e.step(legal[rng.randrange(len(legal))].id)
        assert "over" in (e.render() or "")
    with pytest.warns(UserWarning, match="render_mode"):
        assert raw_env().render() is None  # no render mode: nothing
