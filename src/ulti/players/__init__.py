"""Computer players of every game, all behind one interface
(:class:`~ulti.players.base.GamePlayer`), each game's in its room (``ulti.players.<game>``:
:mod:`ulti.players.ulti`, :mod:`ulti.players.snapszli`).

``make_player("pimc:samples=40,ms=200", seed=7)`` builds an Ulti player from a spec: a name
(``random``, ``rules``, ``pimc``, and ``pimc-1``, the frozen baseline ``pimc`` is measured
against), an optional budget, or a level (:data:`LEVELS`); ``make_player("rules", 7,
game="snapszli")`` one of Snapszli's.  A game's room is found by the game's name
(:func:`room`): adding a game adds its room and touches nothing here.
"""

from __future__ import annotations

import importlib
from typing import cast, overload

from ulti.games.registry import GAMES
from ulti.players import base
from ulti.players.base import AnyPlayer, Budget, GamePlayer, Player, PlayerRoom, PlayerSpecError
from ulti.players.ulti import LEVELS, DealRun, play_deal, registry


def room(game: str) -> PlayerRoom:
    """The players of ``game`` (a name of :data:`ulti.games.registry.GAMES`; ``KeyError`` for
    another): its room ``ulti.players.<game>``."""
    return cast(PlayerRoom, importlib.import_module(f"{__name__}.{GAMES[game].name}"))


def resolve(spec: str, game: str = "ulti") -> str:
    """A level's player spec (``expert`` is ``pimc:samples=64,ms=800``); any other spec as
    it is."""
    return base.resolve(spec, room(game).LEVELS)


def level_of(spec: str, game: str = "ulti") -> str | None:
    """The level a spec is (by name or by its spec), or ``None``."""
    return base.level_of(spec, room(game).LEVELS)


@overload
def make_player(spec: str, seed: int = 0) -> Player: ...


@overload
def make_player(spec: str, seed: int = 0, game: str = "ulti") -> AnyPlayer: ...


def make_player(spec: str, seed: int = 0, game: str = "ulti") -> AnyPlayer:
    """A player of ``game`` from ``name``, ``name:budget`` (see :meth:`Budget.parse`) or a
    level (Ulti's: :data:`LEVELS`)."""
    players = room(game)
    return base.build(players.registry(), players.LEVELS, spec, seed)


__all__ = [
    "LEVELS",
    "AnyPlayer",
    "Budget",
    "DealRun",
    "GamePlayer",
    "Player",
    "PlayerRoom",
    "PlayerSpecError",
    "level_of",
    "make_player",
    "play_deal",
    "registry",
    "resolve",
    "room",
]
