"""Ulti as a PettingZoo AEC environment: three agents, one deal per episode (the research extra:
``pip install ulti[research]``).

>>> from ulti.research.pettingzoo import env
>>> e = env()
>>> e.reset(seed=7)
>>> e.agent_selection            # forehand: dealer 7 % 3 = 1, so seat 2 (C3)
'seat_2'

**Agents** ``seat_0``, ``seat_1``, ``seat_2`` (the engine's seats 0-2).  Each acts when the deal
says so (``agent_selection`` is the engine's ``current_player``): the auction, the discard,
trump, kontras and marriages, card play.

**Spaces** (the same for every agent, see :mod:`ulti.research.gymnasium`): the observation is a Dict
of ``observation`` (``Box(float32)``, the seat's observation tensor,
:data:`ulti.games.ulti.observation.TENSOR_LAYOUT`, bounds from
:func:`ulti.research.gymnasium.observation_bounds`) and ``action_mask``
(``MultiBinary(NUM_ACTIONS)``, int8: 1 for each legal action id when that agent is to act, else all
0); the action space is ``Discrete(NUM_ACTIONS)``, an action id of :mod:`ulti.games.ulti.actions`.
``observe(agent)`` is built from :meth:`ulti.games.ulti.deal.Deal.observation` only: an agent never
sees another seat's hand (or a talon it did not lay, or the seed) before the end.

**Rewards**: 0 until the deal is over, then each seat's units (:meth:`Deal.returns`; S1: they
sum to zero).  All three agents terminate together at the end of the deal; nothing truncates
(the kontra cap, V11, bounds a deal: :meth:`ulti.games.ulti.game.Game.max_game_length`).

**Illegal actions**, as PettingZoo's classic games handle them (``TerminateIllegalWrapper``):
an action the mask does not mark ends the episode for everyone, the offender's reward is
``illegal_reward`` (default: the game's ``min_utility``, the most a deal can cost) and the
others' 0 — that episode alone is not zero-sum.  ``raw_env`` (no wrappers) raises
``ValueError`` instead and changes nothing.

**Seeds** (D2): ``reset(seed=s)`` deals the deck of seed ``s`` (the same as ``Deal(rules, s,
dealer)``); an unseeded ``reset()`` draws the next deal's seed from a generator seeded by the last
seeded reset (or by the system, before any), so a seeded sequence of episodes repeats. The dealer is
``dealer`` when given, else seat ``seed % 3`` (so a sequence of deals rotates through the
positions); ``options={"dealer": d}`` sets it for one reset, and ``options={"deck": [...]}`` deals
that deck order instead (:func:`ulti.games.ulti.deal.deck_for_hands`). The seed is shown, in
``infos``, only once the deal is over (D2).

**Render** (``render_mode`` ``"ansi"``: returned, ``"human"``: printed): the view of the agent to
act as text (:func:`ulti.games.ulti.observation.observation_text`), never another hand; once the
deal is over, the whole deal as everyone may see it then.

**Kontra cap**: as in :mod:`ulti.research.gymnasium`, kontras are capped (``max_kontra`` 2-16;
default the ruleset's own cap: Wheeled Bicycle, 7, for the standard rules).
"""

from __future__ import annotations

from typing import Any

import numpy as np

try:
    import pettingzoo  # noqa: F401
except ImportError as exc:  # the research extra is not installed
    raise ImportError(
        "ulti.research.pettingzoo needs PettingZoo: pip install 'ulti[research]'"
    ) from exc
from gymnasium import logger, spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ulti.games.ulti.actions import NUM_ACTIONS
from ulti.games.ulti.deal import Deal
from ulti.research.gymnasium import (
    Obs,
    action_of,
    check_seed,
    encode,
    env_game,
    legal_ids,
    new_deal,
    observation_space,
    view_text,
)

AGENTS = ("seat_0", "seat_1", "seat_2")


class UltiAEC(AECEnv):  # type: ignore[misc]  # pettingzoo ships no types
    """The raw AEC environment (no wrappers); :func:`env` wraps it.  See the module
    documentation."""

    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": ["human", "ansi"],
        "name": "ulti_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        preset: str = "standard",
        max_kontra: int | None = None,
        render_mode: str | None = None,
        dealer: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        made = env_game(self.metadata, preset, max_kontra, render_mode, dealer, options)
        self.rules, self.game, self.dealer = made
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        space = observation_space(self.rules)
        self.observation_spaces = {a: space for a in AGENTS}
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in AGENTS}
        self._np_random: np.random.Generator | None = None
        self.deal: Deal | None = None
        self.deal_seed = -1
        self._legal: list[int] = []
        self.agent_selection = AGENTS[0]
        self._clear()

    def _clear(self) -> None:
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    # -- the episode -------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            deal_seed = check_seed(seed)
            self._np_random = np.random.default_rng(deal_seed)
        else:
            if self._np_random is None:
                self._np_random = np.random.default_rng()
            deal_seed = int(self._np_random.integers(0, 1 << 63))
        self.deal = new_deal(self.rules, deal_seed, self.dealer, options)
        self.deal_seed = deal_seed
        self.agents = list(AGENTS)
        self._clear()
        self._legal = legal_ids(self.deal)
        self.agent_selection = AGENTS[self.deal.current_player]
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Obs:
        assert self.deal is not None, "reset() first"
        seat = AGENTS.index(agent)
        return encode(self.deal, seat, mask=seat == self.deal.current_player)

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        deal = self.deal
        assert deal is not None, "reset() first"
        if action is None or int(action) not in self._legal:
            raise ValueError(
                f"{agent} cannot take action {action} now (the action mask marks the legal ones)"
            )
        deal.apply(action_of(int(action)))
        self._cumulative_rewards[agent] = 0.0
        if deal.is_over():
            returns = deal.returns()
            self.rewards = {a: float(returns[AGENTS.index(a)]) for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos = {
                a: {"deal_seed": self.deal_seed, "end_reason": deal.end_reason} for a in self.agents
            }
            self._legal = []
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._legal = legal_ids(deal)
            self.agent_selection = AGENTS[deal.current_player]
        self._accumulate_rewards()
        self._deads_step_first()
        if self.render_mode == "human":
            self.render()

    # -- views -------------------------------------------------------------------------------

    def render(self) -> str | None:
        """The view of the agent to act, as text; never another seat's hand."""
        if self.render_mode is None:
            logger.warn("render() without a render_mode: pass render_mode='ansi'")
            return None
        if self.deal is None:
            return None
        text = view_text(self.deal, self.deal.current_player)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass

    def __str__(self) -> str:
        return str(self.metadata["name"])


def raw_env(
    preset: str = "standard",
    max_kontra: int | None = None,
    render_mode: str | None = None,
    **options: Any,
) -> UltiAEC:
    """The environment without wrappers: an illegal action raises ``ValueError``."""
    return UltiAEC(preset, max_kontra, render_mode, **options)


def env(
    preset: str = "standard",
    max_kontra: int | None = None,
    render_mode: str | None = None,
    illegal_reward: float | None = None,
    **options: Any,
) -> Any:
    """The environment with PettingZoo's usual wrappers for classic games: an illegal action
    ends the episode with ``illegal_reward`` for the offender (default: the game's
    ``min_utility``), an out-of-range action is an assertion error, and the AEC calling order
    is enforced.  ``options``: rule options (V1-V12) and ``dealer``."""
    e = raw_env(preset, max_kontra, render_mode, **options)
    bound = e.game.min_utility()
    assert bound is not None  # capped
    e = wrappers.TerminateIllegalWrapper(
        e, illegal_reward=float(bound if illegal_reward is None else illegal_reward)
    )
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


__all__ = ["AGENTS", "UltiAEC", "env", "raw_env"]
