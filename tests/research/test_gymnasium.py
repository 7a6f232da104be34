"""The Gymnasium face (ulti.research.gymnasium): Gymnasium's own checker, determinism for a seed
(D2), the learning seat's reward as the engine's return (S1), opponents that act on their own
observations only, and a few deals of the training example's learner."""

from __future__ import annotations

import importlib.util
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from fixtures import ROOT

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env

from ulti.core.cards import cards_of
from ulti.core.seeds import shuffled_deck
from ulti.games.ulti.actions import NUM_ACTIONS, Action
from ulti.games.ulti.deal import Deal, deck_for_hands
from ulti.games.ulti.game import Game
from ulti.games.ulti.observation import TENSOR_SIZE, Observation
from ulti.players.ulti.random import RandomPlayer
from ulti.research.gymnasium import UltiEnv, action_of, env

EXAMPLE = ROOT / "examples" / "train_ulti_gym.py"


def quiet_check(e: UltiEnv, **kw: Any) -> None:
    with warnings.catch_warnings():
        # "not able to test alternative render modes": the environment is not registered
        warnings.simplefilter("ignore", UserWarning)
        check_env(e, **kw)


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_check_env_passes(seat: int) -> None:
    quiet_check(env(seat=seat, opponents=("random", "random")))


def test_check_env_passes_with_rules_players_and_render() -> None:
    quiet_check(env(opponents=("rules", "random"), render_mode="ansi", preset="two-round"))
    quiet_check(env(opponents=("random", "random"), render_mode="ansi", max_kontra=8))


def play(
    e: UltiEnv, seed: int, rng_seed: int
) -> tuple[list[Any], list[int], float, dict[str, Any]]:
    """One episode of random legal actions: the observations, actions, reward and last info."""
    rng = np.random.default_rng(rng_seed)
    obs, info = e.reset(seed=seed)
    seen: list[Any] = [obs]
    actions: list[int] = []
    while True:
        a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        actions.append(a)
        obs, reward, terminated, truncated, info = e.step(a)
        seen.append(obs)
        assert not truncated
        if terminated:
            return seen, actions, float(reward), info
        assert reward == 0


def test_an_episode_is_determined_by_its_seed() -> None:
    """D2: the same seed and the same actions give the same observations and reward, also with
    rules players (seeded from the deal) in the other seats."""
    for opponents in (("random", "random"), ("rules", "rules")):
        a = play(env(opponents=opponents), 21, 0)
        b = play(env(opponents=opponents), 21, 0)
        assert a[1] == b[1] and a[2] == b[2] and a[3] == b[3]
        for x, y in zip(a[0], b[0], strict=True):
            assert np.array_equal(x["observation"], y["observation"])
            assert np.array_equal(x["action_mask"], y["action_mask"])
    e = env(opponents=("random", "random"))
    e.reset(seed=5)
    assert e.deal is not None and e.deal.deck == tuple(shuffled_deck(5))
    e.reset()
    first = e.deal.deck
    e.reset(seed=5)
    e.reset()
    assert e.deal.deck == first  # an unseeded reset follows the last seeded one


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_the_reward_is_the_engines_return_for_the_learning_seat(seat: int) -> None:
    """Replaying the deal's actions on a Deal of the same seed and dealer gives the same
    returns; the learning seat was paid its own, and the three sum to zero (S1)."""
    for seed in (1, 2, 3):
        e = env(seat=seat, opponents=("rules", "random"))
        _, _, reward, info = play(e, seed, seed)
        assert e.deal is not None
        replay = Deal(e.rules, seed, seed % 3)
        for _, a in e.deal.history:
            replay.apply(a)
        assert replay.is_over() and replay.returns() == info["returns"]
        assert reward == info["returns"][seat] and sum(info["returns"]) == 0
        assert info["deal_seed"] == seed  # shown once the deal is over (D2)


class Spy(RandomPlayer):
    """A random player that checks what it is given against the deal it sits at."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.env: UltiEnv | None = None
        self.calls = 0

    def act(self, obs: Observation, legal: Sequence[Action]) -> Action:
        assert self.env is not None and self.env.deal is not None
        deal = self.env.deal
        assert obs.seat == self.seat == deal.current_player != self.env.seat
        assert obs == deal.observation(self.seat)  # its own projection, nothing more
        assert obs.hand == tuple(cards_of(deal.hands[self.seat]))
        laid = 0  # the seat's own discards: it knows where those went when picked up (A2)
        for m in obs.history:
            if m.seat == self.seat and m.action is not None:
                laid |= sum(1 << c for c in m.action.cards)
        for s in range(3):
            if s != self.seat and not deal.exposed >> s & 1:
                assert obs.visible_cards() & deal.hands[s] & ~laid == 0
        assert list(legal) == deal.legal_actions()
        self.calls += 1
        return super().act(obs, legal)


def test_the_opponents_act_on_their_own_observations_only() -> None:
    spies = (Spy(1), Spy(2))
    e = env(seat=1, opponents=spies)
    for spy in spies:
        spy.env = e
    for seed in range(6):
        play(e, seed, seed)
    assert spies[0].seat == 0 and spies[1].seat == 2
    assert spies[0].calls > 0 and spies[1].calls > 0


def test_a_seat_sees_nothing_of_the_other_hands() -> None:
    """The forehand's first observation is the same in two deals that differ only in the
    other seats' hands."""
    dealer = 2  # seat 0 is forehand and acts first
    hands = list(Deal(seed=4, dealer=dealer).initial_hands)
    c1, c2 = cards_of(hands[1])[0], cards_of(hands[2])[0]
    swapped = [hands[0], hands[1] ^ (1 << c1) | (1 << c2), hands[2] ^ (1 << c2) | (1 << c1)]
    e = env(seat=0, opponents=("random", "random"))
    o1, _ = e.reset(seed=4, options={"deck": deck_for_hands(hands, dealer), "dealer": dealer})
    o2, _ = e.reset(seed=4, options={"deck": deck_for_hands(swapped, dealer), "dealer": dealer})
    assert np.array_equal(o1["observation"], o2["observation"])
    assert np.array_equal(o1["action_mask"], o2["action_mask"])


def test_spaces_illegal_actions_and_render() -> None:
    e = env(opponents=("random", "random"), render_mode="ansi")
    obs, info = e.reset(seed=2)
    assert obs["observation"].shape == (TENSOR_SIZE,) and obs["observation"].dtype == np.float32
    assert obs["action_mask"].shape == (NUM_ACTIONS,) and obs["action_mask"].dtype == np.int8
    assert obs in e.observation_space and "deal_seed" not in info
    text = e.render()
    assert isinstance(text, str) and text.startswith("seat 0 ")
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = e.deal.key() if e.deal else None
    obs, reward, terminated, truncated, info = e.step(illegal)
    assert terminated and not truncated and info["illegal_action"] == illegal
    assert reward == Game(e.rules).min_utility()
    assert e.deal is not None and e.deal.key() == before  # nothing applied
    assert not obs["action_mask"].any()
    with pytest.raises(RuntimeError, match="reset"):
        e.step(0)
    assert env(illegal_reward=-5.0, opponents=("random", "random")).illegal_reward == -5.0
    with pytest.raises(ValueError, match="V11"):
        env(max_kontra=0)
    with pytest.raises(ValueError, match="C3"):
        env(seat=3)
    assert action_of(obs["action_mask"].shape[0] - 1).id == NUM_ACTIONS - 1


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_ulti_gym", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_ulti_gym"] = module
    spec.loader.exec_module(module)
    return module


def test_the_training_example_learns_and_evaluates_a_few_deals() -> None:
    ex = load_example()
    seen: list[float] = []
    t = ex.train(6, seed=3, on_deal=lambda i, u: seen.append(u))
    assert len(t.units) == 6 and seen == t.units
    assert np.any(t.policy.weights != 0)  # it learned something from six deals
    again = ex.train(6, seed=3)
    assert np.array_equal(t.policy.weights, again.policy.weights)  # deterministic
    ev = ex.evaluate(t.policy, 3, seed=3)
    assert ev.n == 3 and len(ev.random) == 3
    d, half = ev.difference()
    assert d == pytest.approx(ev.mean(ev.trained) - ev.mean(ev.random))
    assert half >= 0
    assert ex.main(["--deals", "3", "--eval", "2"]) == 0
