"""What one seat may know of a Snapszli deal (Z13): the only way hidden information leaves it.

A seat sees its hand, the turned card while it lies face up (and which card was turned at the
deal: both saw it, Z2), every card played, the shown card of each marriage announced, the
talon's size; its own points only as a learner's option, never the opponent's.  Never the other
hand, the talon's cards, the deck order or the seed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ulti.core.cards import KING, OVER, cards_of
from ulti.core.errors import UltiError
from ulti.games.snapszli.actions import Kind, SnapAction
from ulti.games.snapszli.cards import STRENGTH
from ulti.games.snapszli.state import End

if TYPE_CHECKING:
    from ulti.games.snapszli.deal import SnapDeal


@dataclass(frozen=True)
class SnapObservation:
    """A seat's view of a deal (Z13)."""

    seat: int
    hand: tuple[int, ...]
    trump: int
    turned: int
    turned_at_deal: int  # Z2: both players saw it turned; remembering it is no peeking
    talon_size: int
    closed_by: int
    leader: int
    trick: tuple[int, ...]
    current_player: int
    history: tuple[tuple[int, SnapAction], ...]
    marriages: tuple[tuple[int, int], ...]
    pending: int  # a marriage the leader announced, its card still to lead (-1: none)
    shown: tuple[int, ...]
    tricks: tuple[int, int]
    own_points: int | None
    legal: tuple[SnapAction, ...]
    over: bool
    outcome: End | None

    def played(self) -> tuple[int, ...]:
        """Every card played so far."""
        return tuple(a.card for _, a in self.history if a.kind == Kind.PLAY)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "hand": list(self.hand),
            "trump": self.trump,
            "turned": self.turned,
            "turned_at_deal": self.turned_at_deal,
            "talon_size": self.talon_size,
            "closed_by": self.closed_by,
            "leader": self.leader,
            "trick": list(self.trick),
            "current_player": self.current_player,
            "history": [{"seat": w, "action": a.to_dict()} for w, a in self.history],
            "marriages": [list(m) for m in self.marriages],
            "pending": self.pending,
            "shown": list(self.shown),
            "tricks": list(self.tricks),
            "own_points": self.own_points,
            "legal": [a.to_dict() for a in self.legal],
            "over": self.over,
            "outcome": None if self.outcome is None else self.outcome.to_dict(),
        }


def shown_cards(d: SnapDeal) -> list[int]:
    """The cards shown by the marriages announced (Z7) that their announcer has not played
    since: both of the pair while the announced one's card is still to lead."""
    pending = [(d.leader, d.pending)] if d.pending >= 0 else []
    history = d.history
    shown: list[int] = []
    for who, suit in d.marriages + pending:
        played = [
            a.card for w, a in history if w == who and a.kind == Kind.PLAY and a.card >> 3 == suit
        ]
        shown.extend(c for c in (suit * 8 + KING, suit * 8 + OVER) if c not in played)
    return shown


def observe(d: SnapDeal, seat: int, show_points: bool = False) -> SnapObservation:
    """What ``seat`` may know of ``d`` (module doc; -1, a spectator, holds no hand); its own
    points only when ``show_points``."""
    if seat not in (0, 1, -1):
        raise UltiError("seat: 0 or 1 (or -1, a spectator)")
    to_move = d.current_player
    hand = () if seat < 0 else tuple(sorted(cards_of(d.hands[seat]), key=_display_order))
    return SnapObservation(
        seat=seat,
        hand=hand,
        trump=d.trump,
        turned=d.turned,
        turned_at_deal=d.deck[6],
        talon_size=len(d.talon),
        closed_by=d.closed_by,
        leader=d.leader,
        trick=d.trick,
        current_player=to_move,
        history=tuple(d.history),
        marriages=tuple(d.marriages),
        pending=d.pending,
        shown=tuple(shown_cards(d)),
        tricks=(d.tricks_won(0), d.tricks_won(1)),
        own_points=d.points(seat) if show_points and seat >= 0 else None,
        legal=tuple(d.legal_actions()) if to_move == seat >= 0 else (),
        over=d.is_over(),
        outcome=d.outcome,
    )


def _display_order(c: int) -> tuple[int, int]:
    """A hand's order: by suit, the strongest first (Z1)."""
    return (c >> 3, -STRENGTH[c & 7])


__all__ = ["SnapObservation", "observe", "shown_cards"]
