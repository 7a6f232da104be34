"""Matchpoints: each result compared with everyone who held the same seat of the same deal.

A *board* is one deal of one round, played at every table of the round with the same cards;
its seat ``s`` was held once at each table.  Each holder of that seat scores 1 matchpoint for
every other holder it outscored and ½ for every tie (its score: the units the seat won on the
deal).  A holder's top is the number of others it is compared with, so its percentage on the
board is its matchpoints over its top; the event ranks players by their matchpoints over their
tops summed over every board they played.

Computer players' results are part of the field (they held the cards too: a person is compared
with them as with anyone), but they are never ranked.  A seat with no score (four at the table:
the dealer who sat the deal out) is compared with nobody.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ulti.arena.events.schedule import FILLER


@dataclass(frozen=True)
class Result:
    """One seat's result on one board: ``board`` names the deal (``(round, deal)``), ``seat``
    the seat of that deal, ``table`` where it was played, ``player`` who held it
    (:data:`~ulti.arena.events.schedule.FILLER`: a computer player), ``score`` its units
    (``None``: the seat had no part in the deal)."""

    board: tuple[int, int]
    seat: int
    table: int
    player: int
    score: int | None


@dataclass(frozen=True)
class Scored:
    """A result with its matchpoints on the board and the most it could have had."""

    result: Result
    matchpoints: Fraction
    top: int

    @property
    def percent(self) -> float | None:
        """Its percentage of the top (``None``: compared with nobody)."""
        return None if self.top == 0 else float(100 * self.matchpoints / self.top)


def score_boards(results: Iterable[Result]) -> list[Scored]:
    """Every result with its matchpoints, in the order given."""
    results = list(results)
    field: dict[tuple[tuple[int, int], int], list[int]] = defaultdict(list)
    for r in results:
        if r.score is not None:
            field[r.board, r.seat].append(r.score)
    out = []
    for r in results:
        if r.score is None:
            out.append(Scored(r, Fraction(0), 0))
            continue
        others = field[r.board, r.seat]
        below = sum(1 for x in others if x < r.score)
        ties = sum(1 for x in others if x == r.score) - 1  # itself
        out.append(Scored(r, below + Fraction(ties, 2), len(others) - 1))
    return out


@dataclass(frozen=True)
class Standing:
    """A person's place in the event: ``rank`` (shared by equal percentages), matchpoints and
    top over every board played, boards, and units won in all (shown, not ranked by)."""

    rank: int
    player: int
    matchpoints: Fraction
    top: int
    boards: int
    units: int

    @property
    def percent(self) -> float:
        return 0.0 if self.top == 0 else float(100 * self.matchpoints / self.top)

    def to_dict(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "player": self.player,
            "matchpoints": float(self.matchpoints),
            "top": self.top,
            "percent": round(self.percent, 2),
            "boards": self.boards,
            "units": self.units,
        }


def standings(scored: Iterable[Scored], players: Sequence[int] | None = None) -> list[Standing]:
    """The persons ranked by percentage of matchpoints (computer players left out); equal
    percentages share a rank.  ``players``: everyone registered (one with no board yet stands
    at 0 %), else those with a result."""
    mp: dict[int, Fraction] = defaultdict(Fraction)
    top: dict[int, int] = defaultdict(int)
    boards: dict[int, int] = defaultdict(int)
    units: dict[int, int] = defaultdict(int)
    for s in scored:
        p = s.result.player
        if p == FILLER:
            continue
        mp[p] += s.matchpoints
        top[p] += s.top
        if s.result.score is not None:
            boards[p] += 1
            units[p] += s.result.score
    everyone = list(players) if players is not None else sorted(set(mp))

    def ratio(p: int) -> Fraction:
        return Fraction(0) if top[p] == 0 else mp[p] / top[p]

    order = sorted(everyone, key=lambda p: (-ratio(p), p))
    out: list[Standing] = []
    for i, p in enumerate(order):
        rank = out[-1].rank if out and ratio(order[i - 1]) == ratio(p) else i + 1
        out.append(Standing(rank, p, mp[p], top[p], boards[p], units[p]))
    return out
