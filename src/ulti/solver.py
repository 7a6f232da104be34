"""The double-dummy solver: exact search of the rest of a deal with every hand known.

>>> from ulti.solver import Position, solve
>>> sol = solve(Position.from_deal(deal))          # doctest: +SKIP
>>> sol.value, sol.points, sol.objectives["ulti"]  # doctest: +SKIP

A :class:`Position` holds what the search needs (all hands, trump, the contract's components
with their money, marriages, talon, the tricks so far compressed to points / tricks / Aces per
seat); :func:`solve` returns a :class:`Solution`:

* ``objectives`` — for each win/loss objective of the game (Simple, 40-100, 20-100, Four Aces,
  Ulti, Betli, plain or trump Durchmars, each silent bonus), whether the soloist makes it
  against best defence;
* ``points`` — the soloist's final trick points (card points and the last trick) under best
  play by both sides;
* ``value`` — for the contract, the soloist's settlement in units under best play (the soloist
  maximises, the defenders minimise);
* ``moves`` — for every legal card of the player to move, the value (and points) after it.

The search runs in the compiled core (:mod:`ulti._core`); the pure-Python reference is
:mod:`ulti.search`.  Marriages: at the first trick, seats that have not played yet are assumed
to declare every marriage they may (declaring never costs points).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ulti import _core
from ulti.bids import Bid, Kind
from ulti.cards import ACES, KING, OVER, card, card_points, symbol
from ulti.scoring import SILENT_BASE, Item, Money, Status, money

if TYPE_CHECKING:
    from ulti.deal import Deal

# objective names, in the order they are reported
OBJECTIVES = ("simple", "40-100", "20-100", "four aces", "ulti", "betli", "durchmars",
              "silent 100", "silent four aces", "silent ulti", "silent durchmars")
#: the objective (name) of each item
ITEM_OBJECTIVE: dict[Item, str] = {
    int(Kind.SIMPLE): "simple", int(Kind.FORTY_HUNDRED): "40-100",
    int(Kind.TWENTY_HUNDRED): "20-100", int(Kind.FOUR_ACES): "four aces",
    int(Kind.ULTI): "ulti", int(Kind.BETLI): "betli", int(Kind.DURCHMARS): "durchmars",
    SILENT_BASE + 0: "silent 100", SILENT_BASE + 1: "silent four aces",
    SILENT_BASE + 2: "silent ulti", SILENT_BASE + 3: "silent durchmars",
}


@dataclass(frozen=True)
class Position:
    """A play-phase position with every hand known."""

    hands: tuple[int, int, int]
    trick: tuple[int, ...]  # cards of the trick in progress, from its leader
    leader: int  # who leads (or led) the current trick
    trump: int  # -1: no trump
    no_trump: bool  # no-trump rank order (C2)
    soloist: int
    ulti: bool  # R6 in force (the contract has an Ulti)
    tricks: int = 0
    sp: int = 0  # soloist's trick points so far
    dp: int = 0  # defenders' trick points so far (not the talon)
    won: tuple[int, int, int] = (0, 0, 0)
    aces: tuple[int, int, int] = (0, 0, 0)  # Aces taken by each seat
    seven_trick: int = -1
    talon: int = 0
    sm: int = 0  # marriage points that count: the soloist's
    dm: int = 0  # ... and the defenders'
    forty_declared: bool = False
    twenty_declared: bool = False
    had_seven: bool = False
    talon_ace_loses: bool = True
    items: tuple[tuple[Item, Money], ...] = field(default=())
    contract: Bid | None = None

    @classmethod
    def from_deal(cls, d: Deal) -> Position:
        """The position of a deal in its play phase (or its first trick's kontra answers)."""
        from ulti.deal import Phase

        if d.phase not in (Phase.PLAY, Phase.KONTRA) or d.contract is None:
            raise ValueError("R1: the solver works on the play phase")
        c = d.contract
        s = d.soloist
        marriages = list(d.marriages)
        if d.tricks_played == 0:  # those yet to play to the first trick will declare (R5)
            played = set(d.trick_seats)
            for seat in range(3):
                if seat in played:
                    continue
                for suit in d._marriage_options(seat):
                    marriages.append((seat, suit))
                    if c.hundred == Kind.TWENTY_HUNDRED and seat == s:
                        break
        sm = dm = 0
        forty = twenty = False
        for seat, suit in marriages:
            v = 40 if suit == d.trump else 20
            if seat == s:
                sm += v
                forty |= suit == d.trump
                twenty |= suit != d.trump
            else:
                dm += v
        taken = d.taken
        sp = card_points(taken[s])
        dp = card_points(taken[(s + 1) % 3] | taken[(s + 2) % 3])
        if d.tricks_played == 10:
            if d.last_winner == s:
                sp += 10
            else:
                dp += 10
        return cls(
            hands=(d.hands[0], d.hands[1], d.hands[2]),
            trick=tuple(d.trick),
            leader=d.leader if d.trick else d.player,
            trump=d.trump,
            no_trump=not c.trump,
            soloist=s,
            ulti=bool(d.ulti_bit),
            tricks=d.tricks_played,
            sp=sp,
            dp=dp,
            won=(d.tricks_won[0], d.tricks_won[1], d.tricks_won[2]),
            aces=(taken[0] & ACES, taken[1] & ACES, taken[2] & ACES),
            seven_trick=d.seven_trick,
            talon=d.talon,
            sm=sm if c.trump else 0,
            dm=dm if c.trump else 0,
            forty_declared=forty,
            twenty_declared=twenty,
            had_seven=d.soloist_had_seven,
            talon_ace_loses=d.rules.talon_ace_loses_four_aces,
            items=tuple(money(d)),
            contract=c,
        )

    @property
    def player(self) -> int:
        return (self.leader + len(self.trick)) % 3

    def core(self) -> _core.CorePosition:
        hands = list(self.hands)
        return _core.CorePosition(hands, self.trump, self.no_trump, self.soloist, self.ulti,
                                  self.leader, self.tricks, self.sp, self.dp, self.won,
                                  self.aces, self.seven_trick, self.trick)

    def legal_cards(self) -> list[int]:
        m = self.core().legal_mask()
        return [c for c in range(32) if m >> c & 1]


@dataclass(frozen=True)
class MoveValue:
    """A legal card and what best play gives after it."""

    card: int
    value: int | None  # the soloist's settlement (None without a contract)
    points: int  # the soloist's final trick points (trump games)

    def __str__(self) -> str:
        return f"{symbol(self.card)}: {self.value}"


@dataclass(frozen=True)
class Solution:
    objectives: dict[str, bool]
    points: int
    value: int | None
    moves: tuple[MoveValue, ...]
    nodes: int


_SOLVER: _core.Solver | None = None


def _solver() -> _core.Solver:
    global _SOLVER
    if _SOLVER is None:
        _SOLVER = _core.Solver()
    return _SOLVER


def _load_items(sv: _core.Solver, pos: Position) -> None:
    sv.set_items([(item, m.won_total, m.lost_total) for item, m in pos.items], pos.sm, pos.dm,
                 card_points(pos.talon) if not pos.no_trump else 0, pos.talon & ACES,
                 pos.talon_ace_loses, pos.forty_declared, pos.twenty_declared, pos.had_seven)


def objective(pos: Position, name: str, sv: _core.Solver | None = None) -> bool:
    """Whether the soloist makes objective ``name`` against best defence."""
    sv = sv or _solver()
    core = pos.core()
    s = pos.soloist
    d1, d2 = (s + 1) % 3, (s + 2) % 3
    talon_aces = pos.talon & ACES
    if name in ("simple", "silent 100", "40-100", "20-100"):
        if pos.no_trump:
            return False
        if name == "simple":  # S > D  <=>  2 sp > 90 + dm - sm (P1-P3)
            need = (90 + pos.dm - pos.sm) // 2 + 1
        elif name == "silent 100":
            need = 100 - pos.sm
        elif name == "40-100":
            if not pos.forty_declared:
                return False
            need = 60
        else:
            if not pos.twenty_declared:
                return False
            need = 80
        need = max(0, -(-need // 10) * 10)  # trick points come in tens
        return bool(sv.objective(core, _core.POINTS, need))
    if name in ("durchmars", "silent durchmars"):
        if pos.won[d1] or pos.won[d2]:
            return False
        return bool(sv.objective(core, _core.ALL))
    if name == "betli":
        if pos.won[s]:
            return False
        return bool(sv.objective(core, _core.NONE))
    if name in ("ulti", "silent ulti"):
        if pos.trump < 0 or not pos.had_seven or 0 <= pos.seven_trick < 9:
            return False
        return bool(sv.objective(core, _core.ULTI))
    if name in ("four aces", "silent four aces"):
        if (pos.aces[d1] | pos.aces[d2]) or (talon_aces and pos.talon_ace_loses):
            return False
        return bool(sv.objective(core, _core.ACES))
    raise ValueError(f"unknown objective {name!r}; objectives: {', '.join(OBJECTIVES)}")


def game_objectives(pos: Position) -> tuple[str, ...]:
    """The objectives that make sense in this game: trump or no-trump."""
    if pos.no_trump:
        return ("betli", "durchmars")
    return tuple(o for o in OBJECTIVES if o != "betli")


def points(pos: Position, sv: _core.Solver | None = None) -> int:
    """The soloist's final trick points under best play by both sides."""
    return int((sv or _solver()).points(pos.core()))


def value(pos: Position, sv: _core.Solver | None = None) -> int:
    """The soloist's settlement in units under best play (soloist max, defenders min)."""
    if not pos.items:
        raise ValueError("the position has no contract to settle")
    sv = sv or _solver()
    _load_items(sv, pos)
    return int(sv.value(pos.core()))


def move_values(pos: Position, sv: _core.Solver | None = None) -> list[MoveValue]:
    """For each legal card of the player to move: the value and the points after it."""
    sv = sv or _solver()
    core = pos.core()
    pts = dict(sv.move_values(core, -1))
    vals: dict[int, int] = {}
    if pos.items:
        _load_items(sv, pos)
        vals = dict(sv.move_values(core, _core.VALUE))
    return [MoveValue(c, vals.get(c), pts[c]) for c in sorted(pts)]


def solve(pos: Position | Deal, moves: bool = True) -> Solution:
    """Everything at once (see the module documentation)."""
    if not isinstance(pos, Position):
        pos = Position.from_deal(pos)
    sv = _solver()
    sv.nodes = 0
    objs = {name: objective(pos, name, sv) for name in game_objectives(pos)}
    pts = points(pos, sv) if not pos.no_trump else 0
    val = value(pos, sv) if pos.items else None
    mv = tuple(move_values(pos, sv)) if moves else ()
    return Solution(objs, pts, val, mv, sv.nodes)


def item_statuses(pos: Position) -> list[Status]:
    """Each contract item's status now, computed in the compiled core (twin of scoring)."""
    sv = _solver()
    _load_items(sv, pos)
    return [Status(x) for x in sv.statuses(pos.core())]


def marriage_pair(suit: int) -> int:
    return (1 << card(suit, KING)) | (1 << card(suit, OVER))
