"""A duplicate (barometer) event's seating: every round at once, stored, and how balanced it is.

All tables of a round play the same deals (the same seeds, the dealer order included), so a
seat of a deal is held at every table, and each player is compared with the others who held it
(:mod:`~ulti.arena.events.matchpoints`).  The schedule is made before the first round and kept:
its rounds seat the players so that

- each meets as many different opponents as possible (a pair's second meeting costs more than
  two first ones: the cost of a pair is the square of its meetings),
- each sits every seat about equally often (within a table the seats are given exactly: the
  table's permutation that evens out its players' seats best),
- computer players, where the count is not a multiple of the table's size, sit one a table
  where they can, and each person meets them about equally often.

A round's tables are found by local search from a random start (swaps of players between
tables that lower the cost; moves that keep it are taken too, so the search walks plateaus),
with whole-schedule restarts for small events, where a perfect schedule (every pair met at most
once) is tight; the best is kept.  The seed makes it repeatable: one event, one schedule.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import Any

from ulti.core.errors import CatalogueError

#: A seat no person holds: a computer player's (marked, never ranked).
FILLER = -1

#: A table: the player at each seat (or :data:`FILLER`).
Seating = tuple[int, ...]


class EventError(CatalogueError):
    """An event that cannot be held as asked; the words are the catalogue's ``events.*``."""

    section = "events"


@dataclass(frozen=True)
class Schedule:
    """Who sits where in each round: ``rounds[r][t][s]`` is the player at seat ``s`` of table
    ``t`` in round ``r`` (:data:`FILLER`: a computer player)."""

    players: int
    size: int
    rounds: tuple[tuple[Seating, ...], ...]

    @property
    def tables(self) -> int:
        """Tables a round."""
        return tables_for(self.players, self.size)

    def place(self, round_: int, player: int) -> tuple[int, int]:
        """``(table, seat)`` of ``player`` in round ``round_``."""
        for t, table in enumerate(self.rounds[round_]):
            if player in table:
                return t, table.index(player)
        raise KeyError(player)

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "size": self.size,
            "rounds": [[list(t) for t in r] for r in self.rounds],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Schedule:
        rounds = tuple(tuple(tuple(int(p) for p in t) for t in r) for r in d["rounds"])
        s = cls(int(d["players"]), int(d["size"]), rounds)
        for r in s.rounds:  # every person once a round, the rest computer players
            seated = sorted(p for t in r for p in t if p != FILLER)
            if seated != list(range(s.players)) or any(len(t) != s.size for t in r):
                raise ValueError("a stored schedule does not seat every player once a round")
        return s


def tables_for(players: int, size: int) -> int:
    """Tables a round for ``players`` at tables of ``size`` (computer players fill the rest)."""
    return -(-players // size)


def distinct_seatings(players: int, size: int) -> int:
    """How many different rounds there are: the ways to seat ``players`` at their tables, the
    tables alike (they play the same deals), the seats not (a seat is a hand of the deal), the
    computer players alike."""
    tables = tables_for(players, size)
    fillers = tables * size - players
    return math.factorial(tables * size) // (math.factorial(fillers) * math.factorial(tables))


def check_event(players: int, size: int, rounds: int) -> None:
    """Refuse an event that cannot be held: no round, fewer than two tables (nobody to
    compare with), or more rounds than there are different seatings."""
    if rounds < 1:
        raise EventError("no-rounds")
    if players < size + 1:
        raise EventError("too-few", players=players, least=size + 1)
    most = distinct_seatings(players, size)
    if rounds > most:
        raise EventError("too-many-rounds", rounds=rounds, players=players, most=most)


# -- making one ----------------------------------------------------------------------------------

#: The cost of a person meeting a computer player again, against a person's second meeting (a
#: pair met twice costs 3 more than once): spread, but never before new opponents.
_FILLER_WEIGHT = 1
#: Two computer players at one table: avoided whenever the tables allow.
_FILLERS_TOGETHER = 1000
#: A meeting against a seat: new opponents come first, the seats are evened out among them.
_MEETINGS_WEIGHT = 4


class _Tally:
    """What the rounds so far did: each pair's meetings, each player's seats."""

    def __init__(self, players: int, size: int) -> None:
        self.players = players
        # meetings[p][q]; index players: a person's meetings with computer players
        self.meet = [[0] * (players + 1) for _ in range(players + 1)]
        self.seats = [[0] * size for _ in range(players)]

    def pair(self, p: int, q: int) -> int:
        """What seating ``p`` with ``q`` once more adds to the cost."""
        if p == FILLER and q == FILLER:
            return _FILLERS_TOGETHER
        if p == FILLER or q == FILLER:
            person = q if p == FILLER else p
            return _FILLER_WEIGHT * (2 * self.meet[person][self.players] + 1)
        return 2 * self.meet[p][q] + 1

    def seat(self, p: int, s: int) -> int:
        return 0 if p == FILLER else 2 * self.seats[p][s] + 1

    def add(self, table: Seating) -> None:
        for i, p in enumerate(table):
            if p != FILLER:
                self.seats[p][i] += 1
            for q in table[i + 1 :]:
                a = self.players if p == FILLER else p
                b = self.players if q == FILLER else q
                self.meet[a][b] += 1
                self.meet[b][a] += 1


def _round(tally: _Tally, players: int, size: int, rng: random.Random) -> list[Seating]:
    """One round's tables, by local search over swaps between tables: a table's cost is its
    pairs' meetings (weighed first) and its seats, given by the table's best permutation."""
    tables = tables_for(players, size)
    entries = list(range(players)) + [FILLER] * (tables * size - players)
    rng.shuffle(entries)
    groups = [entries[t * size : (t + 1) * size] for t in range(tables)]

    def seats_cost(order: Sequence[int]) -> int:
        return sum(tally.seat(p, s) for s, p in enumerate(order))

    def best_order(g: Sequence[int]) -> Seating:
        return min(permutations(g), key=seats_cost)

    def cost(g: Sequence[int]) -> int:
        meetings = sum(tally.pair(p, q) for i, p in enumerate(g) for q in g[i + 1 :])
        return _MEETINGS_WEIGHT * meetings + seats_cost(best_order(g))

    costs = [cost(g) for g in groups]
    for _ in range(40 * len(entries)):
        t1, t2 = rng.randrange(tables), rng.randrange(tables)
        if t1 == t2:
            continue
        g1, g2 = groups[t1], groups[t2]
        i, j = rng.randrange(size), rng.randrange(size)
        if g1[i] == g2[j]:  # two computer players
            continue
        g1[i], g2[j] = g2[j], g1[i]
        c1, c2 = cost(g1), cost(g2)
        if c1 + c2 > costs[t1] + costs[t2]:
            g1[i], g2[j] = g2[j], g1[i]  # worse: undone (as good: kept, to walk the plateau)
        else:
            costs[t1], costs[t2] = c1, c2
    return [best_order(g) for g in groups]


def _cost(schedule: Schedule) -> int:
    """A whole schedule's cost: the pairs' squared meetings, the seats' squared counts."""
    tally = _Tally(schedule.players, schedule.size)
    total = 0
    for r in schedule.rounds:
        for t in r:
            meetings = sum(tally.pair(p, q) for i, p in enumerate(t) for q in t[i + 1 :])
            total += _MEETINGS_WEIGHT * meetings
            total += sum(tally.seat(p, s) for s, p in enumerate(t))
            tally.add(t)
    return total


def make_schedule(players: int, size: int, rounds: int, seed: int) -> Schedule:
    """The event's seating for ``rounds`` rounds (refused as :func:`check_event` says)."""
    check_event(players, size, rounds)
    attempts = max(1, min(8, 480 // (players * rounds)))
    best: tuple[int, Schedule] | None = None
    for attempt in range(attempts):
        rng = random.Random(seed * 1_000_003 + attempt)
        tally = _Tally(players, size)
        made = []
        for _ in range(rounds):
            r = _round(tally, players, size, rng)
            for t in r:
                tally.add(t)
            made.append(tuple(r))
        s = Schedule(players, size, tuple(made))
        c = _cost(s)
        if best is None or c < best[0]:
            best = (c, s)
    assert best is not None
    return best[1]


# -- how balanced it is --------------------------------------------------------------------------


@dataclass(frozen=True)
class Balance:
    """How even a schedule is, for the event's page: ``pairs`` how many pairs of persons met
    how often (``{0: …, 1: …, 2: …}``), ``opponents`` each player's different opponents met,
    ``seats`` each player's rounds at each seat, ``fillers`` each player's tables with a
    computer player."""

    pairs: dict[int, int]
    opponents: tuple[int, ...]
    seats: tuple[tuple[int, ...], ...]
    fillers: tuple[int, ...]

    @property
    def most_meetings(self) -> int:
        """The most often any pair met."""
        return max((m for m, n in self.pairs.items() if n), default=0)

    @property
    def seat_spread(self) -> int:
        """The largest difference between a player's most and least held seats."""
        return max((max(s) - min(s) for s in self.seats), default=0)

    def to_dict(self) -> dict[str, Any]:
        return {
            "pairs": {str(k): v for k, v in sorted(self.pairs.items())},
            "opponents": list(self.opponents),
            "seats": [list(s) for s in self.seats],
            "fillers": list(self.fillers),
            "most_meetings": self.most_meetings,
            "seat_spread": self.seat_spread,
        }


def balance(schedule: Schedule) -> Balance:
    """The schedule's :class:`Balance`."""
    n = schedule.players
    met: Counter[tuple[int, int]] = Counter()
    seats = [[0] * schedule.size for _ in range(n)]
    fillers = [0] * n
    for r in schedule.rounds:
        for table in r:
            people = [p for p in table if p != FILLER]
            for s, p in enumerate(table):
                if p != FILLER:
                    seats[p][s] += 1
                    fillers[p] += FILLER in table
            for i, p in enumerate(people):
                for q in people[i + 1 :]:
                    met[min(p, q), max(p, q)] += 1
    pairs = Counter(met.values())
    pairs[0] = n * (n - 1) // 2 - len(met)
    opponents = tuple(
        sum(1 for q in range(n) if q != p and met[min(p, q), max(p, q)]) for p in range(n)
    )
    return Balance(dict(pairs), opponents, tuple(tuple(s) for s in seats), tuple(fillers))
