"""Settlement of a deal: every component, the Ulti penalty and the silent bonuses (S1, S2, K4),
explained line by line.

An *item* is one thing that is settled: a component of the contract (B, B3, B4) or a silent
bonus the bid carries (S2).  :func:`status` tells, from what has happened so far, whether an item
is already won, lost, void (a silent bonus that can no longer happen) or still open.  The same
function decides when play may stop early (R8) and what the settlement is, so the two cannot
disagree.  "Decided" means decided whatever anyone plays from here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum, IntEnum
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from ulti.core.cards import ACES, card_points, name_hu, symbol
from ulti.games.ulti.actions import kontra_title
from ulti.games.ulti.bids import (
    KIND_TITLES,
    KIND_TITLES_HU,
    SILENT_TITLES,
    SILENT_TITLES_HU,
    Bid,
    Kind,
    Silent,
)
from ulti.games.ulti.legality import can_declare
from ulti.i18n import text

if TYPE_CHECKING:
    from ulti.games.ulti.rules import Ruleset
    from ulti.games.ulti.state import DealState as Deal


class Status(IntEnum):
    OPEN = 0
    WON = 1
    LOST = 2
    VOID = 3  # a silent bonus that did not happen (and no longer can)


#: An item is an int: a component's :class:`Kind` (0-6), or ``SILENT_BASE`` + a :class:`Silent`.
Item = int
SILENT_BASE = 10
#: Settlement lines that are no item: the Ulti penalty (K4) and the forfeited Simple (A5).
PENALTY = -1
FORFEIT = -2

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


def item_title(item: Item, lang: str = "en") -> str:
    """An item's name (-1: the Ulti penalty, -2: the forfeited Simple of A5)."""
    hu = lang == "hu"
    if item == PENALTY:
        return text("line.item-penalty", lang)
    if item == FORFEIT:
        return text("line.item-forfeit", lang)
    if item >= SILENT_BASE:
        return (SILENT_TITLES_HU if hu else SILENT_TITLES)[Silent(item - SILENT_BASE)]
    return (KIND_TITLES_HU if hu else KIND_TITLES)[Kind(item)]


def marriage_points(
    marriages: Sequence[tuple[int, int]], trump: int, soloist: int
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


class TrickFacts(Protocol):
    """What the tricks so far say, as a deal (:class:`~ulti.games.ulti.state.DealState`) holds
    it."""

    @property
    def soloist(self) -> int: ...
    @property
    def tricks_won(self) -> Sequence[int]: ...
    @property
    def taken(self) -> Sequence[int]: ...  # each seat's cards won (or only their Aces)
    @property
    def talon(self) -> int: ...
    @property
    def soloist_had_seven(self) -> bool: ...
    @property
    def seven_trick(self) -> int: ...
    @property
    def talon_ace_loses_four_aces(self) -> bool: ...


def past_rules_out(kind: Kind, f: TrickFacts) -> bool:
    """Whether the tricks so far already rule out the soloist's making a trick-based component
    (and its silent form): Durchmars once a defender has taken a trick, Betli once the soloist
    has, Ulti without the trump VII or once it fell before the last trick (R6), Four Aces once
    a defender has taken an Ace or (by the option) one lies in the talon.  The one definition
    the engine (R8) and the solver's objectives share."""
    s = f.soloist
    if kind == _DURCH_K:
        w = f.tricks_won
        return bool(w[(s + 1) % 3] or w[(s + 2) % 3])
    if kind == _BETLI_K:
        return bool(f.tricks_won[s])
    if kind == _ULTI_K:
        return not f.soloist_had_seven or 0 <= f.seven_trick < 9
    if kind == Kind.FOUR_ACES:
        t = f.taken
        return bool((t[(s + 1) % 3] | t[(s + 2) % 3]) & ACES) or bool(
            f.talon & ACES and f.talon_ace_loses_four_aces
        )
    raise ValueError(f"{kind!r} is not decided by tricks alone")


_DURCH_K, _BETLI_K, _ULTI_K = Kind.DURCHMARS, Kind.BETLI, Kind.ULTI


def _future_marriages(d: Deal) -> tuple[int, int]:
    """W9: the marriage points each side may still declare (soloist's, defenders')."""
    sol = dfn = 0
    if d.contract is None or not d.contract.trump:
        return 0, 0
    for seat in range(3):
        for suit in range(4):
            if can_declare(d, seat, suit):
                v = 40 if suit == d.trump else 20
                if seat == d.soloist:
                    sol += v
                else:
                    dfn += v
    return sol, dfn


def _may_declare(d: Deal, seat: int, trump_marriage: bool) -> bool:
    """W9: whether ``seat`` may still declare a trump (or a non-trump) marriage."""
    return any(
        can_declare(d, seat, suit) for suit in range(4) if (suit == d.trump) == trump_marriage
    )


def _standing(d: Deal, late: bool) -> tuple[int, int, int, int, int]:
    """The points as they stand, for the items decided by points: the soloist's and the
    defenders' (tricks and counted marriages), the card points still to win, and the marriage
    points each side may still declare (``late``: W9; none otherwise)."""
    sp, dp, rem = _trick_points(d)
    sm, dm = _marriage_points(d)
    fs, fd = _future_marriages(d) if late else (0, 0)
    return sp + sm, dp + dm, rem, fs, fd


def status(d: Deal, item: Item) -> Status:
    """The status of one item now (see module doc)."""
    s = d.soloist
    done = d.tricks_played == 10
    late = d.rules.marriages_with_card  # W9: marriages may come in any trick
    if item == _SIMPLE:
        if not d.tricks_played:
            return _OPEN  # marriages may still be declared (R5)
        S, D, rem, fs, fd = _standing(d, late)
        if D + rem + fd < S:
            return _WON
        if S + rem + fs <= D:
            return _LOST
        return _OPEN
    if item in (_FORTY, _TWENTY):
        need = 60 if item == _FORTY else 80
        has = _held_marriage(d, s, item == _FORTY)
        if late:
            if not has and not _may_declare(d, s, item == _FORTY):
                return _LOST
        elif not has and d.tricks_played >= 1:
            return _LOST
        sp, _dp, rem = _trick_points(d)
        if has and sp >= need:
            return _WON
        if sp + rem < need:
            return _LOST
        return _OPEN
    if item == _DURCH:
        if past_rules_out(Kind.DURCHMARS, d):
            return _LOST
        return _WON if done else _OPEN
    if item == _BETLI:
        if past_rules_out(Kind.BETLI, d):
            return _LOST
        return _WON if done else _OPEN
    if item == _ULTI:
        if past_rules_out(Kind.ULTI, d):
            return _LOST
        if done:
            return _WON if (d.seven_trick == 9 and d.last_winner == s) else _LOST
        return _OPEN
    if item == _ACES4:
        if past_rules_out(Kind.FOUR_ACES, d):
            return _LOST
        if (d.taken[s] | d.talon) & ACES == ACES:
            return _WON
        return _OPEN
    # silent bonuses (S2)
    if item == _S100:
        if not d.tricks_played:
            return _OPEN  # marriages may still be declared (R5)
        S, D, rem, fs, fd = _standing(d, late)
        if S >= 100:
            return _WON
        if D >= 100:
            return _LOST
        if S + rem + fs < 100 and D + rem + fd < 100:
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
        if past_rules_out(Kind.ULTI, d):
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
    THROWN_IN = "thrown-in"  # W2: nobody named a contract


_TERMINATION_RULE = {
    Termination.TEN_TRICKS: "R8",
    Termination.DECIDED: "R8",
    Termination.PROVED: "R7",
    Termination.CLAIM: "R7",
    Termination.SIMPLE_NOT_PLAYED: "A5",
    Termination.THROWN_IN: "W2",
}


class Outcome(NamedTuple):
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
        words = text(
            f"end.{self.termination.value}", lang, tricks=self.tricks, claimant=self.claimant
        )
        return f"{self.rule}: {words}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "termination": self.termination.value,
            "rule": self.rule,
            "tricks": self.tricks,
            "claimant": self.claimant,
            "text": self.text("en"),
            "text_hu": self.text("hu"),
        }


# --------------------------------------------------------------------------------------------
# settlement


class Line(NamedTuple):
    """One line of a settlement, as data: the item (``item_id``: an :data:`Item`, or
    :data:`PENALTY` / :data:`FORFEIT`), won or lost, what each seat receives, the kontra levels
    against each defender, and why (``code`` + ``params``; the words are ``line.CODE`` of
    :mod:`ulti.i18n`).
    ``item`` and ``detail`` are the English words (:meth:`title` and :meth:`why` for others)."""

    item: str
    outcome: str  # "won" or "lost"
    amounts: tuple[int, int, int]
    detail: str = ""
    item_id: int = FORFEIT
    code: str = ""
    params: Mapping[str, Any] = {}
    levels: tuple[int, int] = (0, 0)
    implicit: bool = False  # B4: the Simple every trump contract without one carries

    def title(self, lang: str = "en") -> str:
        name = item_title(self.item_id, lang)
        if self.implicit:
            name = text("kind.implicit", lang, kind=name)
        return name + _mult_text(self.levels, lang)

    def why(self, lang: str = "en") -> str:
        return line_text(self.code, self.params, lang) if self.code else ""

    def outcome_text(self, lang: str = "en") -> str:
        return text(self.outcome, lang)

    def to_dict(self) -> dict[str, Any]:
        return {
            "item": self.item,
            "outcome": self.outcome,
            "amounts": list(self.amounts),
            "detail": self.detail,
            "item_id": self.item_id,
            "code": self.code,
            "params": dict(self.params),
            "levels": list(self.levels),
            "implicit": self.implicit,
            "item_hu": self.title("hu"),
            "detail_hu": self.why("hu"),
        }


def line_text(code: str, params: Mapping[str, Any], lang: str = "en") -> str:
    """A settlement reason in words; a ``double`` parameter adds that the soloist pays
    double (S2)."""
    hu = lang == "hu"
    words = dict(params)
    if "seven" in words:  # the trump VII: a card by its name, not a card shown
        words["seven"] = name_hu(words["seven"]) if hu else symbol(words["seven"])
    out = text(f"line.{code}", lang, **words)
    if params.get("double"):
        out += text("line.pays-double", lang)
    return out


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


#: A raw settlement entry: (kontra levels, won?, amounts, item or PENALTY, status).
_Raw = tuple[tuple[int, int], bool, tuple[int, int, int], int, Status, bool]


class Settlement:
    """What each seat wins (positive) or pays (negative) in units; zero-sum (S1).

    ``totals`` is computed at once; the explained ``lines`` and ``summary`` are written on first
    use (a random playout never needs them)."""

    __slots__ = ("_end", "_facts", "_lines", "_raw", "_summary", "totals")

    _summary: tuple[tuple[str, dict[str, Any]], ...] | None

    def __init__(
        self,
        totals: tuple[int, int, int],
        raw: list[_Raw] | None = None,
        facts: _Facts | None = None,
        lines: tuple[Line, ...] | None = None,
        summary: tuple[tuple[str, dict[str, Any]], ...] = (),
    ) -> None:
        self.totals = totals
        self._raw = raw
        self._facts = facts
        self._end: tuple[Any, ...] | None = None  # the deal's end, for the facts when asked
        self._lines = lines
        self._summary = summary if lines is not None else None

    @classmethod
    def from_lines(
        cls, lines: tuple[Line, ...], summary: tuple[tuple[str, dict[str, Any]], ...] = ()
    ) -> Settlement:
        t = [0, 0, 0]
        for ln in lines:
            for i in range(3):
                t[i] += ln.amounts[i]
        return cls((t[0], t[1], t[2]), lines=lines, summary=summary)

    def _build(self) -> None:
        if self._facts is None and self._end is not None:
            self._facts = _facts_of(*self._end)
        f = self._facts
        assert f is not None and self._raw is not None
        lines = []
        for levels, won, amounts, item, st, implicit in self._raw:
            params: dict[str, Any] = {}
            if item < 0:
                code = "penalty"
            else:
                code, params = _why(f, item, st)
                if not won and item >= SILENT_BASE:
                    params = {**params, "double": True}
            lines.append(_line(item, won, amounts, code, params, levels, implicit))
        summary: list[tuple[str, dict[str, Any]]] = []
        if f.trump:
            summary.append(
                (
                    "summary-points",
                    {
                        "sp": f.sp,
                        "sm": f.sm,
                        "s": f.sp + f.sm,
                        "dp": f.dp,
                        "dm": f.dm,
                        "d": f.dp + f.dm,
                    },
                )
            )
        if f.multiplier != 1:
            summary.append(("summary-multiplier", {"m": f.multiplier}))
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
        """The summary lines in English (:meth:`summary_text` for another language)."""
        return self.summary_text("en")

    def summary_text(self, lang: str = "en") -> tuple[str, ...]:
        if self._summary is None:
            self._build()
        assert self._summary is not None
        return tuple(line_text(code, params, lang) for code, params in self._summary)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Settlement):
            return NotImplemented
        return self.totals == other.totals and self.lines == other.lines

    def __hash__(self) -> int:
        return hash(self.totals)

    def __repr__(self) -> str:
        return f"Settlement(totals={self.totals})"

    def to_dict(self) -> dict[str, Any]:
        if self._summary is None:
            self._build()
        assert self._summary is not None
        return {
            "totals": list(self.totals),
            "lines": [ln.to_dict() for ln in self.lines],
            "summary": list(self.summary),
            "summary_hu": list(self.summary_text("hu")),
            "summary_codes": [[code, params] for code, params in self._summary],
        }

    def explain(
        self, seat_names: tuple[str, str, str] = ("Seat 0", "Seat 1", "Seat 2"), lang: str = "en"
    ) -> str:
        """The settlement in words, line by line (``lang``: ``en`` or ``hu``)."""
        out = list(self.summary_text(lang))
        titles = [ln.title(lang) for ln in self.lines]
        width = max((len(t) for t in titles), default=10)
        ow = max(len(text("won", lang)), len(text("lost", lang)))
        for ln, title in zip(self.lines, titles, strict=True):
            amounts = "  ".join(f"{seat_names[i]} {ln.amounts[i]:+d}" for i in range(3))
            why = ln.why(lang)
            detail = f" — {why}" if why else ""
            out.append(f"{title:<{width}}  {ln.outcome_text(lang):<{ow}}  {amounts}{detail}")
        t = self.totals
        totals = "  ".join(f"{seat_names[i]} {t[i]:+d}" for i in range(3))
        out.append(f"{text('line.total', lang)}: {totals}")
        return "\n".join(out)


def _pay(soloist: int, d1: int, d2: int) -> tuple[int, int, int]:
    """Amounts when the defenders pay the soloist ``d1`` and ``d2`` (negative: they receive);
    the defenders are the seats after the soloist, in order."""
    if soloist == 0:
        return (d1 + d2, -d1, -d2)
    if soloist == 1:
        return (-d2, d1 + d2, -d1)
    return (-d1, -d2, d1 + d2)


def _mult_text(levels: tuple[int, int], lang: str = "en") -> str:
    if levels[0] == levels[1]:
        return f" ({kontra_title(levels[0], lang)} ×{1 << levels[0]})" if levels[0] else ""
    parts = [f"{kontra_title(lv, lang)} ×{1 << lv}" if lv else "×1" for lv in levels]
    return f" ({text('line.defenders', lang)}: {parts[0]} / {parts[1]})"


def _line(
    item: int,
    won: bool,
    amounts: tuple[int, int, int],
    code: str,
    params: Mapping[str, Any],
    levels: tuple[int, int] = (0, 0),
    implicit: bool = False,
) -> Line:
    line = Line(
        "",
        "won" if won else "lost",
        amounts,
        line_text(code, params),
        item,
        code,
        params,
        levels,
        implicit,
    )
    return line._replace(item=line.title("en"))


def forfeit(d: Deal) -> Settlement:
    """A5: a final single-value Simple is not played; the soloist pays the Simple doubled."""
    amt = 2 * d.bid_multiplier
    line = _line(FORFEIT, False, _pay(d.soloist, -amt, -amt), "forfeit", {})
    return Settlement.from_lines((line,), (("summary-forfeit", {}),))


def thrown_in() -> Settlement:
    """W2: nobody named a contract; nobody pays."""
    return Settlement.from_lines((), (("summary-thrown-in", {}),))


def _why(f: _Facts, item: Item, st: Status) -> tuple[str, dict[str, Any]]:
    """Why an item ended as it did: a code (``line.CODE`` in :mod:`ulti.i18n`) and its
    parameters."""
    won = st == Status.WON
    if item in (_SIMPLE, _S100):
        return (
            "simple-points" if item == _SIMPLE else "silent-100",
            {"s": f.sp + f.sm, "d": f.dp + f.dm},
        )
    if item in (_FORTY, _TWENTY):
        if not (f.forty_declared if item == _FORTY else f.twenty_declared):
            return "marriage-missing", {}
        return "hundred-points", {"points": f.sp, "need": 60 if item == _FORTY else 80}
    if item == _ACES4:
        if won:
            return "aces-all", {}
        return ("aces-defender" if f.defenders_took_ace else "aces-talon"), {}
    if item == _ULTI:
        if not f.had_seven:
            return "ulti-no-seven", {"seven": f.seven}
        if 0 <= f.seven_trick < 9:
            return "ulti-early", {"trick": f.seven_trick + 1}
        return ("ulti-won" if won else "ulti-lost"), {}
    if item == _BETLI:
        return ("betli-won" if won else "betli-lost"), {}
    if item == _DURCH:
        return ("durchmars-won" if won else "durchmars-lost"), {}
    if item == _SACES:
        return ("aces-all" if won else "silent-aces-lost"), {}
    if item == _SULTI:
        return ("ulti-won" if won else "silent-ulti-lost"), {}
    assert item == _SDURCH
    return ("durchmars-won" if won else "silent-durchmars-lost"), {}


class Money(NamedTuple):
    """What one item of a contract is worth: what each defender pays the soloist when it is
    won (first and second defender, kontra levels applied, K3), and the penalty each defender
    receives on top when it is lost (the Ulti penalty, K4).  A lost component costs the
    soloist ``first + second`` plus the penalties; a lost silent bonus twice that (S2)."""

    item: int
    first: int
    second: int
    penalty: int
    silent: bool
    levels: tuple[int, int] = (0, 0)  # kontra levels against each defender
    implicit: bool = False  # B4: an implicit Simple
    charged: bool = True  # a failed silent bonus costs the soloist (S2; W12: not charged)

    @property
    def title(self) -> str:
        """The item's English name with its kontras (written only when asked for)."""
        name = item_title(self.item)
        if self.implicit:
            name = text("kind.implicit", "en", kind=name)
        return name + _mult_text(self.levels)

    @property
    def won_total(self) -> int:
        """The soloist's gain when the item is won."""
        return self.first + self.second

    @property
    def lost_total(self) -> int:
        """The soloist's gain (negative) when the item is lost."""
        if self.silent:
            return -2 * (self.first + self.second) if self.charged else 0
        return -(self.first + self.second) - 2 * self.penalty


def money(d: Deal) -> list[tuple[Item, Money]]:
    """Every item of the deal's contract with its money (S1, S2, K3, K4, V1), kept in the deal
    until a kontra changes it."""
    if d._money is None:
        assert d.contract is not None
        d._money = money_for(d.contract, d.kontra, d.bid_multiplier, d.rules)
    return d._money


def money_for(
    bid: Bid,
    kontra: dict[Kind, list[int]] | dict[Kind, tuple[int, int]],
    multiplier: int,
    rules: Ruleset,
) -> list[tuple[Item, Money]]:
    """Every item of ``bid`` with its money, given the kontra levels against each defender."""
    m = multiplier
    out: list[tuple[Item, Money]] = []
    for comp in bid.components:
        lv = kontra.get(comp.kind) or (0, 0)
        v = comp.value * m
        out.append(
            (
                int(comp.kind),
                Money(
                    int(comp.kind),
                    v << lv[0],
                    v << lv[1],
                    v if comp.kind == _ULTI else 0,
                    False,
                    (lv[0], lv[1]),
                    comp.implicit,
                ),
            )
        )
    if bid.silent:
        clv = kontra.get(bid.silent_carrier) or (0, 0)
        for sil, value in bid.silent:
            if sil == Silent.FOUR_ACES and not rules.four_aces:
                continue
            if sil == Silent.DURCHMARS and bid.key in ("simple", "simple of hearts"):
                value = value // 3 * rules.silent_durchmars_in_simple
            v = value * m
            out.append(
                (
                    SILENT_BASE + int(sil),
                    Money(
                        SILENT_BASE + int(sil),
                        v << clv[0],
                        v << clv[1],
                        0,
                        True,
                        (clv[0], clv[1]),
                        charged=rules.silent_losses,
                    ),
                )
            )
    return out


def settle(d: Deal, statuses: dict[Item, Status]) -> Settlement:
    """The settlement of a finished deal from the final status of every item (S1, S2, K3, K4)."""
    bid = d.contract
    assert bid is not None
    s = d.soloist
    raw: list[_Raw] = []
    t0 = t1 = t2 = 0
    for item, mon in d.money():
        st = statuses.get(item, _VOID)
        if st == _VOID:
            continue
        won = st == _WON
        if not won and mon.silent and not mon.charged:
            continue  # W12: a failed silent bonus is not charged
        if won:
            amounts = _pay(s, mon.first, mon.second)
        elif mon.silent:
            amounts = _pay(s, -2 * mon.first, -2 * mon.second)
        else:
            amounts = _pay(s, -mon.first, -mon.second)
        raw.append((mon.levels, won, amounts, item, st, mon.implicit))
        t0 += amounts[0]
        t1 += amounts[1]
        t2 += amounts[2]
        if mon.penalty and not won:
            amounts = _pay(s, -mon.penalty, -mon.penalty)  # K4: never multiplied
            raw.append(((0, 0), False, amounts, PENALTY, st, False))
            t0 += amounts[0]
            t1 += amounts[1]
            t2 += amounts[2]
    out = Settlement((t0, t1, t2), raw)
    # what the explanation needs, kept as it is now and worked out only if it is asked for
    out._end = (
        s,
        tuple(d.taken),
        d.talon,
        d.hands[0] | d.hands[1] | d.hands[2] | d.trick_mask,
        d.tricks_played,
        d.last_winner,
        tuple(d.marriages),
        d.trump,
        bid.trump,
        d.bid_multiplier,
        d.soloist_had_seven,
        d.ulti_card,
        d.seven_trick,
    )
    return out


def _facts_of(
    s: int,
    taken: tuple[int, int, int],
    talon: int,
    left: int,
    tricks: int,
    last_winner: int,
    marriages: tuple[tuple[int, int], ...],
    trump: int,
    trump_game: bool,
    multiplier: int,
    had_seven: bool,
    seven: int,
    seven_trick: int,
) -> _Facts:
    sp = card_points(taken[s])
    dp = card_points(taken[(s + 1) % 3] | taken[(s + 2) % 3] | talon)
    if tricks == 10:
        if last_winner == s:
            sp += 10
        else:
            dp += 10
    sm, dm, forty, twenty = marriage_points(marriages, trump, s)
    return _Facts(
        soloist=s,
        sp=sp,
        dp=dp,
        sm=sm,
        dm=dm,
        trump=trump_game,
        multiplier=multiplier,
        defenders_took_ace=bool((taken[(s + 1) % 3] | taken[(s + 2) % 3]) & ACES),
        had_seven=had_seven,
        seven=seven,
        seven_trick=seven_trick,
        forty_declared=forty,
        twenty_declared=twenty,
    )
