"""Settlement of a deal: every component, the Ulti penalty and the silent bonuses (S1, S2, K4),
explained line by line.

An *item* is one thing that is settled: a component of the contract (B, B3, B4) or a silent
bonus the bid carries (S2).  :func:`status` tells, from what has happened so far, whether an item
is already won, lost, void (a silent bonus that can no longer happen) or still open.  The same
function decides when play may stop early (R8) and what the settlement is, so the two cannot
disagree.  "Decided" means decided whatever anyone plays from here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import TYPE_CHECKING, Any, NamedTuple

from ulti.actions import kontra_title
from ulti.bids import KIND_TITLES, SILENT_TITLES, Bid, Kind, Silent
from ulti.cards import ACES, card_points, symbol

if TYPE_CHECKING:
    from ulti.rules import Ruleset
    from ulti.state import DealState as Deal


class Status(IntEnum):
    OPEN = 0
    WON = 1
    LOST = 2
    VOID = 3  # a silent bonus that did not happen (and no longer can)


#: An item is an int: a component's :class:`Kind` (0-6), or ``SILENT_BASE`` + a :class:`Silent`.
Item = int
SILENT_BASE = 10

_SIMPLE, _FORTY, _ACES4, _ULTI, _BETLI, _DURCH, _TWENTY = (int(k) for k in Kind)
_S100, _SACES, _SULTI, _SDURCH = (SILENT_BASE + int(s) for s in Silent)
_OPEN, _WON, _LOST, _VOID = Status.OPEN, Status.WON, Status.LOST, Status.VOID


def items_of(bid: Bid, four_aces_on: bool = True) -> list[Item]:
    out: list[Item] = [int(c.kind) for c in bid.components]
    for s, _v in bid.silent:
        if s == Silent.FOUR_ACES and not four_aces_on:
            continue
        out.append(SILENT_BASE + int(s))
    return out


def item_title(item: Item) -> str:
    if item >= SILENT_BASE:
        return SILENT_TITLES[Silent(item - SILENT_BASE)]
    return KIND_TITLES[Kind(item)]


def marriage_points(marriages: Sequence[tuple[int, int]], trump: int, soloist: int
                    ) -> tuple[int, int, bool, bool]:
    """R5: the soloist's and the defenders' marriage points (40 in trump, 20 otherwise), and
    whether the soloist declared a 40 / a 20 (for 40-100 and 20-100)."""
    sm = dm = 0
    forty = twenty = False
    for seat, suit in marriages:
        v = 40 if suit == trump else 20
        if seat == soloist:
            sm += v
            forty |= suit == trump
            twenty |= suit != trump
        else:
            dm += v
    return sm, dm, forty, twenty


def _marriage_points(d: Deal) -> tuple[int, int]:
    """(soloist's, defenders') declared marriage points that count (P2, R5)."""
    sol, dfn, _, _ = marriage_points(d.marriages, d.trump, d.soloist)
    return sol, dfn


def _trick_points(d: Deal) -> tuple[int, int, int]:
    """(soloist's trick points, defenders' trick points incl. talon, points still to win),
    the last trick's 10 included (P1, P3)."""
    s = d.soloist
    taken = d.taken
    sol_cards = taken[s]
    def_cards = taken[(s + 1) % 3] | taken[(s + 2) % 3]
    sol = card_points(sol_cards)
    dfn = card_points(def_cards | d.talon)
    rem = card_points(d.hands[0] | d.hands[1] | d.hands[2] | d.trick_mask)
    if d.tricks_played == 10:
        if d.last_winner == s:
            sol += 10
        else:
            dfn += 10
    else:
        rem += 10
    return sol, dfn, rem


def _held_marriage(d: Deal, seat: int, trump_marriage: bool) -> bool:
    return any(st == seat and (suit == d.trump) == trump_marriage for st, suit in d.marriages)


def status(d: Deal, item: Item) -> Status:
    """The status of one item now (see module doc)."""
    s = d.soloist
    done = d.tricks_played == 10
    if item == _SIMPLE:
        if not d.tricks_played:
            return _OPEN  # marriages may still be declared (R5)
        sp, dp, rem = _trick_points(d)
        sm, dm = _marriage_points(d)
        S, D = sp + sm, dp + dm
        if D + rem < S:
            return _WON
        if S + rem <= D:
            return _LOST
        return _OPEN
    if item in (_FORTY, _TWENTY):
        need = 60 if item == _FORTY else 80
        has = _held_marriage(d, s, item == _FORTY)
        if not has and d.tricks_played >= 1:
            return _LOST
        sp, _dp, rem = _trick_points(d)
        if has and sp >= need:
            return _WON
        if sp + rem < need:
            return _LOST
        return _OPEN
    if item == _DURCH:
        tw = d.tricks_won
        if tw[(s + 1) % 3] or tw[(s + 2) % 3]:
            return _LOST
        return _WON if done else _OPEN
    if item == _BETLI:
        if d.tricks_won[s]:
            return _LOST
        return _WON if done else _OPEN
    if item == _ULTI:
        if not d.soloist_had_seven or 0 <= d.seven_trick < 9:
            return _LOST
        if done:
            return _WON if (d.seven_trick == 9 and d.last_winner == s) else _LOST
        return _OPEN
    if item == _ACES4:
        taken = d.taken
        if (taken[(s + 1) % 3] | taken[(s + 2) % 3]) & ACES:
            return _LOST
        in_talon = d.talon & ACES
        if in_talon and d.rules.talon_ace_loses_four_aces:
            return _LOST
        if (taken[s] | in_talon) & ACES == ACES:
            return _WON
        return _OPEN
    # silent bonuses (S2)
    if item == _S100:
        if not d.tricks_played:
            return _OPEN  # marriages may still be declared (R5)
        sp, dp, rem = _trick_points(d)
        sm, dm = _marriage_points(d)
        S, D = sp + sm, dp + dm
        if S >= 100:
            return _WON
        if D >= 100:
            return _LOST
        if S + rem < 100 and D + rem < 100:
            return _VOID
        return _OPEN
    if item == _SDURCH:
        tw = d.tricks_won
        n = (tw[0] > 0) + (tw[1] > 0) + (tw[2] > 0)
        if n > 1:
            return _VOID
        if done:
            return _WON if tw[s] else _LOST
        return _OPEN
    if item == _SULTI:
        if not d.soloist_had_seven or 0 <= d.seven_trick < 9:
            return _VOID
        if done:
            return _WON if d.last_winner == s else _LOST
        return _OPEN
    if item == _SACES:
        talon_aces = d.talon & ACES
        in_play = ACES & ~d.talon
        holders = [p for p in range(3) if d.taken[p] & ACES]
        if len(holders) > 1:
            return _VOID
        no_win = bool(talon_aces) and d.rules.talon_ace_loses_four_aces
        if holders:
            p = holders[0]
            if d.taken[p] & in_play == in_play:
                if p == s:
                    return _VOID if no_win else _WON
                return _LOST
            if p == s and no_win:
                return _VOID  # the soloist cannot win it, and no defender can take them all
        return _OPEN
    raise AssertionError(item)


# --------------------------------------------------------------------------------------------
# how a deal ended (python-chess's Outcome / Termination)


class Termination(Enum):
    """Why a deal ended."""

    TEN_TRICKS = "ten-tricks"  # R8: every trick played
    DECIDED = "decided"  # R8: every item decided before the tenth trick
    PROVED = "proved"  # R7: in an open contract, no play can change the result any more
    CLAIM = "claim"  # R7: a claim upheld, settled by best play
    SIMPLE_NOT_PLAYED = "simple-not-played"  # A5: a final Simple is not played


_TERMINATION_RULE = {Termination.TEN_TRICKS: "R8", Termination.DECIDED: "R8",
                     Termination.PROVED: "R7", Termination.CLAIM: "R7",
                     Termination.SIMPLE_NOT_PLAYED: "A5"}
_TERMINATION_TEXT = {
    Termination.TEN_TRICKS: ("ten tricks played", "mind a tíz ütés lement"),
    Termination.DECIDED: ("every item decided after trick {tricks}",
                          "a(z) {tricks}. ütés után minden tétel eldőlt"),
    Termination.PROVED: ("after trick {tricks} no play can change the result (proved by the "
                         "solver)",
                         "a(z) {tricks}. ütés után semmi nem változtathat az eredményen (a "
                         "megoldó bizonyította)"),
    Termination.CLAIM: ("seat {claimant} claimed after trick {tricks}; the solver upheld the "
                        "claim; settled by best play",
                        "a(z) {claimant}. hely a(z) {tricks}. ütés után terítéket kért; a "
                        "megoldó helybenhagyta; a legjobb játék szerint számolva"),
    Termination.SIMPLE_NOT_PLAYED: ("a final Simple is not played",
                                    "a végső passz partit nem játsszák le"),
}


@dataclass(frozen=True)
class Outcome:
    """How a deal ended: the :class:`Termination`, after how many tricks, and who claimed
    (R7; else -1).  ``rule`` is its RULES.md id; :meth:`text` says it in words."""

    termination: Termination
    tricks: int = 0
    claimant: int = -1

    @property
    def rule(self) -> str:
        return _TERMINATION_RULE[self.termination]

    def text(self, lang: str = "en") -> str:
        """In words, after the rule id (``R8: ten tricks played``)."""
        tpl = _TERMINATION_TEXT[self.termination][1 if lang == "hu" else 0]
        return f"{self.rule}: " + tpl.format(tricks=self.tricks, claimant=self.claimant)

    def to_dict(self) -> dict[str, Any]:
        return {"termination": self.termination.value, "rule": self.rule,
                "tricks": self.tricks, "claimant": self.claimant,
                "text": self.text("en"), "text_hu": self.text("hu")}


# --------------------------------------------------------------------------------------------
# settlement


class Line(NamedTuple):
    """One line of a settlement: an item, its outcome, and what each seat receives."""

    item: str
    outcome: str
    amounts: tuple[int, int, int]
    detail: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"item": self.item, "outcome": self.outcome, "amounts": list(self.amounts),
                "detail": self.detail}


class _Facts(NamedTuple):
    """What the explanation of a settlement needs, captured when the deal ends."""

    soloist: int
    sp: int  # soloist's trick points
    dp: int  # defenders' trick points (talon included)
    sm: int  # soloist's marriages
    dm: int  # defenders' marriages
    trump: bool
    multiplier: int
    defenders_took_ace: bool
    had_seven: bool
    seven: int
    seven_trick: int
    forty_declared: bool
    twenty_declared: bool


#: A raw settlement entry: (title, won?, amounts, item or -1 for the Ulti penalty, status).
_Raw = tuple[str, bool, tuple[int, int, int], int, Status]


class Settlement:
    """What each seat wins (positive) or pays (negative) in units; zero-sum (S1).

    ``totals`` is computed at once; the explained ``lines`` and ``summary`` are written on first
    use (a random playout never needs them)."""

    __slots__ = ("_facts", "_lines", "_raw", "_summary", "totals")

    def __init__(self, totals: tuple[int, int, int], raw: list[_Raw] | None = None,
                 facts: _Facts | None = None, lines: tuple[Line, ...] | None = None,
                 summary: tuple[str, ...] = ()) -> None:
        self.totals = totals
        self._raw = raw
        self._facts = facts
        self._lines = lines
        self._summary = summary if lines is not None else None

    @classmethod
    def from_lines(cls, lines: tuple[Line, ...], summary: tuple[str, ...] = ()) -> Settlement:
        t = [0, 0, 0]
        for ln in lines:
            for i in range(3):
                t[i] += ln.amounts[i]
        return cls((t[0], t[1], t[2]), lines=lines, summary=summary)

    def _build(self) -> None:
        f = self._facts
        assert f is not None and self._raw is not None
        lines = []
        for title, won, amounts, item, st in self._raw:
            if item < 0:
                detail = "K4: the penalty is never multiplied"
            else:
                detail = _why(f, item, st)
                if not won and item >= SILENT_BASE:
                    detail += "; the soloist pays double"
            lines.append(Line(title, "won" if won else "lost", amounts, detail))
        summary = []
        if f.trump:
            summary.append(
                f"Points: soloist {f.sp} in tricks + {f.sm} marriages = {f.sp + f.sm}; "
                f"defenders {f.dp} in tricks and talon + {f.dm} marriages = {f.dp + f.dm}."
            )
        if f.multiplier != 1:
            summary.append(f"V1: the first-round bid stood; every value is ×{f.multiplier}.")
        self._lines = tuple(lines)
        self._summary = tuple(summary)

    @property
    def lines(self) -> tuple[Line, ...]:
        if self._lines is None:
            self._build()
        assert self._lines is not None
        return self._lines

    @property
    def summary(self) -> tuple[str, ...]:
        if self._summary is None:
            self._build()
        assert self._summary is not None
        return self._summary

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Settlement):
            return NotImplemented
        return self.totals == other.totals and self.lines == other.lines

    def __hash__(self) -> int:
        return hash(self.totals)

    def __repr__(self) -> str:
        return f"Settlement(totals={self.totals})"

    def to_dict(self) -> dict[str, Any]:
        return {"totals": list(self.totals), "lines": [ln.to_dict() for ln in self.lines],
                "summary": list(self.summary)}

    def explain(self, seat_names: tuple[str, str, str] = ("Seat 0", "Seat 1", "Seat 2")) -> str:
        out = list(self.summary)
        width = max((len(ln.item) for ln in self.lines), default=10)
        for ln in self.lines:
            amounts = "  ".join(f"{seat_names[i]} {ln.amounts[i]:+d}" for i in range(3))
            detail = f" — {ln.detail}" if ln.detail else ""
            out.append(f"{ln.item:<{width}}  {ln.outcome:<5}  {amounts}{detail}")
        t = self.totals
        out.append("Total: " + "  ".join(f"{seat_names[i]} {t[i]:+d}" for i in range(3)))
        return "\n".join(out)


def _pay(soloist: int, d1: int, d2: int) -> tuple[int, int, int]:
    """Amounts when the defenders pay the soloist ``d1`` and ``d2`` (negative: they receive);
    the defenders are the seats after the soloist, in order."""
    if soloist == 0:
        return (d1 + d2, -d1, -d2)
    if soloist == 1:
        return (-d2, d1 + d2, -d1)
    return (-d1, -d2, d1 + d2)


def _mult_text(levels: tuple[int, int]) -> str:
    if levels[0] == levels[1]:
        return f" ({kontra_title(levels[0])} ×{1 << levels[0]})" if levels[0] else ""
    parts = [f"{kontra_title(lv)} ×{1 << lv}" if lv else "×1" for lv in levels]
    return f" (defenders: {parts[0]} / {parts[1]})"


def forfeit(d: Deal) -> Settlement:
    """A5: a final single-value Simple is not played; the soloist pays the Simple doubled."""
    amt = 2 * d.bid_multiplier
    line = Line("Simple (forfeit)", "lost", _pay(d.soloist, -amt, -amt),
                "A5: a final Simple is not played; the soloist pays it doubled")
    return Settlement.from_lines((line,), ("The auction ended on Simple: not played (A5).",))


def _why(f: _Facts, item: Item, st: Status) -> str:
    won = st == Status.WON
    if item == _SIMPLE:
        return f"soloist {f.sp + f.sm} vs defenders {f.dp + f.dm} points"
    if item in (_FORTY, _TWENTY):
        need = 60 if item == _FORTY else 80
        if not (f.forty_declared if item == _FORTY else f.twenty_declared):
            return "the marriage of the bid was not declared"
        return f"{f.sp} in tricks (needs {need})"
    if item == _ACES4:
        if won:
            return "soloist took every Ace"
        return "a defender took an Ace" if f.defenders_took_ace else "an Ace lies in the talon"
    if item == _ULTI:
        if not f.had_seven:
            return f"the soloist does not hold the trump VII ({symbol(f.seven)})"
        if 0 <= f.seven_trick < 9:
            return f"the trump VII fell in trick {f.seven_trick + 1}"
        return "the trump VII won the last trick" if won else "the last trick was lost"
    if item == _BETLI:
        return "soloist took no trick" if won else "soloist took a trick"
    if item == _DURCH:
        return "soloist took every trick" if won else "defenders took a trick"
    if item == _S100:
        return f"soloist {f.sp + f.sm}, defenders {f.dp + f.dm}"
    if item == _SACES:
        return "soloist took every Ace" if won else "one defender took every Ace"
    if item == _SULTI:
        return "the trump VII won the last trick" if won else "the trump VII lost the last trick"
    if item == _SDURCH:
        return "soloist took every trick" if won else "one defender took every trick"
    return ""


class Money(NamedTuple):
    """What one item of a contract is worth: what each defender pays the soloist when it is
    won (first and second defender, kontra levels applied, K3), and the penalty each defender
    receives on top when it is lost (the Ulti penalty, K4).  A lost component costs the
    soloist ``first + second`` plus the penalties; a lost silent bonus twice that (S2)."""

    title: str
    first: int
    second: int
    penalty: int
    silent: bool

    @property
    def won_total(self) -> int:
        """The soloist's gain when the item is won."""
        return self.first + self.second

    @property
    def lost_total(self) -> int:
        """The soloist's gain (negative) when the item is lost."""
        if self.silent:
            return -2 * (self.first + self.second)
        return -(self.first + self.second) - 2 * self.penalty


def money(d: Deal) -> list[tuple[Item, Money]]:
    """Every item of the deal's contract with its money (S1, S2, K3, K4, V1)."""
    assert d.contract is not None
    return money_for(d.contract, d.kontra, d.bid_multiplier, d.rules)


def money_for(bid: Bid, kontra: dict[Kind, list[int]] | dict[Kind, tuple[int, int]],
              multiplier: int, rules: Ruleset) -> list[tuple[Item, Money]]:
    """Every item of ``bid`` with its money, given the kontra levels against each defender."""
    m = multiplier
    out: list[tuple[Item, Money]] = []
    for comp in bid.components:
        lv = kontra.get(comp.kind) or (0, 0)
        v = comp.value * m
        out.append((int(comp.kind), Money(comp.title + _mult_text((lv[0], lv[1])), v << lv[0],
                                          v << lv[1], v if comp.kind == _ULTI else 0, False)))
    if bid.silent:
        clv = kontra.get(bid.silent_carrier) or (0, 0)
        for sil, value in bid.silent:
            if sil == Silent.FOUR_ACES and not rules.four_aces:
                continue
            if sil == Silent.DURCHMARS and bid.key in ("simple", "simple of hearts"):
                value = value // 3 * rules.silent_durchmars_in_simple
            v = value * m
            out.append((SILENT_BASE + int(sil),
                        Money(SILENT_TITLES[sil] + _mult_text((clv[0], clv[1])), v << clv[0],
                              v << clv[1], 0, True)))
    return out


def settle(d: Deal, statuses: dict[Item, Status]) -> Settlement:
    """The settlement of a finished deal from the final status of every item (S1, S2, K3, K4)."""
    bid = d.contract
    assert bid is not None
    s = d.soloist
    raw: list[_Raw] = []
    t0 = t1 = t2 = 0
    for item, mon in money(d):
        st = statuses.get(item, _VOID)
        if st == _VOID:
            continue
        won = st == _WON
        if won:
            amounts = _pay(s, mon.first, mon.second)
        elif mon.silent:
            amounts = _pay(s, -2 * mon.first, -2 * mon.second)
        else:
            amounts = _pay(s, -mon.first, -mon.second)
        raw.append((mon.title, won, amounts, item, st))
        t0 += amounts[0]
        t1 += amounts[1]
        t2 += amounts[2]
        if mon.penalty and not won:
            amounts = _pay(s, -mon.penalty, -mon.penalty)  # K4: never multiplied
            raw.append(("Ulti penalty", False, amounts, -1, st))
            t0 += amounts[0]
            t1 += amounts[1]
            t2 += amounts[2]
    sp, dp, _ = _trick_points(d)
    sm, dm = _marriage_points(d)
    taken = d.taken
    facts = _Facts(
        soloist=s, sp=sp, dp=dp, sm=sm, dm=dm, trump=bid.trump, multiplier=d.bid_multiplier,
        defenders_took_ace=bool((taken[(s + 1) % 3] | taken[(s + 2) % 3]) & ACES),
        had_seven=d.soloist_had_seven, seven=d.ulti_card, seven_trick=d.seven_trick,
        forty_declared=_held_marriage(d, s, True), twenty_declared=_held_marriage(d, s, False),
    )
    return Settlement((t0, t1, t2), raw, facts)
