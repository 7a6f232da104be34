"""Live tables: the authoritative game state of each table, its seats and connections.

    frames.py     what a table and its clients exchange: frames, TableError, Connection
    base.py       GameTable, generic over the game: checking and committing actions,
                  broadcasting, one connection per seat, spectators, computer seats in the
                  worker pool with a fallback player, storage threads, versions, replay, sync
    chat.py       a table's chat: its messages, the muted, the checks a message passes
    results.py    the rows a finished deal and session leave for profiles and ratings
    seats.py      whose a seat is and for how long: who hands it to a computer player, the
                  reconnect window, the turn limit, forfeits
    jobs.py       analysis and teaching mode as work for the worker pool (Ulti's)
    registry.py   Tables, the live tables of a server; a game's table class by its name
    ulti.py       Ulti's table: three seats, a session of deals
    snapszli.py   Snapszli's table: two seats, a match

A game's table is the ``TABLE`` of ``ulti.server.tables.<name>``, ``<name>`` its name in
:data:`ulti.games.registry.GAMES`: adding a game adds its module here and nothing else.
"""

from __future__ import annotations

from ulti.server.tables.base import GameTable, Table
from ulti.server.tables.frames import SPECTATOR, Connection, TableError, dumps
from ulti.server.tables.registry import (
    DEFAULT_GAME,
    LobbyListener,
    Tables,
    game_of,
    page_number,
    table_class,
)
from ulti.server.tables.seats import NOT_YOURS, Asker
from ulti.server.tables.snapszli import SnapSettings, SnapszliTable
from ulti.server.tables.ulti import UltiTable

__all__ = [
    "DEFAULT_GAME",
    "NOT_YOURS",
    "SPECTATOR",
    "Asker",
    "Connection",
    "GameTable",
    "LobbyListener",
    "SnapSettings",
    "SnapszliTable",
    "Table",
    "TableError",
    "Tables",
    "UltiTable",
    "dumps",
    "game_of",
    "page_number",
    "table_class",
]
