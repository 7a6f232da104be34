"""The fields of a Snapszli deal, its event log and how a deal ended.

:class:`SnapState` holds every field that changes in a deal; :mod:`ulti.games.snapszli.legality`
reads it, :class:`ulti.games.snapszli.deal.SnapDeal` alone writes it.  A deal is small, so its
undo record is the whole state: :meth:`SnapState.copy` before each action, put back whole by
``SnapDeal.undo``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ulti.games.snapszli.actions import SnapAction
from ulti.i18n import text


class End(NamedTuple):
    """How a deal ended: ``rule`` (Z9/Z10/Z11), ``code`` (its words: ``snap.end-CODE``), the
    winner of the deal, the game points won and ``params`` for the words."""

    rule: str
    code: str
    winner: int
    game_points: int
    params: Mapping[str, int] = {}

    def text(self, lang: str = "en", names: Sequence[str] = ("0", "1")) -> str:
        words = {k: (names[v] if k in ("seat", "other") else v) for k, v in self.params.items()}
        return f"{self.rule}: " + text(f"snap.end-{self.code}", lang, **words)

    def to_dict(self, names: Sequence[str] = ("0", "1")) -> dict[str, Any]:
        """The end as data, its words in both languages (``names``: the seats')."""
        return {
            "rule": self.rule,
            "code": self.code,
            "winner": self.winner,
            "game_points": self.game_points,
            "text": self.text("en", names),
            "text_hu": self.text("hu", names),
        }


class SnapEvent(NamedTuple):
    """One entry of the event log: ``kind`` (deal, action, trick, draw, end), the seat, the
    action taken, the cards concerned and a value (a trick's points, the game points of the
    end, the talon's size after a draw)."""

    kind: str
    seat: int
    action: SnapAction | None = None
    cards: tuple[int, ...] = ()
    value: int = 0


@dataclass(slots=True)
class SnapState:
    """Every field of a deal that changes as it is played."""

    hands: list[int]  # a mask per seat
    talon: list[int]  # top first; the last is the turned card while the talon is open
    trump: int
    leader: int
    trick: list[int] = field(default_factory=list)
    won: list[int] = field(default_factory=lambda: [0, 0])  # the cards of the tricks won
    tricks: list[int] = field(default_factory=lambda: [0, 0])
    marriages: list[tuple[int, int]] = field(default_factory=list)  # (seat, suit) announced
    pending: int = -1  # a marriage announced this lead: its suit (the card follows)
    closed_by: int = -1
    closing: tuple[int, int] = (0, 0)  # Z11: the opponent's tricks and points when closed
    last_winner: int = -1
    end: End | None = None
    history: list[tuple[int, SnapAction]] = field(default_factory=list)
    events: list[SnapEvent] = field(default_factory=list)

    @property
    def current_player(self) -> int:
        """The seat to act: the leader, or the other seat once a card is led (-1: over)."""
        if self.end is not None:
            return -1
        return self.leader if not self.trick else 1 - self.leader

    def copy(self) -> SnapState:
        """A copy that shares nothing that changes (its lists copied, the rest immutable): the
        undo record of an action, and a clone's state."""
        return SnapState(
            hands=list(self.hands),
            talon=list(self.talon),
            trump=self.trump,
            leader=self.leader,
            trick=list(self.trick),
            won=list(self.won),
            tricks=list(self.tricks),
            marriages=list(self.marriages),
            pending=self.pending,
            closed_by=self.closed_by,
            closing=self.closing,
            last_winner=self.last_winner,
            end=self.end,
            history=list(self.history),
            events=list(self.events),
        )


__all__ = ["End", "SnapEvent", "SnapState"]
