"""Ulti as a PettingZoo AEC environment: three agents, one deal per episode (the research extra:
``pip install ulti[research]``); ``env(players=4)``: four at the table (N1-N5), the dealer sitting
out (see *Four at the table* below).

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

**Four at the table** (``raw_env(players=4)``, ``env(players=4)``; :class:`Ulti4AEC`, named
``ulti4_v0``): agents ``seat_0`` to ``seat_3``, the seats of four in play order (N1).  Each
episode is one deal of :class:`ulti.games.ulti4.deal.Deal4`: the dealer (``dealer`` when given,
else seat ``seed % 4``, so a sequence of deals passes the deal on; ``options={"dealer": d}``
for one reset) deals to the other three and sits out, and they play the three-handed deal
above, unchanged (N2).  The dealer is never ``agent_selection`` while the deal runs (N1; once
it is over every agent, the dealer too, is stepped out as usual); its action mask is all zero,
its reward 0 (N3), and the rewards still sum to zero.  Observations are
:func:`ulti.games.ulti4.observation.observation4_tensor`: the table's segments (``table_seat``,
``table_dealer``: 8 numbers, 0/1) before the three-handed tensor of the seat's place among the
three (0 forehand, 1, 2); the dealer's is a spectator's (N5): no seat among the three, no hand,
no talon, nobody's discards.  ``options={"deck": [...]}`` is a deck as the three-handed deal
among the three deals it (its dealer: :data:`ulti.games.ulti4.deal.INNER_DEALER`).  Renders are
:func:`ulti.games.ulti4.observation.observation4_text`.  Seeds, illegal actions and the kontra
cap are as above; ``players`` is 3 (the default, the environment above) or 4.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar, overload

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

from ulti.games.ulti.actions import NUM_ACTIONS, Action
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.observation import SPECTATOR
from ulti.games.ulti4.deal import SEATS as SEATS4
from ulti.games.ulti4.deal import Deal4
from ulti.games.ulti4.observation import (
    TABLE_SIZE,
    TENSOR4_SIZE,
    observation4_tensor,
    observation4_text,
)
from ulti.research.gymnasium import (
    Obs,
    action_of,
    check_seed,
    encode,
    env_game,
    episode_dealer,
    episode_deck,
    new_deal,
    observation_bounds,
    observation_space,
    view_text,
)

AGENTS = ("seat_0", "seat_1", "seat_2")
#: The agents at a table of four (N1).
AGENTS4 = ("seat_0", "seat_1", "seat_2", "seat_3")


class Dealt(Protocol):
    """What an environment asks of its deal (:class:`~ulti.games.ulti.deal.Deal`, or
    :class:`~ulti.games.ulti4.deal.Deal4` at a table of four)."""

    @property
    def current_player(self) -> int: ...

    def is_over(self) -> bool: ...

    def legal_actions(self) -> list[Action]: ...

    def apply(self, action: Action) -> None: ...

    def returns(self) -> list[int]: ...


D = TypeVar("D", bound=Dealt)


def _legal_ids(deal: Dealt) -> list[int]:
    """The ids of the current player's legal actions (:func:`ulti.research.gymnasium.legal_ids`
    of any table's deal)."""
    return [a.id for a in deal.legal_actions()]


class TableAEC(AECEnv, Generic[D]):  # type: ignore[misc]  # pettingzoo ships no types
    """The raw AEC environment of a table (no wrappers): one agent per seat, one deal per
    episode.  :class:`UltiAEC` (three) and :class:`Ulti4AEC` (four) say how a deal is made,
    observed and shown; see the module documentation."""

    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": ["human", "ansi"],
        "name": "ulti_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }
    #: the agents, one per seat in seat order
    AGENT_NAMES: ClassVar[tuple[str, ...]] = AGENTS

    def __init__(
        self,
        preset: str = "standard",
        max_kontra: int | None = None,
        render_mode: str | None = None,
        dealer: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        names = self.AGENT_NAMES
        made = env_game(self.metadata, preset, max_kontra, render_mode, dealer, options, len(names))
        self.rules, self.game, self.dealer = made
        self.render_mode = render_mode
        self.possible_agents = list(names)
        self.agents = list(names)
        space = self._observation_space()
        self.observation_spaces = {a: space for a in names}
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in names}
        self._np_random: np.random.Generator | None = None
        self.deal: D | None = None
        self.deal_seed = -1
        self._legal: list[int] = []
        self.agent_selection = names[0]
        self._clear()

    # -- what each table says ------------------------------------------------------------------

    @abstractmethod
    def _observation_space(self) -> spaces.Dict:
        """One agent's observation space (the same for every agent)."""

    @abstractmethod
    def _new_deal(self, seed: int, options: dict[str, Any] | None) -> D:
        """The deal of an episode: ``seed``'s deck (D2), the dealer and ``options``."""

    @abstractmethod
    def _encode(self, deal: D, seat: int, mask: bool) -> Obs:
        """``seat``'s observation of ``deal`` (its action mask when ``mask``, else zeros)."""

    @abstractmethod
    def _view_text(self, deal: D, seat: int) -> str:
        """``seat``'s view of ``deal`` as text (-1: a spectator's, once the deal is over)."""

    @abstractmethod
    def _end_reason(self, deal: D) -> str:
        """Why ``deal`` ended, in English."""

    # -- the episode -------------------------------------------------------------------------

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

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            deal_seed = check_seed(seed)
            self._np_random = np.random.default_rng(deal_seed)
        else:
            if self._np_random is None:
                self._np_random = np.random.default_rng()
            deal_seed = int(self._np_random.integers(0, 1 << 63))
        self.deal = self._new_deal(deal_seed, options)
        self.deal_seed = deal_seed
        self.agents = list(self.AGENT_NAMES)
        self._clear()
        self._legal = _legal_ids(self.deal)
        self.agent_selection = self.AGENT_NAMES[self.deal.current_player]
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> Obs:
        assert self.deal is not None, "reset() first"
        seat = self.AGENT_NAMES.index(agent)
        return self._encode(self.deal, seat, seat == self.deal.current_player)

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
            names = self.AGENT_NAMES
            self.rewards = {a: float(returns[names.index(a)]) for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
            reason = self._end_reason(deal)
            self.infos = {
                a: {"deal_seed": self.deal_seed, "end_reason": reason} for a in self.agents
            }
            self._legal = []
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._legal = _legal_ids(deal)
            self.agent_selection = self.AGENT_NAMES[deal.current_player]
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
        text = self._view_text(self.deal, self.deal.current_player)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass

    def __str__(self) -> str:
        return str(self.metadata["name"])


class UltiAEC(TableAEC[Deal]):
    """The raw AEC environment of three (no wrappers); :func:`env` wraps it.  See the module
    documentation."""

    def _observation_space(self) -> spaces.Dict:
        return observation_space(self.rules)

    def _new_deal(self, seed: int, options: dict[str, Any] | None) -> Deal:
        return new_deal(self.rules, seed, self.dealer, options)

    def _encode(self, deal: Deal, seat: int, mask: bool) -> Obs:
        return encode(deal, seat, mask=mask)

    def _view_text(self, deal: Deal, seat: int) -> str:
        return view_text(deal, seat)

    def _end_reason(self, deal: Deal) -> str:
        return deal.end_reason


def observation4_space(rules: Any) -> spaces.Dict:
    """A seat of four's observation space under ``rules``: the table's 0/1 segments, then the
    three-handed bounds (:func:`ulti.research.gymnasium.observation_bounds`)."""
    low, high = observation_bounds(rules)
    return spaces.Dict(
        {
            "observation": spaces.Box(
                low=np.concatenate([np.zeros(TABLE_SIZE, np.float32), low]),
                high=np.concatenate([np.ones(TABLE_SIZE, np.float32), high]),
                dtype=np.float32,
            ),
            "action_mask": spaces.MultiBinary(NUM_ACTIONS),
        }
    )


def encode4(deal: Deal4, seat: int, mask: bool = True) -> Obs:
    """``seat``'s observation of a deal of four as the Dict space's value: its tensor
    (:func:`ulti.games.ulti4.observation.observation4_tensor`; the dealer's: a spectator's, N5)
    and the mask of its legal actions when it is to act (and ``mask``), else zeros (always, for
    the dealer: it has no turn, N1)."""
    obs = deal.observation(seat)
    m = np.zeros(NUM_ACTIONS, dtype=np.int8)
    if mask:
        for a in obs.legal_actions:
            m[a.id] = 1
    tensor = np.asarray(observation4_tensor(obs), dtype=np.float32)
    assert tensor.shape == (TENSOR4_SIZE,)
    return {"observation": tensor, "action_mask": m}


class Ulti4AEC(TableAEC[Deal4]):
    """The raw AEC environment of four at the table (N1-N5; no wrappers): :func:`env` with
    ``players=4`` wraps it.  See the module documentation."""

    metadata: dict[str, Any] = {**TableAEC.metadata, "name": "ulti4_v0"}  # noqa: RUF012
    AGENT_NAMES = AGENTS4

    def _observation_space(self) -> spaces.Dict:
        return observation4_space(self.rules)

    def _new_deal(self, seed: int, options: dict[str, Any] | None) -> Deal4:
        dealer = episode_dealer(seed, self.dealer, options, SEATS4)
        return Deal4(self.rules, seed, dealer, episode_deck(options))

    def _encode(self, deal: Deal4, seat: int, mask: bool) -> Obs:
        return encode4(deal, seat, mask=mask)

    def _view_text(self, deal: Deal4, seat: int) -> str:
        return observation4_text(deal.observation(seat if seat >= 0 else SPECTATOR))

    def _end_reason(self, deal: Deal4) -> str:
        return deal.inner.end_reason


def _check_players(players: int) -> int:
    if isinstance(players, bool) or players not in (3, SEATS4):
        raise ValueError(
            f"C3/N1: players is 3 (a deal of three) or 4 (four at the table), not {players!r}"
        )
    return players


@overload
def raw_env(
    preset: str = ...,
    max_kontra: int | None = ...,
    render_mode: str | None = ...,
    *,
    players: Literal[3] = ...,
    **options: Any,
) -> UltiAEC: ...


@overload
def raw_env(
    preset: str = ...,
    max_kontra: int | None = ...,
    render_mode: str | None = ...,
    *,
    players: Literal[4],
    **options: Any,
) -> Ulti4AEC: ...


def raw_env(
    preset: str = "standard",
    max_kontra: int | None = None,
    render_mode: str | None = None,
    *,
    players: int = 3,
    **options: Any,
) -> UltiAEC | Ulti4AEC:
    """The environment without wrappers: an illegal action raises ``ValueError``.  ``players``:
    3 (:class:`UltiAEC`) or 4 (:class:`Ulti4AEC`, four at the table)."""
    if _check_players(players) == SEATS4:
        return Ulti4AEC(preset, max_kontra, render_mode, **options)
    return UltiAEC(preset, max_kontra, render_mode, **options)


def env(
    preset: str = "standard",
    max_kontra: int | None = None,
    render_mode: str | None = None,
    illegal_reward: float | None = None,
    *,
    players: int = 3,
    **options: Any,
) -> Any:
    """The environment with PettingZoo's usual wrappers for classic games: an illegal action
    ends the episode with ``illegal_reward`` for the offender (default: the game's
    ``min_utility``), an out-of-range action is an assertion error, and the AEC calling order
    is enforced.  ``players``: 3 or 4 (four at the table, :class:`Ulti4AEC`).  ``options``:
    rule options (V1-V12) and ``dealer``."""
    e: Any = Ulti4AEC if _check_players(players) == SEATS4 else UltiAEC
    e = e(preset, max_kontra, render_mode, **options)
    bound = e.game.min_utility()
    assert bound is not None  # capped
    e = wrappers.TerminateIllegalWrapper(
        e, illegal_reward=float(bound if illegal_reward is None else illegal_reward)
    )
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


__all__ = [
    "AGENTS",
    "AGENTS4",
    "TableAEC",
    "Ulti4AEC",
    "UltiAEC",
    "encode4",
    "env",
    "observation4_space",
    "raw_env",
]
