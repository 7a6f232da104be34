"""The double-dummy solver: exact search of the rest of a deal with every hand known.

>>> from ulti.search.ulti.solver import Position, solve
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

The search runs in the compiled core (:mod:`ulti.search._core`); the pure-Python reference is
:mod:`ulti.search`.  Marriages: at the first trick, seats that have not played yet are assumed
to declare every marriage they may (declaring never costs points).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NotRequired, TypedDict, Unpack

from ulti.core.cards import ACES, KING, OVER, POINT_CARDS, card, card_points, symbol
from ulti.games.ulti.bids import Bid, Kind
from ulti.games.ulti.legality import marriage_options
from ulti.games.ulti.play import best_play_to_end, counted_marriages
from ulti.games.ulti.scoring import (
    SILENT_BASE,
    Item,
    Money,
    Status,
    marriage_points,
    money_for,
    past_rules_out,
)
from ulti.games.ulti.state import Phase
from ulti.search import _core

if TYPE_CHECKING:
    from ulti.games.ulti.deal import Deal
    from ulti.games.ulti.rules import Ruleset
    from ulti.games.ulti.state import DealState


def _expected_core_constants() -> dict[str, dict[str, int]]:
    """The constants the compiled core must share with the Python side, from their one
    Python definition (:class:`~ulti.games.ulti.bids.Kind`, :class:`~ulti.games.ulti.bids.Silent`,
    :data:`~ulti.games.ulti.scoring.SILENT_BASE`, :class:`~ulti.games.ulti.scoring.Status`)."""
    items = {name: item for item, name in ITEM_OBJECTIVE.items()}
    return {
        "items": items,
        "statuses": {st.name.lower(): int(st) for st in Status},
        "objectives": dict(_core.CONSTANTS["objectives"]),
    }


def check_core() -> None:
    """Raise ImportError when the compiled core was built from other constants than this
    Python code defines (a stale build): rebuild it with ``pip install -e .``."""
    want = _expected_core_constants()
    have = _core.CONSTANTS
    if {k: have[k] for k in want} != want:
        raise ImportError(
            f"ulti.search._core is out of date (its constants {have} differ from the "
            f"package's {want}); rebuild it: pip install -e ."
        )


# objective names, in the order they are reported
OBJECTIVES = (
    "simple",
    "40-100",
    "20-100",
    "four aces",
    "ulti",
    "betli",
    "durchmars",
    "silent 100",
    "silent four aces",
    "silent ulti",
    "silent durchmars",
)
#: the objective (name) of each item
ITEM_OBJECTIVE: dict[Item, str] = {
    int(Kind.SIMPLE): "simple",
    int(Kind.FORTY_HUNDRED): "40-100",
    int(Kind.TWENTY_HUNDRED): "20-100",
    int(Kind.FOUR_ACES): "four aces",
    int(Kind.ULTI): "ulti",
    int(Kind.BETLI): "betli",
    int(Kind.DURCHMARS): "durchmars",
    SILENT_BASE + 0: "silent 100",
    SILENT_BASE + 1: "silent four aces",
    SILENT_BASE + 2: "silent ulti",
    SILENT_BASE + 3: "silent durchmars",
}


check_core()


class PositionFacts(TypedDict):
    """What both builders of a :class:`Position` are given about the deal
    (:meth:`~Position.from_facts`, :meth:`~Position.from_summary`): the contract and the rules,
    trump (-1: none), the soloist, all hands and the talon, the trick in progress (from its
    leader) and the marriages declared; the contract's items with their money (default: as
    :func:`~ulti.games.ulti.scoring.money_for` prices them with ``kontra`` and the bid's
    ``multiplier``) and whether the soloist had the trump VII (default: from the hands and
    the tricks)."""

    contract: Bid
    rules: Ruleset
    trump: int
    soloist: int
    hands: tuple[int, int, int]
    talon: int
    trick: tuple[int, ...]
    marriages: Sequence[tuple[int, int]]
    items: NotRequired[tuple[tuple[Item, Money], ...] | None]
    kontra: NotRequired[dict[Kind, tuple[int, int]] | None]
    multiplier: NotRequired[int]
    had_seven: NotRequired[bool | None]


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
    def from_deal(cls, d: DealState, silent_seats: Sequence[int] = ()) -> Position:
        """The position of a deal in its play phase (or its first trick's kontra answers);
        ``silent_seats`` declare no more marriages (see :meth:`from_facts`)."""
        if d.phase not in (Phase.PLAY, Phase.KONTRA) or d.contract is None:
            raise ValueError("R1: the solver works on the play phase")
        return cls.from_facts(
            contract=d.contract,
            rules=d.rules,
            trump=d.trump,
            soloist=d.soloist,
            hands=(d.hands[0], d.hands[1], d.hands[2]),
            talon=d.talon,
            tricks=d.tricks,
            trick=tuple(d.trick),
            to_move=d.player,
            marriages=d.marriages,
            items=tuple(d.money()),
            had_seven=d.soloist_had_seven,
            silent_seats=silent_seats,
        )

    @classmethod
    def from_facts(
        cls,
        *,
        tricks: Sequence[tuple[int, tuple[int, ...], int]],
        to_move: int,
        silent_seats: Sequence[int] = (),
        **given: Unpack[PositionFacts],
    ) -> Position:
        """A position from what is public (the tricks so far, the trick in progress,
        marriages, kontras) and a full set of hands and talon (known, or sampled by a
        player).  At the first trick, seats yet to play are taken to declare every marriage
        they may (R5), but for ``silent_seats`` (those taken to declare nothing more).  The rest
        (:class:`PositionFacts`) goes to :meth:`from_summary` as it is, the marriages completed."""
        c, s, trump, trick = given["contract"], given["soloist"], given["trump"], given["trick"]
        hands = given["hands"]
        marriages = list(given["marriages"])
        if given["rules"].marriages_with_card and c.trump:
            # W9: a marriage may be declared with either card of the pair, in any trick, so
            # every pair a seat holds (or holds and has played from) will be declared
            gone = [0, 0, 0]  # the cards each seat has played
            for lead, cards, _w in tricks:
                for k, x in enumerate(cards):
                    gone[(lead + k) % 3] |= 1 << x
            lead_now = (to_move - len(trick)) % 3
            for k, x in enumerate(trick):
                gone[(lead_now + k) % 3] |= 1 << x
            for seat in range(3):
                for suit in range(4):
                    pair = marriage_pair(suit)
                    if (seat, suit) in marriages or not hands[seat] & pair:
                        continue
                    if (hands[seat] | gone[seat]) & pair == pair:
                        marriages.append((seat, suit))
        elif not tricks:  # those yet to play to the first trick will declare (R5)
            leader = (to_move - len(trick)) % 3
            played = {(leader + i) % 3 for i in range(len(trick))}
            for seat in range(3):
                if seat in played or seat in silent_seats:
                    continue
                declared = [su for st, su in marriages if st == seat]
                for suit in marriage_options(c, trump, s, seat, hands[seat], declared):
                    marriages.append((seat, suit))
                    if c.hundred == Kind.TWENTY_HUNDRED and seat == s:
                        break
        taken = [0, 0, 0]
        won = [0, 0, 0]
        seven = trump * 8 if trump >= 0 else -1
        seven_trick = -1
        soloist_played_seven = False
        for i, (lead, cards, winner) in enumerate(tricks):
            for k, x in enumerate(cards):
                taken[winner] |= 1 << x
                if x == seven:
                    seven_trick = i
                    soloist_played_seven = (lead + k) % 3 == s
            won[winner] += 1
        given["marriages"] = marriages
        return cls.from_summary(
            **given,
            leader=(to_move - len(trick)) % 3,
            taken=(taken[0], taken[1], taken[2]),
            won=(won[0], won[1], won[2]),
            last_winner=tricks[-1][2] if len(tricks) == 10 else -1,
            seven_trick=seven_trick,
            soloist_played_seven=soloist_played_seven,
        )

    @classmethod
    def from_summary(
        cls,
        *,
        leader: int,
        taken: tuple[int, int, int],
        won: tuple[int, int, int],
        last_winner: int,
        seven_trick: int,
        soloist_played_seven: bool,
        **given: Unpack[PositionFacts],
    ) -> Position:
        """The one place a :class:`Position` is built: from the past compressed to what the
        search needs (the cards each seat has taken and its tricks, who won the tenth, the
        trick in which the trump VII fell and whether the soloist played it, the marriages
        that count) and the present (hands, talon, the trick in progress from ``leader``), with
        what :class:`PositionFacts` holds."""
        c, s, trump, trick = given["contract"], given["soloist"], given["trump"], given["trick"]
        hands, rules = given["hands"], given["rules"]
        had_seven, items = given.get("had_seven"), given.get("items")
        seven = trump * 8 if trump >= 0 else -1
        n_tricks = won[0] + won[1] + won[2]
        for k, x in enumerate(trick):
            if x == seven:
                seven_trick = n_tricks
                soloist_played_seven = (leader + k) % 3 == s
        sm, dm, forty, twenty = marriage_points(given["marriages"], trump, s)
        sp = dp = 0
        if c.trump:  # P4: no card points in a no-trump contract
            sp = card_points(taken[s])
            dp = card_points(taken[(s + 1) % 3] | taken[(s + 2) % 3])
            if n_tricks == 10:
                if last_winner == s:
                    sp += 10
                else:
                    dp += 10
        if had_seven is None:
            had_seven = seven >= 0 and (soloist_played_seven or bool(hands[s] >> seven & 1))
        if items is None:
            kontra, multiplier = given.get("kontra") or {}, given.get("multiplier", 1)
            items = tuple(money_for(c, kontra, multiplier, rules))
        return cls(
            hands=hands,
            trick=trick,
            leader=leader,
            trump=trump,
            no_trump=not c.trump,
            soloist=s,
            ulti=c.has(Kind.ULTI) and trump >= 0,
            tricks=n_tricks,
            sp=sp,
            dp=dp,
            won=won,
            aces=(taken[0] & ACES, taken[1] & ACES, taken[2] & ACES),
            seven_trick=seven_trick,
            talon=given["talon"],
            sm=sm if c.trump else 0,
            dm=dm if c.trump else 0,
            forty_declared=forty,
            twenty_declared=twenty,
            had_seven=had_seven,
            talon_ace_loses=rules.talon_ace_loses_four_aces,
            items=items,
            contract=c,
        )

    @property
    def player(self) -> int:
        return (self.leader + len(self.trick)) % 3

    def core(self) -> _core.CorePosition:
        hands = list(self.hands)
        return _core.CorePosition(
            hands,
            self.trump,
            self.no_trump,
            self.soloist,
            self.ulti,
            self.leader,
            self.tricks,
            self.sp,
            self.dp,
            self.won,
            self.aces,
            self.seven_trick,
            self.trick,
        )

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


_LOCAL = _core.THREAD


#: A search stopped at its solver's time limit (``Solver.limit``): the ``pimc`` player's
#: decisions set one, and end with the samples finished before it.
SearchTimeout = _core.SearchTimeout


def _solver() -> _core.Solver:
    """This thread's solver (its transposition table is 8 MB, made once per thread)."""
    return _core.thread_solver()


#: Amounts beyond this many units (kontra chains past level ~50) are clipped for the search:
#: its choices depend on the order of values, which clipping this far out keeps in practice.
CLIP = 1 << 58


def _clip(x: int) -> int:
    return max(-CLIP, min(CLIP, x))


def _load_items(sv: _core.Solver, pos: Position) -> None:
    _LOCAL.items = None
    sv.set_items(
        [(item, _clip(m.won_total), _clip(m.lost_total)) for item, m in pos.items],
        pos.sm,
        pos.dm,
        card_points(pos.talon) if not pos.no_trump else 0,
        pos.talon & ACES,
        pos.talon_ace_loses,
        pos.forty_declared,
        pos.twenty_declared,
        pos.had_seven,
    )


def objective(pos: Position, name: str, sv: _core.Solver | None = None) -> bool:
    """Whether the soloist makes objective ``name`` against best defence."""
    sv = sv or _solver()
    core = pos.core()
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
    if name in _TRICK_OBJECTIVES:
        if not _past_allows(pos, name):
            return False
        return bool(sv.objective(core, _TRICK_OBJECTIVES[name][1]))
    raise ValueError(f"unknown objective {name!r}; objectives: {', '.join(OBJECTIVES)}")


#: The trick-based objectives: the component whose past decides them, and the core objective.
_TRICK_OBJECTIVES: dict[str, tuple[Kind, int]] = {
    "durchmars": (Kind.DURCHMARS, _core.ALL),
    "silent durchmars": (Kind.DURCHMARS, _core.ALL),
    "betli": (Kind.BETLI, _core.NONE),
    "ulti": (Kind.ULTI, _core.ULTI),
    "silent ulti": (Kind.ULTI, _core.ULTI),
    "four aces": (Kind.FOUR_ACES, _core.ACES),
    "silent four aces": (Kind.FOUR_ACES, _core.ACES),
}


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
    pts = dict(sv.move_values(core, _core.EXACT_POINTS))
    vals: dict[int, int] = {}
    if pos.items:
        _load_items(sv, pos)
        vals = dict(sv.move_values(core, _core.VALUE))
    return [MoveValue(c, vals.get(c), pts[c]) for c in sorted(pts)]


def move_objectives(pos: Position, names: tuple[str, ...]) -> dict[int, dict[str, bool]]:
    """For each legal card: whether each objective is made after it (against best defence)."""
    sv = _solver()
    core = pos.core()
    out: dict[int, dict[str, bool]] = {c: {} for c in pos.legal_cards()}
    pts: dict[int, int] | None = None
    for name in names:
        if name in ("simple", "silent 100", "40-100", "20-100"):
            if pts is None:
                pts = dict(sv.move_values(core, _core.EXACT_POINTS))
            for c in out:
                out[c][name] = _points_make(pos, name, pts[c])
            continue
        obj = {
            "durchmars": _core.ALL,
            "silent durchmars": _core.ALL,
            "betli": _core.NONE,
            "ulti": _core.ULTI,
            "silent ulti": _core.ULTI,
            "four aces": _core.ACES,
            "silent four aces": _core.ACES,
        }[name]
        vals = dict(sv.move_values(core, obj))
        for c in out:
            out[c][name] = bool(vals[c]) and _past_allows(pos, name)
    return out


def _points_make(pos: Position, name: str, final_points: int) -> bool:
    if pos.no_trump:
        return False
    if name == "simple":
        return 2 * final_points > 90 + pos.dm - pos.sm
    if name == "silent 100":
        return final_points + pos.sm >= 100
    if name == "40-100":
        return pos.forty_declared and final_points >= 60
    return pos.twenty_declared and final_points >= 80


class _PastOf:
    """A position's past as :func:`ulti.games.ulti.scoring.past_rules_out` reads it."""

    __slots__ = ("pos",)

    def __init__(self, pos: Position) -> None:
        self.pos = pos

    soloist = property(lambda self: self.pos.soloist)
    tricks_won = property(lambda self: self.pos.won)
    taken = property(lambda self: self.pos.aces)
    talon = property(lambda self: self.pos.talon)
    soloist_had_seven = property(lambda self: self.pos.had_seven)
    seven_trick = property(lambda self: self.pos.seven_trick)
    talon_ace_loses_four_aces = property(lambda self: self.pos.talon_ace_loses)


def _past_allows(pos: Position, name: str) -> bool:
    """What the tricks so far already settle for a trick-based objective
    (:func:`ulti.games.ulti.scoring.past_rules_out`)."""
    if name not in _TRICK_OBJECTIVES:
        return True
    kind = _TRICK_OBJECTIVES[name][0]
    if kind == Kind.ULTI and pos.trump < 0:
        return False
    return not past_rules_out(kind, _PastOf(pos))


def move_values_only(pos: Position, sv: _core.Solver | None = None) -> list[tuple[int, int]]:
    """For each legal card: the settlement value after it (what a card-playing bot needs)."""
    sv = sv or _solver()
    _load_items(sv, pos)
    return sv.move_values(pos.core(), _core.VALUE)


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


def fixed(pos: Position, budget: int = 200_000) -> dict[Item, Status] | None:
    """Every item's final status when no continuation can change any of them (R7, R8), else
    None (also when proving it would take more than ``budget`` nodes)."""
    sv = _solver()
    _load_items(sv, pos)
    got = sv.fixed(pos.core(), budget)
    if got is None:
        return None
    return {item: Status(st) for (item, _), st in zip(pos.items, got, strict=True)}


def core_of_deal(d: DealState) -> _core.CorePosition:
    """The compiled core's position of a deal in its play phase, the quick way (no
    :class:`Position`: the engine asks R7's questions after every trick of an open contract).
    Twin of :meth:`Position.from_summary` + :meth:`Position.core`."""
    c = d.contract
    assert c is not None
    s = d.soloist
    t0, t1, t2 = d.taken
    sp = dp = 0
    if c.trump:
        sol = (t0, t1, t2)[s]
        last = 10 if d.tricks_played == 10 else 0
        sp = (sol & POINT_CARDS).bit_count() * 10 + (last if d.last_winner == s else 0)
        dp = ((t0 | t1 | t2) & ~sol & POINT_CARDS).bit_count() * 10 + (
            last if d.last_winner != s else 0
        )
    return _core.CorePosition(
        d.hands,
        d.trump,
        not c.trump,
        s,
        d.ulti_bit != 0,
        d.leader if d.trick else d.player,
        d.tricks_played,
        sp,
        dp,
        d.tricks_won,
        (t0 & ACES, t1 & ACES, t2 & ACES),
        d.seven_trick,
        d.trick,
    )


def fixed_in_deal(d: DealState, budget: int) -> dict[Item, Status] | None:
    """:func:`fixed` for a deal at a trick start, the quick way (no :class:`Position`): the
    engine asks this after every trick of an open contract (R7)."""
    sv = _solver()
    items = d.money()
    s = d.soloist
    # after the first trick the marriages are final (R5), but for those still to come (W9)
    marriages = counted_marriages(d)
    if getattr(_LOCAL, "items", None) is not items or _LOCAL.marriages != marriages:
        # load the contract into the solver once (again when the marriages that count change)
        _LOCAL.marriages = list(marriages)
        sm, dm, forty, twenty = marriage_points(marriages, d.trump, s)
        trump_game = d.contract is not None and d.contract.trump
        try:
            sv.set_items(
                [(item, _clip(m.won_total), _clip(m.lost_total)) for item, m in items],
                sm if trump_game else 0,
                dm if trump_game else 0,
                card_points(d.talon) if trump_game else 0,
                d.talon & ACES,
                d.rules.talon_ace_loses_four_aces,
                forty,
                twenty,
                d.soloist_had_seven,
            )
        except OverflowError:
            _LOCAL.items = None
            return None  # amounts beyond the solver's range: play on
        _LOCAL.items = items
    got = sv.fixed(core_of_deal(d), budget)
    if got is None:
        return None
    return {item: Status(st) for (item, _), st in zip(items, got, strict=True)}


def claim_holds(pos: Position, seat: int) -> bool:
    """R7: whether ``seat``'s side wins the open component against any play of the other side
    (the soloist: takes every remaining trick in an open Durchmars, none in an open Betli,
    the last with the VII in an Open Ulti; a defender: prevents it)."""
    c = pos.contract
    if c is None or not c.open:
        raise ValueError("R7: claims are made in open contracts")
    s = pos.soloist
    if c.has(Kind.BETLI):
        made = not pos.won[s] and objective_core(pos, _core.NONE)
    elif c.has(Kind.DURCHMARS):
        made = not (pos.won[(s + 1) % 3] or pos.won[(s + 2) % 3]) and objective_core(pos, _core.ALL)
    else:
        made = objective(pos, "ulti")
    return made if seat == s else not made


def open_component_made(d: DealState) -> bool:
    """Whether the soloist of an open contract makes its open component (Betli, Durchmars,
    Open Ulti) against best defence from here: the quick way, for the engine's claims (R7)."""
    c = d.contract
    assert c is not None and c.open
    if c.has(Kind.BETLI):
        kind, obj = Kind.BETLI, _core.NONE
    elif c.has(Kind.DURCHMARS):
        kind, obj = Kind.DURCHMARS, _core.ALL
    else:
        kind, obj = Kind.ULTI, _core.ULTI
    if past_rules_out(kind, d):
        return False
    return bool(_solver().objective(core_of_deal(d), obj))


def objective_core(pos: Position, obj: int) -> bool:
    """A core objective (``_core.ALL`` ...) from ``pos``, the future only."""
    return bool(_solver().objective(pos.core(), obj))


def best_line(d: Deal) -> Deal:
    """A copy of ``d`` played to its end along a line of best play (each card one that keeps
    the solver's value); its settlement is the best-play settlement."""
    c = d.clone()
    c.adjudicator = SolverAdjudicator()
    best_play_to_end(c)
    return c


def best_card(d: DealState) -> int:
    """A card for the player to move that keeps the value of best play (the soloist
    maximising the settlement, the defenders minimising it)."""
    sv = _solver()
    pos = Position.from_deal(d)
    _load_items(sv, pos)
    vals = sv.move_values(pos.core(), _core.VALUE)
    pick = max if d.player == d.soloist else min
    return int(pick(vals, key=lambda cv: cv[1])[0])


class SolverAdjudicator:
    """R7's questions answered by the compiled solver (:mod:`ulti.games.ulti.adjudicator`).  It
    keeps no solver: each call uses the calling thread's."""

    def fixed(self, d: DealState, budget: int) -> dict[Item, Status] | None:
        return fixed_in_deal(d, budget)

    def open_component_made(self, d: DealState) -> bool:
        return open_component_made(d)

    def best_card(self, d: DealState) -> int:
        return best_card(d)


def item_statuses(pos: Position) -> list[Status]:
    """Each contract item's status now, computed in the compiled core (twin of scoring)."""
    sv = _solver()
    _load_items(sv, pos)
    return [Status(x) for x in sv.statuses(pos.core())]


def marriage_pair(suit: int) -> int:
    return (1 << card(suit, KING)) | (1 << card(suit, OVER))
