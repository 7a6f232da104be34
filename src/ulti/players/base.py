"""The one base of every game's players, their budgets and specs.

A player is told its seat and the rules when a deal starts (:meth:`GamePlayer.start`), then, at
each of its turns, receives its seat's observation and the legal actions, and returns one of
them (:meth:`GamePlayer.act`).  It never sees the deal itself: a computer player knows nothing
a person in that seat would not.  Players are deterministic for a given seed (and game number):
:meth:`GamePlayer.start` seeds :attr:`GamePlayer.rng` from both.

:class:`GamePlayer` serves every game (its rules, observation and action types as parameters);
:class:`Player` is Ulti's (the name Ulti's players and users' code derive from), Snapszli's is
:class:`ulti.players.snapszli.SnapPlayer`.  Each game's room (``ulti.players.<game>``) is a
:class:`PlayerRoom`: its players by name and its strength levels; :func:`build` makes one from
a spec (``name``, ``name:budget`` or a level), :func:`ulti.players.make_player` for any game.
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from ulti.core.errors import CatalogueError
from ulti.games.ulti.actions import Action
from ulti.games.ulti.observation import Observation
from ulti.games.ulti.rules import Ruleset

_MASK64 = (1 << 64) - 1
#: the most any budget may ask for (a server caps far lower: ``ulti serve --max-bot-*``)
MAX_SAMPLES = 1_000_000
MAX_MS = 3_600_000.0

RulesT = TypeVar("RulesT")
ObsT = TypeVar("ObsT")
ActT = TypeVar("ActT")


class PlayerSpecError(CatalogueError):
    """A computer player's spec refused: an unknown player or a budget it cannot read (in
    either language, :mod:`ulti.i18n` ``players.*``)."""

    section = "players"


@dataclass(frozen=True)
class Budget:
    """How much a player may think per decision: ``samples`` (deals it samples) and/or ``ms``
    (a time limit per decision).  ``None``: the player's own default."""

    samples: int | None = None
    ms: float | None = None

    @classmethod
    def parse(cls, text: str) -> Budget:
        """``"40"`` (samples), ``"samples=40"``, ``"ms=150"``, ``"samples=40,ms=150"``."""
        samples: int | None = None
        ms: float | None = None
        for part in filter(None, (p.strip() for p in text.split(","))):
            key, _, value = part.rpartition("=")
            try:
                if key in ("", "samples"):
                    samples = int(value)
                elif key == "ms":
                    ms = float(value)
                else:
                    raise ValueError(key)
            except ValueError:
                raise PlayerSpecError("budget-part", part=part[:40]) from None
        if samples is not None and not 1 <= samples <= MAX_SAMPLES:
            raise PlayerSpecError("budget-samples", most=f"{MAX_SAMPLES:,}", got=samples)
        if ms is not None and not (math.isfinite(ms) and 0 < ms <= MAX_MS):
            raise PlayerSpecError("budget-ms", most=f"{MAX_MS:,.0f}", got=f"{ms:g}")
        return cls(samples, ms)


class GamePlayer(ABC, Generic[RulesT, ObsT, ActT]):
    """A player of one game: the same interface for people (through a front end) and computer
    players.  Every player is made as ``Kind(seed, budget)``."""

    name = "player"

    def __init__(self, seed: int = 0, budget: Budget | None = None) -> None:
        self.seed = seed
        self.budget = budget or Budget()
        self.seat = -1
        self.rules = self.standard_rules()
        self.rng = random.Random(seed)

    @abstractmethod
    def standard_rules(self) -> RulesT:
        """The rules a player holds before its first deal: its game's standard ones."""

    def start(self, seat: int, rules: RulesT, game: int = 0) -> None:
        """A new deal: this player sits at ``seat``.  ``game`` numbers the deals (any public
        integer) so that a seeded player's choices are reproducible deal by deal."""
        self.seat = seat
        self.rules = rules
        self.rng = random.Random((self.seed * 1_000_003 + game * 7 + seat) & _MASK64)

    @abstractmethod
    def act(self, obs: ObsT, legal: Sequence[ActT]) -> ActT:
        """The action to take; ``legal`` is never empty and ``obs.seat`` is this seat."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed}, budget={self.budget})"


#: a player of any game
AnyPlayer = GamePlayer[Any, Any, Any]
P = TypeVar("P", bound=AnyPlayer)


class Player(GamePlayer[Ruleset, Observation, Action]):
    """An Ulti player (:mod:`ulti.players.ulti`)."""

    def standard_rules(self) -> Ruleset:
        return Ruleset()


class PlayerRoom(Protocol):
    """What a game's room of players (``ulti.players.<game>``) offers the layers above."""

    #: strength levels for people: a level's name -> its player spec
    LEVELS: Mapping[str, str]

    def registry(self) -> Mapping[str, type[AnyPlayer]]:
        """The game's computer players by name."""
        ...


def resolve(spec: str, levels: Mapping[str, str]) -> str:
    """A level's player spec; any other spec as it is."""
    return levels.get(spec.strip(), spec)


def level_of(spec: str, levels: Mapping[str, str]) -> str | None:
    """The level a spec is (by name or by its spec), or ``None``."""
    spec = spec.strip()
    if spec in levels:
        return spec
    return next((lv for lv, s in levels.items() if s == spec), None)


def build(players: Mapping[str, type[P]], levels: Mapping[str, str], spec: str, seed: int) -> P:
    """A player from ``name``, ``name:budget`` (see :meth:`Budget.parse`) or a level, among
    ``players`` (:class:`PlayerSpecError` for a name that is none of them)."""
    name, _, budget = resolve(spec, levels).partition(":")
    if name not in players:
        raise PlayerSpecError("unknown", name=name, players=", ".join([*players, *levels]))
    return players[name](seed, Budget.parse(budget) if budget else None)


__all__ = [
    "MAX_MS",
    "MAX_SAMPLES",
    "AnyPlayer",
    "Budget",
    "GamePlayer",
    "Player",
    "PlayerRoom",
    "PlayerSpecError",
    "build",
    "level_of",
    "resolve",
]
