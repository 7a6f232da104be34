"""A table's clocks (issue 30): a time control of a reserve per seat and an increment per
decision, Fischer-style, kept by the server.

Each decision a seat makes begins with its increment added to its reserve; the decision uses
its time from that; when nothing is left, the server makes the move for the seat (the
``rules`` player's choice) and the table goes on — the seat is marked as having run out, not
taken from its person.  Nothing of the clocks is stored apart: every action's time is (the
actions' ``created``), so after a restart the clocks are worked out again by replaying those
times from the table's start (:meth:`Clocks.replay`), and the decision waiting goes on with
what it had left.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

#: A time control's bounds: seconds of reserve and of increment.
RESERVE = (0.0, 7 * 24 * 3600.0)
INCREMENT = (0.0, 24 * 3600.0)


@dataclass(frozen=True)
class TimeControl:
    """``reserve`` seconds per seat at the start, ``increment`` seconds more for each
    decision."""

    reserve: float
    increment: float

    def __post_init__(self) -> None:
        lo, hi = RESERVE
        if not lo <= self.reserve <= hi:
            raise ValueError(f"a reserve is {lo:g} to {hi:g} seconds")
        lo, hi = INCREMENT
        if not lo <= self.increment <= hi:
            raise ValueError(f"an increment is {lo:g} to {hi:g} seconds")
        if self.reserve + self.increment <= 0:
            raise ValueError("a time control gives a decision some time")

    def to_dict(self) -> dict[str, float]:
        return {"reserve": self.reserve, "increment": self.increment}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any] | None) -> TimeControl | None:
        if d is None:
            return None
        return cls(float(d["reserve"]), float(d["increment"]))


class Clocks:
    """Each seat's reserve, and when the decision waiting began."""

    def __init__(self, control: TimeControl, seats: int, began: datetime) -> None:
        self.control = control
        self.reserve = [control.reserve] * seats
        #: when the decision waiting now began (the table's start, or the last action)
        self.began = began
        #: how many times each seat ran out of time
        self.timeouts = [0] * seats

    def budget(self, seat: int) -> float:
        """The seconds ``seat`` has for the decision waiting, from its beginning."""
        return self.reserve[seat] + self.control.increment

    def left(self, seat: int, now: datetime) -> float:
        """The seconds ``seat`` has left now for the decision waiting (0 at the least)."""
        return max(0.0, self.budget(seat) - (now - self.began).total_seconds())

    def decided(self, seat: int, at: datetime) -> None:
        """``seat`` made the decision waiting at ``at``: what it used comes off its budget;
        a decision made with nothing left is a timeout."""
        left = self.budget(seat) - max(0.0, (at - self.began).total_seconds())
        if left <= 0:
            self.timeouts[seat] += 1
        self.reserve[seat] = max(0.0, left)
        self.began = at

    def replay(self, decisions: Iterable[tuple[int, datetime]]) -> None:
        """The clocks after the stored decisions (each seat and its action's time)."""
        for seat, at in decisions:
            self.decided(seat, at)

    def view(self, current: int | None, now: datetime) -> dict[str, Any]:
        """What every seat and spectator sees: each seat's reserve (the one to act: what it
        has left now), the increment, whose clock runs, and each seat's timeouts."""
        shown = [round(r, 1) for r in self.reserve]
        if current is not None:
            shown[current] = round(self.left(current, now), 1)
        return {
            "reserve": shown,
            "increment": self.control.increment,
            "running": current,
            "timeouts": list(self.timeouts),
        }
