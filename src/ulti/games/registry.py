"""The registry of games: each game's :class:`~ulti.games.base.GameInfo` by name.

A layer finds its room for a game by the game's name (``ulti.players.<name>``,
``ulti.tui.<name>``, ``ulti.server.tables.<name>``, ``ulti.arena.<name>``): adding a game adds
its entry here and its rooms, and touches nothing else.
"""

from __future__ import annotations

from typing import Any

from ulti.games.base import GameInfo
from ulti.games.snapszli import SNAPSZLI
from ulti.games.ulti.game import ULTI
from ulti.games.ulti4.game import ULTI4

GAMES: dict[str, GameInfo[Any, Any]] = {g.name: g for g in (ULTI, SNAPSZLI, ULTI4)}


def game(name: str) -> GameInfo[Any, Any]:
    """The game called ``name`` (``KeyError`` for none)."""
    return GAMES[name]


__all__ = ["GAMES", "game"]
