"""Swiss and arena events: tables formed by standing, points by place.

- **Points by place.** At a table of ``n`` the first scores ``n - 1`` points, the next ``n - 2``
  … the last 0; players level on units share the points of the places they hold between them
  (two first of three: 1½ each).
- **Swiss.** Each round seats players with those nearest them in the standings, avoiding
  players who met before where the field allows (a repeat meeting costs more than any gap in
  points).  The standings' tie-breaks, in order, as the event page states them: points; the
  opponents' points (Buchholz: the sum, over every table played, of the others' points); units
  won; the earlier registration.
- **Arena.** In a time window, whoever has finished a session waits; whenever enough wait,
  they are seated with the nearest-ranked of those waiting (by points, then by how long they
  waited); the rest wait for the next to finish.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Any

from ulti.arena.events.schedule import FILLER, Seating, tables_for


def place_points(units: Sequence[int]) -> list[Fraction]:
    """Each seat's points by its place at the table (``units``: each seat's units)."""
    n = len(units)
    order = sorted(range(n), key=lambda i: -units[i])
    out = [Fraction(0)] * n
    place = 0
    while place < n:
        level = [i for i in order[place:] if units[i] == units[order[place]]]
        share = Fraction(sum(n - 1 - (place + k) for k in range(len(level))), len(level))
        for i in level:
            out[i] = share
        place += len(level)
    return out


@dataclass(frozen=True)
class TableResult:
    """A finished table of a round: the player at each seat (:data:`FILLER`: a computer
    player) and each seat's units over the round's deals."""

    seats: Seating
    units: tuple[int, ...]


@dataclass(frozen=True)
class SwissStanding:
    """A person's place: rank (no two share one: the tie-breaks decide), points, Buchholz,
    units, tables played."""

    rank: int
    player: int
    points: Fraction
    buchholz: Fraction
    units: int
    tables: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "player": self.player,
            "points": float(self.points),
            "buchholz": float(self.buchholz),
            "units": self.units,
            "tables": self.tables,
        }


def met_pairs(tables: Iterable[TableResult]) -> set[frozenset[int]]:
    """The pairs of persons who sat at one table."""
    out: set[frozenset[int]] = set()
    for t in tables:
        people = [p for p in t.seats if p != FILLER]
        out.update(frozenset(pq) for pq in combinations(people, 2))
    return out


def swiss_standings(tables: Iterable[TableResult], players: Sequence[int]) -> list[SwissStanding]:
    """The persons ranked by points, then Buchholz, units and registration (``players``,
    every one registered, in registration order)."""
    tables = list(tables)
    points: dict[int, Fraction] = defaultdict(Fraction)
    units: dict[int, int] = defaultdict(int)
    played: dict[int, int] = defaultdict(int)
    for t in tables:
        for p, x, u in zip(t.seats, place_points(t.units), t.units, strict=True):
            if p != FILLER:
                points[p] += x
                units[p] += u
                played[p] += 1
    buchholz: dict[int, Fraction] = defaultdict(Fraction)
    for t in tables:
        for p in t.seats:
            if p != FILLER:
                others = (points[q] for q in t.seats if q not in (p, FILLER))
                buchholz[p] += sum(others, Fraction(0))
    order = {p: i for i, p in enumerate(players)}
    ranked = sorted(players, key=lambda p: (-points[p], -buchholz[p], -units[p], order[p]))
    return [
        SwissStanding(i + 1, p, points[p], buchholz[p], units[p], played[p])
        for i, p in enumerate(ranked)
    ]


#: A repeat meeting outweighs any gap in points between tablemates.
_REPEAT = 10_000


def swiss_tables(
    standing: Sequence[SwissStanding], met: set[frozenset[int]], size: int, seed: int = 0
) -> list[Seating]:
    """The next round's tables: neighbours in the standings, repeat meetings avoided where the
    field allows; computer players fill the last table."""
    ranked = [s.player for s in standing]
    points = {s.player: s.points for s in standing}
    count = tables_for(len(ranked), size)
    entries = ranked + [FILLER] * (count * size - len(ranked))
    groups = [entries[t * size : (t + 1) * size] for t in range(count)]

    def cost(g: Sequence[int]) -> Fraction:
        people = [p for p in g if p != FILLER]
        repeats = sum(1 for pq in combinations(people, 2) if frozenset(pq) in met)
        held = [points[p] for p in people]
        return _REPEAT * repeats + (max(held) - min(held) if held else Fraction(0))

    rng = random.Random(seed)
    for _ in range(200 * len(entries)):
        t1 = rng.randrange(count)
        if rng.random() < 0.5:  # mostly near in the standings; anywhere, to undo a repeat
            t2 = min(count - 1, max(0, t1 + rng.choice((-2, -1, 1, 2))))
        else:
            t2 = rng.randrange(count)
        if t1 == t2:
            continue
        i, j = rng.randrange(size), rng.randrange(size)
        g1, g2 = groups[t1], groups[t2]
        if g1[i] == g2[j]:
            continue
        before = cost(g1) + cost(g2)
        g1[i], g2[j] = g2[j], g1[i]
        if cost(g1) + cost(g2) > before:
            g1[i], g2[j] = g2[j], g1[i]
    rank = {p: i for i, p in enumerate(ranked)}
    by_rank = [sorted(g, key=lambda p: rank.get(p, len(ranked))) for g in groups]
    return [tuple(g) for g in sorted(by_rank, key=lambda g: rank.get(g[0], len(ranked)))]


def arena_tables(
    waiting: Sequence[int], points: Mapping[int, Fraction], size: int
) -> tuple[list[Seating], list[int]]:
    """Arena seating: ``waiting`` in the order they began to wait.  While ``size`` wait, the
    one who has waited longest is seated with the ``size - 1`` nearest in points (the longer
    waiting first among equals), so nobody waits behind later arrivals for ever.  Returns the
    tables (each ordered by points) and who still waits."""
    pool = list(waiting)
    since = {p: i for i, p in enumerate(pool)}

    def pts(p: int) -> Fraction:
        return points.get(p, Fraction(0))

    tables: list[Seating] = []
    while len(pool) >= size:
        first = pool[0]
        near = sorted(pool[1:], key=lambda p: (abs(pts(p) - pts(first)), since[p]))[: size - 1]
        table = sorted([first, *near], key=lambda p: (-pts(p), since[p]))
        tables.append(tuple(table))
        pool = [p for p in pool if p not in table]
    return tables, pool
