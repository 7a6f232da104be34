"""Whose a seat is, and for how long (docs/CLUB.md, "Seats and forfeits"): who may hand a
person's seat to a computer player, how long a person who is away keeps their seat (the
reconnect window), how long a decision waits for its person (the turn limit), and the
*forfeit* a seat left that way is marked with.

- At a rated table only the seat's own person (its token, or the account that sits there)
  hands it to a computer player.  At a table that is not rated the creator may also hand over
  a person's seat that nobody is connected to, once its person has been away for the
  reconnect window; never sooner.
- A person keeps a seat while away for the reconnect window (the server's
  ``reconnect_window``, or the table's ``bot_after`` where that is longer), counted from when
  their last connection went (or from when they took the seat, or the table began, without
  one); each decision waits ``turn_limit`` for its person.  Past either, a computer player
  takes the seat for the rest of the session.  Neither runs while the table waits for
  players.
- Every seat a person leaves to a computer player is a forfeit, stored with the seat and why:
  :data:`GAVE` (its own person handed it over), :data:`AWAY` (away past the window),
  :data:`SLOW` (past the turn limit).  The session's results read it
  (:mod:`ulti.server.tables.results`): a forfeit is ranked last, and only the forfeits'
  ratings change.

The timers are the event loop's (:class:`SeatClock`: ``call_later`` handles), so a test sets
tiny windows and waits for what the table does when they run out.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ulti.server.tables.frames import Json, TableError

#: Why a seat is a forfeit: its person handed it over, was away too long, took too long.
GAVE = "gave"
AWAY = "away"
SLOW = "slow"
FORFEITS = (GAVE, AWAY, SLOW)

#: The refusals of a handover that are about who asks (HTTP 403); the others are about the
#: seat now (409).
NOT_YOURS = ("not-your-seat", "not-creator")


def forfeit_of(entry: Json) -> str | None:
    """Why a stored seat is a forfeit (None: it is not).  A seat left to a computer player
    before the marks were stored (``left`` alone) was left by a person away."""
    mark = entry.get("forfeit")
    if mark in FORFEITS:
        return str(mark)
    return AWAY if entry.get("left") else None


def forfeits(seats: Sequence[Json]) -> list[bool]:
    """Which of a table's seats are forfeits, in seat order."""
    return [forfeit_of(s) is not None for s in seats]


def forfeited(entry: Json, spec: str, mark: str) -> Json:
    """A person's stored seat once a computer player (``spec``) has it for the rest of the
    session, with its forfeit ``mark``: its link no longer plays it."""
    out = {**entry, "kind": "bot", "spec": spec, "left": True, "forfeit": mark}
    out.pop("token_hash", None)
    return out


def rematch_seat(entry: Json) -> Json:
    """A seat as a rematch gets it.  A seat a person left to a computer player comes back to
    its account, with no token (``token_hash`` None: the account asks for its own, POST
    /api/tables/{id}/seat); a guest's left seat, whose token nobody holds any more, stays
    the computer player's.  Forfeits are the old session's."""
    out = {k: v for k, v in entry.items() if k not in ("left", "forfeit")}
    if entry.get("left") and entry.get("user") is not None:
        out.update(kind="person", spec=None, token_hash=None)
    return out


@dataclass(frozen=True)
class Asker:
    """Who asks for a seat to be handed over: the seat whose token came (None: none), the
    logged-in account (None: a guest), and whether they made the table."""

    seat: int | None
    user: int | None
    creator: bool


def owns(entry: Json, seat: int, asker: Asker) -> bool:
    """Whether ``asker`` is seat ``seat``'s own person: its token, or its account."""
    return asker.seat == seat or (asker.user is not None and entry.get("user") == asker.user)


def handover(
    entry: Json,
    seat: int,
    asker: Asker,
    *,
    rated: bool,
    connected: bool,
    away_for: float | None,
    window: float,
) -> str:
    """The forfeit mark when ``asker`` may hand seat ``seat`` (stored as ``entry``) to a
    computer player now; TableError why not: not a person's seat; at a rated table, not the
    asker's (``not-your-seat``); not the creator's table; its person is connected, or has
    been away (``away_for`` seconds; None: the clock is not running) for less than the
    reconnect ``window``."""
    if entry["kind"] != "person":
        raise TableError("not-a-person", "not-a-person")
    if owns(entry, seat, asker):
        return GAVE
    if rated:
        raise TableError("not-your-seat", "not-your-seat")
    if not asker.creator:
        raise TableError("not-creator", "not-creator")
    name = entry["name"]
    if connected:
        raise TableError("still-here", "still-here", name=name)
    left = window - (away_for or 0.0)
    if away_for is None or left > 0:
        raise TableError("away-window", "away-window", name=name, seconds=math.ceil(left))
    return AWAY


def keep_for(window: float, bot_after: int | None) -> float:
    """How long a table keeps an absent person's seat: the server's reconnect ``window``, or
    the table's ``bot_after`` where it is longer (a creator may be more patient, never less)."""
    return max(window, float(bot_after or 0))


class SeatClock:
    """A table's seat timers on the event loop: per person's seat nobody is connected to, when
    its person went and the timer that ends their window (``expired_away(seat)``); and the
    decision waiting for a person (``expired_turn(seat, version)``).  The callbacks run on the
    loop and must not block; the table checks again, under its lock, that nothing changed."""

    def __init__(
        self,
        expired_away: Callable[[int], None],
        expired_turn: Callable[[int, int], None],
    ) -> None:
        self._expired_away = expired_away
        self._expired_turn = expired_turn
        self._away: dict[int, tuple[float, asyncio.TimerHandle]] = {}
        #: the loop the timers run on (its clock tells how long someone has been away)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._turn: tuple[int, int, asyncio.TimerHandle] | None = None

    def away(self, seat: int, keep: float) -> None:
        """Seat ``seat``'s person is not here: their window of ``keep`` seconds starts (unless
        it runs already)."""
        if seat in self._away:
            return
        loop = self._loop = asyncio.get_running_loop()
        handle = loop.call_later(keep, self._away_over, seat)
        self._away[seat] = (loop.time(), handle)

    def _away_over(self, seat: int) -> None:
        self._away.pop(seat, None)
        self._expired_away(seat)

    def back(self, seat: int) -> None:
        """Seat ``seat``'s person is here again (or the seat is no person's now)."""
        got = self._away.pop(seat, None)
        if got is not None:
            got[1].cancel()

    def away_for(self, seat: int) -> float | None:
        """How long seat ``seat``'s person has been away (None: their window is not running:
        they are here, the table waits for players, or their window is over)."""
        got = self._away.get(seat)
        if got is None or self._loop is None:
            return None
        return self._loop.time() - got[0]

    def turn(self, version: int, seat: int | None, limit: float) -> None:
        """The decision at ``version`` waits for ``seat``'s person (None: for nobody: a
        computer player's, or none) for ``limit`` seconds; a decision already timed keeps
        its time."""
        if self._turn is not None and self._turn[:2] == (version, seat):
            return
        self._cancel_turn()
        if seat is not None:
            handle = asyncio.get_running_loop().call_later(limit, self._turn_over, seat, version)
            self._turn = (version, seat, handle)

    def _turn_over(self, seat: int, version: int) -> None:
        self._turn = None
        self._expired_turn(seat, version)

    def _cancel_turn(self) -> None:
        if self._turn is not None:
            self._turn[2].cancel()
            self._turn = None

    def stop(self) -> None:
        """Every timer off (the session is over, or the server stops)."""
        for seat in list(self._away):
            self.back(seat)
        self._cancel_turn()
