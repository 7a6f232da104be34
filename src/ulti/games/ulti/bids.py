"""Components, bids and the 42-rank ladder (B, B5).

A *component* is one independently scored part of a contract (Simple, 40-100, Four Aces, Ulti,
Betli, Durchmars, 20-100).  A *bid* is a set of components with a form: Hearts (every trump
component doubled, B1), open (B2), trump or no-trump.  The *ladder* orders the bids of a ruleset
into ranks: a bid may be made only over a bid of a lower rank (B5).

The standard ladder is the table of RULES.md B5, held here as data (the table is authoritative).
Variants of the ruleset derive their ladder from it by small, documented transformations
(:func:`build_ladder`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from enum import IntEnum
from typing import TYPE_CHECKING

from ulti.core.cards import fold
from ulti.core.errors import UltiError
from ulti.i18n import text

if TYPE_CHECKING:
    from ulti.games.ulti.rules import Ruleset


class Kind(IntEnum):
    """The kinds of component.  Durchmars is trump or plain by the bid that holds it."""

    SIMPLE = 0
    FORTY_HUNDRED = 1
    FOUR_ACES = 2
    ULTI = 3
    BETLI = 4
    DURCHMARS = 5
    TWENTY_HUNDRED = 6


KIND_NAMES = {
    Kind.SIMPLE: "simple",
    Kind.FORTY_HUNDRED: "40-100",
    Kind.FOUR_ACES: "four aces",
    Kind.ULTI: "ulti",
    Kind.BETLI: "betli",
    Kind.DURCHMARS: "durchmars",
    Kind.TWENTY_HUNDRED: "20-100",
}
#: A component's name as players see it (ulti.i18n): Simple, Four Aces …
KIND_TITLES = {k: text(f"kind.{int(k)}", "en") for k in Kind}
#: … and in Hungarian: parti, negyvenszáz, négy ász, ulti, betli, durchmars, húszszáz.
KIND_TITLES_HU = {k: text(f"kind.{int(k)}", "hu") for k in Kind}
#: The Hungarian words a bid's name is built from (the Simple is ``passz`` in a bid).
KIND_NAMES_HU = {**KIND_TITLES_HU, Kind.SIMPLE: text("bidword.simple", "hu")}

#: Base single values of the components (the table of section B).
BASE_VALUE = {
    Kind.SIMPLE: 1,
    Kind.FORTY_HUNDRED: 4,
    Kind.FOUR_ACES: 4,
    Kind.ULTI: 4,
    Kind.BETLI: 5,
    Kind.DURCHMARS: 6,
    Kind.TWENTY_HUNDRED: 8,
}
#: The Ulti penalty (B, K4): +4 when a lost Ulti is paid, +8 in Hearts; never multiplied.
ULTI_PENALTY = 4


class Silent(IntEnum):
    """Silent (unannounced) bonuses (S2)."""

    HUNDRED = 0
    FOUR_ACES = 1
    ULTI = 2
    DURCHMARS = 3


SILENT_TITLES = {k: text(f"silent.{int(k)}", "en") for k in Silent}
SILENT_TITLES_HU = {k: text(f"silent.{int(k)}", "hu") for k in Silent}


@dataclass(frozen=True, slots=True)
class Component:
    """One component of a bid with its value in that bid (Hearts and open forms included)."""

    kind: Kind
    value: int
    implicit: bool = False  # the implicit Simple of a lone Ulti / Four Aces (B4)

    @property
    def title(self) -> str:
        name = KIND_TITLES[self.kind]
        return text("kind.implicit", "en", kind=name) if self.implicit else name


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid as it stands in a ladder.

    ``components`` carry their values (so a bid's ``value`` is their sum); ``silent`` holds the
    values of the silent bonuses this bid carries (Hearts doubling included); ``rank`` is the
    bid's rank in its ladder (B5); ``key`` is the canonical lower-case English name.
    """

    key: str
    title: str
    title_hu: str
    components: tuple[Component, ...]
    trump: bool  # a trump contract (C2 trump order, points count)
    hearts: bool  # the Hearts / second-stage form (B1)
    open: bool  # an open form (B2, R7)
    silent: tuple[tuple[Silent, int], ...]
    rank: int = 0
    order: int = 0  # position in the standard table, 0..53 (then variant-only bids)
    # derived once (the bid is immutable): used on hot paths
    value: int = field(init=False, compare=False, repr=False)
    kinds: frozenset[Kind] = field(init=False, compare=False, repr=False)
    hundred: Kind | None = field(init=False, compare=False, repr=False)
    points_component: Kind | None = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        kinds = frozenset(c.kind for c in self.components)
        object.__setattr__(self, "value", sum(c.value for c in self.components))
        object.__setattr__(self, "kinds", kinds)
        hundred = (
            Kind.FORTY_HUNDRED
            if Kind.FORTY_HUNDRED in kinds
            else Kind.TWENTY_HUNDRED
            if Kind.TWENTY_HUNDRED in kinds
            else None
        )
        object.__setattr__(self, "hundred", hundred)
        pc = Kind.SIMPLE if Kind.SIMPLE in kinds else hundred
        object.__setattr__(self, "points_component", pc)

    @property
    def parts(self) -> str:
        return "+".join(str(c.value) for c in self.components)

    def has(self, kind: Kind) -> bool:
        return kind in self.kinds

    def component(self, kind: Kind) -> Component | None:
        for c in self.components:
            if c.kind == kind:
                return c
        return None

    def silent_value(self, s: Silent) -> int:
        for k, v in self.silent:
            if k == s:
                return v
        return 0

    @property
    def silent_carrier(self) -> Kind:
        """The component whose multiplier the silent bonuses share (S2): the points component,
        else (for Durchmars bids, which have none) the bid's first component."""
        pc = self.points_component
        return pc if pc is not None else self.components[0].kind

    def no_trump_component(self, kind: Kind) -> bool:
        """Components doubled per defender (K3): Betli and plain Durchmars."""
        return not self.trump and kind in (Kind.BETLI, Kind.DURCHMARS)

    def __str__(self) -> str:
        return self.key


# --------------------------------------------------------------------------------------------
# the standard table (RULES.md B5):
# rank, name, parts, value, silent 100, silent Ulti, silent Durchmars

STANDARD_TABLE: tuple[tuple[int, str, str, int, int, int, int], ...] = (
    (1, "Simple", "1", 1, 2, 2, 3),
    (2, "Simple of Hearts", "2", 2, 4, 4, 6),
    (3, "40-100", "4", 4, 0, 2, 3),
    (4, "Four Aces", "4+1", 5, 2, 2, 3),
    (5, "Ulti", "4+1", 5, 2, 0, 3),
    (6, "Betli", "5", 5, 0, 0, 0),
    (7, "Trump Durchmars", "6", 6, 0, 2, 0),
    (7, "Plain Durchmars", "6", 6, 0, 0, 0),
    (8, "40-100 Four Aces", "4+4", 8, 0, 2, 3),
    (9, "40-100 Ulti", "4+4", 8, 0, 0, 3),
    (10, "40-100 of Hearts", "8", 8, 0, 4, 6),
    (10, "20-100", "8", 8, 0, 2, 3),
    (11, "Ulti Four Aces", "4+4+1", 9, 2, 0, 3),
    (12, "Four Aces of Hearts", "8+2", 10, 4, 4, 6),
    (13, "Ulti of Hearts", "8+2", 10, 4, 0, 6),
    (14, "40-100 Durchmars", "4+6", 10, 0, 2, 0),
    (14, "Ulti Durchmars", "4+6", 10, 0, 0, 0),
    (15, "Rebetli", "10", 10, 0, 0, 0),
    (16, "40-100 Ulti Four Aces", "4+4+4", 12, 0, 0, 3),
    (17, "20-100 Four Aces", "8+4", 12, 0, 2, 3),
    (18, "20-100 Ulti", "8+4", 12, 0, 0, 3),
    (19, "Plain Redurchmars", "12", 12, 0, 0, 0),
    (19, "Durchmars of Hearts", "12", 12, 0, 4, 0),
    (19, "Open Durchmars", "12", 12, 0, 2, 0),
    (20, "40-100 Ulti Durchmars", "4+4+6", 14, 0, 0, 0),
    (21, "20-100 Durchmars", "8+6", 14, 0, 2, 0),
    (22, "20-100 Ulti Four Aces", "8+4+4", 16, 0, 0, 3),
    (23, "40-100 Four Aces of Hearts", "8+8", 16, 0, 4, 6),
    (23, "40-100 Ulti of Hearts", "8+8", 16, 0, 0, 6),
    (23, "40-100 Open Durchmars", "4+12", 16, 0, 2, 0),
    (23, "Ulti Open Durchmars", "4+12", 16, 0, 0, 0),
    (24, "20-100 of Hearts", "16", 16, 0, 4, 6),
    (25, "Ulti Four Aces of Hearts", "8+8+2", 18, 4, 0, 6),
    (26, "20-100 Ulti Durchmars", "8+4+6", 18, 0, 0, 0),
    (27, "40-100 Ulti Open Durchmars", "4+4+12", 20, 0, 0, 0),
    (28, "40-100 Durchmars of Hearts", "8+12", 20, 0, 4, 0),
    (28, "Ulti Durchmars of Hearts", "8+12", 20, 0, 0, 0),
    (28, "20-100 Open Durchmars", "8+12", 20, 0, 2, 0),
    (29, "Open Betli", "20", 20, 0, 0, 0),
    (30, "40-100 Ulti Four Aces of Hearts", "8+8+8", 24, 0, 0, 6),
    (31, "20-100 Ulti Open Durchmars", "8+4+12", 24, 0, 0, 0),
    (32, "20-100 Four Aces of Hearts", "16+8", 24, 0, 4, 6),
    (33, "20-100 Ulti of Hearts", "16+8", 24, 0, 0, 6),
    (34, "Open Durchmars of Hearts", "24", 24, 0, 0, 0),
    (34, "Plain Open Durchmars", "24", 24, 0, 0, 0),
    (35, "40-100 Ulti Durchmars of Hearts", "8+8+12", 28, 0, 0, 0),
    (36, "20-100 Durchmars of Hearts", "16+12", 28, 0, 4, 0),
    (37, "20-100 Ulti Four Aces of Hearts", "16+8+8", 32, 0, 0, 6),
    (38, "40-100 Open Durchmars of Hearts", "8+24", 32, 0, 4, 0),
    (38, "Ulti Open Durchmars of Hearts", "8+24", 32, 0, 0, 0),
    (39, "20-100 Ulti Durchmars of Hearts", "16+8+12", 36, 0, 0, 0),
    (40, "40-100 Ulti Open Durchmars of Hearts", "8+8+24", 40, 0, 0, 0),
    (41, "20-100 Open Durchmars of Hearts", "16+24", 40, 0, 4, 0),
    (42, "20-100 Ulti Open Durchmars of Hearts", "16+8+24", 48, 0, 0, 0),
)

#: The component order used in names (and in the ``parts`` column), and in kind keys (B5).
NAME_ORDER = (
    Kind.TWENTY_HUNDRED,
    Kind.FORTY_HUNDRED,
    Kind.ULTI,
    Kind.FOUR_ACES,
    Kind.DURCHMARS,
    Kind.BETLI,
    Kind.SIMPLE,
)


def _features(title: str) -> tuple[list[Kind], bool, bool, bool]:
    """(kinds in name order, trump, hearts, open) of a standard bid name."""
    t = title.lower()
    hearts = t.endswith("of hearts") or t in ("rebetli", "plain redurchmars")
    opened = "open" in t.split()
    kinds: list[Kind] = []
    if "20-100" in t:
        kinds.append(Kind.TWENTY_HUNDRED)
    if "40-100" in t:
        kinds.append(Kind.FORTY_HUNDRED)
    if "ulti" in t.split():
        kinds.append(Kind.ULTI)
    if "four aces" in t:
        kinds.append(Kind.FOUR_ACES)
    if "durchmars" in t:
        kinds.append(Kind.DURCHMARS)
    if "betli" in t:
        kinds.append(Kind.BETLI)
    if t.startswith("simple"):
        kinds.append(Kind.SIMPLE)
    trump = not (Kind.BETLI in kinds or "plain" in t.split())
    return kinds, trump, hearts, opened


def _hungarian(kinds: list[Kind], trump: bool, hearts: bool, opened: bool) -> str:
    """The Hungarian name, built from the parts: ``piros negyvenszáz ulti``, ``rebetli``,
    ``terített színtelen durchmars``."""

    def w(key: str) -> str:
        return text(f"bidword.{key}", "hu")

    if kinds == [Kind.BETLI]:
        if opened:
            return f"{w('open')} {KIND_NAMES_HU[Kind.BETLI]}"
        return w("rebetli") if hearts else KIND_NAMES_HU[Kind.BETLI]
    if kinds == [Kind.DURCHMARS] and not trump:
        stage = w("redurchmars") if hearts else KIND_NAMES_HU[Kind.DURCHMARS]
        return (f"{w('open')} " if opened else "") + f"{w('plain')} {stage}"
    words = [w("hearts")] if hearts else []
    for k in kinds:
        if k == Kind.DURCHMARS:
            if opened:
                words.append(w("open"))
            if len(kinds) == 1 and not hearts:
                words.append(w("trump"))
        words.append(KIND_NAMES_HU[k])
    return " ".join(words)


def _component_values(kinds: list[Kind], parts: str) -> tuple[Component, ...]:
    values = [int(v) for v in parts.split("+")]
    comps = [Component(k, v) for k, v in zip(kinds, values, strict=False)]
    if len(values) == len(kinds) + 1:  # implicit Simple (B4)
        comps.append(Component(Kind.SIMPLE, values[-1], implicit=True))
    if len(comps) != len(values):
        raise AssertionError(f"parts {parts} do not fit components {kinds}")
    return tuple(comps)


def _silent(s100: int, sulti: int, sdurch: int, four_aces: int) -> tuple[tuple[Silent, int], ...]:
    out = []
    if s100:
        out.append((Silent.HUNDRED, s100))
    if four_aces:
        out.append((Silent.FOUR_ACES, four_aces))
    if sulti:
        out.append((Silent.ULTI, sulti))
    if sdurch:
        out.append((Silent.DURCHMARS, sdurch))
    return tuple(out)


def _silent_four_aces(kinds: list[Kind], trump: bool, hearts: bool) -> int:
    """Silent Four Aces (S2): in Simple, 40-100, Ulti, 20-100 and their combinations without Four
    Aces or Durchmars; value 2, 4 in Hearts."""
    if not trump or Kind.FOUR_ACES in kinds or Kind.DURCHMARS in kinds:
        return 0
    return 4 if hearts else 2


def _make_standard() -> tuple[Bid, ...]:
    bids = []
    for order, (rank, title, parts, value, s100, sulti, sdurch) in enumerate(STANDARD_TABLE):
        kinds, trump, hearts, opened = _features(title)
        comps = _component_values(kinds, parts)
        assert sum(c.value for c in comps) == value, title
        bids.append(
            Bid(
                key=title.lower(),
                title=title,
                title_hu=_hungarian(kinds, trump, hearts, opened),
                components=comps,
                trump=trump,
                hearts=hearts,
                open=opened,
                silent=_silent(s100, sulti, sdurch, _silent_four_aces(kinds, trump, hearts)),
                rank=rank,
                order=order,
            )
        )
    return tuple(bids)


#: The 54 bids of the standard ladder, in table order, with their standard ranks.
STANDARD_BIDS: tuple[Bid, ...] = _make_standard()


def _variant_only_bids() -> tuple[Bid, ...]:
    """Bids that exist only under a variant: Open Ulti (V9), closed and of Hearts."""
    out: list[Bid] = []
    for hearts in (False, True):
        m = 2 if hearts else 1
        title = "Open Ulti of Hearts" if hearts else "Open Ulti"
        out.append(
            Bid(
                key=title.lower(),
                title=title,
                title_hu=(text("bidword.hearts", "hu") + " " if hearts else "")
                + f"{text('bidword.open', 'hu')} {KIND_NAMES_HU[Kind.ULTI]}",
                components=(Component(Kind.ULTI, 8 * m), Component(Kind.SIMPLE, m, implicit=True)),
                trump=True,
                hearts=hearts,
                open=True,
                silent=_silent(2 * m, 0, 3 * m, 0),
                rank=0,
                order=len(STANDARD_BIDS) + len(out),
            )
        )
    return tuple(out)


VARIANT_BIDS: tuple[Bid, ...] = _variant_only_bids()
ALL_BIDS: tuple[Bid, ...] = STANDARD_BIDS + VARIANT_BIDS
BID_BY_KEY: dict[str, Bid] = {b.key: b for b in ALL_BIDS}


# --------------------------------------------------------------------------------------------
# ladders


@dataclass(frozen=True)
class Ladder:
    """The bids of one ruleset, grouped into ranks (B5).  ``ranks[i]`` holds the bids of rank
    ``i + 1``; bids of one rank cannot overcall each other."""

    ranks: tuple[tuple[Bid, ...], ...]
    by_key: dict[str, Bid] = field(compare=False)

    @property
    def bids(self) -> tuple[Bid, ...]:
        return tuple(b for group in self.ranks for b in group)

    def __len__(self) -> int:
        return sum(len(g) for g in self.ranks)

    def __getitem__(self, key: str) -> Bid:
        return self.by_key[key]

    def __contains__(self, key: object) -> bool:
        return key in self.by_key

    def overcalls(self, a: Bid, b: Bid) -> bool:
        """Whether ``a`` may be bid over ``b`` (B5)."""
        return a.rank > b.rank

    def above(self, rank: int) -> tuple[Bid, ...]:
        """All bids of rank higher than ``rank`` (0 = every bid)."""
        return tuple(b for group in self.ranks[rank:] for b in group)

    @property
    def lowest(self) -> tuple[Bid, ...]:
        return self.ranks[0]

    @property
    def top_rank(self) -> int:
        return len(self.ranks)


def _regroup(groups: list[list[Bid]]) -> Ladder:
    ranks = []
    by_key = {}
    for i, group in enumerate(g for g in groups if g):
        fixed = []
        for b in group:
            nb = _with(b, rank=i + 1)
            fixed.append(nb)
            by_key[nb.key] = nb
        ranks.append(tuple(fixed))
    return Ladder(ranks=tuple(ranks), by_key=by_key)


def _with(b: Bid, **changes: object) -> Bid:
    return replace(b, **changes)  # type: ignore[arg-type]


def _standard_groups() -> list[list[Bid]]:
    groups: list[list[Bid]] = [[] for _ in range(42)]
    for b in STANDARD_BIDS:
        groups[b.rank - 1].append(b)
    return groups


def _revalue_open(b: Bid) -> Bid:
    """V9: an open form pays double its closed form."""
    closed = {Kind.BETLI: 5, Kind.DURCHMARS: 6}
    comps = []
    for c in b.components:
        if c.kind in closed:
            v = closed[c.kind] * (2 if b.hearts else 1) * 2
            comps.append(Component(c.kind, v))
        else:
            comps.append(c)
    return _with(b, components=tuple(comps))


def _insert_by_general_rule(groups: list[list[Bid]], b: Bid) -> None:
    """Place ``b`` by the general rule of B5: higher value wins; at equal value fewer components
    win; equal value and count share a rank."""
    key = (b.value, -len(b.components))
    for g in groups:
        if g and all((x.value, -len(x.components)) == key for x in g):
            g.append(b)
            return
    pos = 0
    for i, g in enumerate(groups):
        if g and max((x.value, -len(x.components)) for x in g) < key:
            pos = i + 1
    groups.insert(pos, [b])


#: W3: the single contracts of the how-to-play ladder, low to high (standard keys; the trump
#: singles with their Hearts form on the same rank: W4, Hearts doubles, does not rank higher).
HOWTO_SINGLES: tuple[tuple[str, ...], ...] = (
    ("simple", "simple of hearts"),
    ("betli",),
    ("40-100", "40-100 of hearts"),
    ("20-100", "20-100 of hearts"),
    ("rebetli",),  # Betli of Hearts (10)
    ("open betli",),  # 20
    ("trump durchmars", "plain durchmars"),  # 6; W4: with a trump or none
    ("ulti", "ulti of hearts"),
    ("durchmars of hearts",),  # 12
    ("plain open durchmars",),  # Open Durchmars, 24
)
#: W3: the combinations (above every single contract, by total value).
HOWTO_COMBINATIONS: tuple[str, ...] = tuple(
    f"{name}{hearts}"
    for hearts in ("", " of hearts")
    for name in (
        "40-100 ulti",
        "40-100 durchmars",
        "ulti durchmars",
        "40-100 ulti durchmars",
        "20-100 ulti",
        "20-100 durchmars",
        "20-100 ulti durchmars",
    )
)


def _howto_bid(b: Bid) -> Bid:
    """A bid as the how-to-play book values it (W10, W12): no implicit Simple, Open Betli 20
    and Open Durchmars 24 as in the table; silent Ulti and Durchmars at half value in the
    bids without them (2 and 3, doubled in Hearts; no silent 100 or Four Aces)."""
    m = 2 if b.hearts else 1
    comps = tuple(c for c in b.components if not c.implicit)
    silent: list[tuple[Silent, int]] = []
    kinds = {c.kind for c in comps}
    if b.trump and Kind.ULTI not in kinds:
        silent.append((Silent.ULTI, 2 * m))
    if Kind.DURCHMARS not in kinds and Kind.BETLI not in kinds:
        silent.append((Silent.DURCHMARS, 3 * m))
    return _with(b, components=comps, silent=tuple(silent))


def _howto_groups() -> list[list[Bid]]:
    """W3: the single contracts in their order, then the combinations by total value (equal
    totals share a rank: W2, a bid must be higher than the one standing)."""
    groups = [[_howto_bid(BID_BY_KEY[k]) for k in rank] for rank in HOWTO_SINGLES]
    combos = sorted((_howto_bid(BID_BY_KEY[k]) for k in HOWTO_COMBINATIONS), key=lambda b: b.value)
    for b in combos:
        if groups[-1][0].value == b.value and len(groups[-1][0].components) > 1:
            groups[-1].append(b)
        else:
            groups.append([b])
    return groups


def build_ladder(rules: Ruleset) -> Ladder:
    """The ladder of a ruleset: the standard table, then each variant's transformation.

    * V3 (Hearts always trump): the "of Hearts" trump bids go; every trump bid plays in Hearts at
      single value.  The no-trump second stages (Rebetli, Plain Redurchmars) stay.
    * V5 (combined bids only): only bids of at least two parts stay (an implicit Simple counts).
    * V7 (Four Aces off): every bid with Four Aces goes.
    * V9 (open forms pay double): Open Betli = 10, Plain Open Durchmars = 12 (Open trump
      Durchmars already is double); the re-valued bids and the new Open Ulti (8+1, of Hearts
      16+2) take their places by the general rule.
    * V6 (equal value never overcalls): bids of equal value share one rank.
    * W3 (``bid_ladder = "howto"``): the how-to-play ladder (:func:`_howto_groups`) instead of
      the standard table; V3, V5 and V6 apply to it as to the standard one.
    """
    groups = _howto_groups() if rules.bid_ladder == "howto" else _standard_groups()

    def keep(pred: object) -> None:
        for g in groups:
            g[:] = [b for b in g if pred(b)]  # type: ignore[operator]

    if rules.hearts_always_trump:
        keep(lambda b: not (b.trump and b.hearts))
    if not rules.four_aces:
        keep(lambda b: not b.has(Kind.FOUR_ACES))
    if rules.open_pays_double:
        moved = [b for g in groups for b in g if b.open and not b.trump]
        keep(lambda b: not (b.open and not b.trump))
        for b in moved:
            _insert_by_general_rule(groups, _revalue_open(b))
        for b in VARIANT_BIDS:
            if rules.hearts_always_trump and b.hearts:
                continue
            _insert_by_general_rule(groups, b)
    if rules.combined_bids_only:
        keep(lambda b: len(b.components) >= 2)
    groups = [g for g in groups if g]
    if not rules.equal_value_overcalls:
        # The ladder is monotone in value, so equal values are neighbours: merge them.
        merged: list[list[Bid]] = []
        for g in groups:
            if merged and merged[-1][0].value == g[0].value:
                merged[-1].extend(g)
            else:
                merged.append(list(g))
        groups = merged
    return _regroup(groups)


# --------------------------------------------------------------------------------------------
# parsing bid names


class BidParseError(UltiError):
    """A text that names no bid of the ladder (B5)."""


_TOKEN_KINDS = {
    "simple": Kind.SIMPLE,
    "parti": Kind.SIMPLE,
    "passz": Kind.SIMPLE,
    "party": Kind.SIMPLE,
    "40-100": Kind.FORTY_HUNDRED,
    "40/100": Kind.FORTY_HUNDRED,
    "40100": Kind.FORTY_HUNDRED,
    "negyvenszaz": Kind.FORTY_HUNDRED,
    "20-100": Kind.TWENTY_HUNDRED,
    "20/100": Kind.TWENTY_HUNDRED,
    "20100": Kind.TWENTY_HUNDRED,
    "huszszaz": Kind.TWENTY_HUNDRED,
    "fouraces": Kind.FOUR_ACES,
    "4aces": Kind.FOUR_ACES,
    "negyasz": Kind.FOUR_ACES,
    "4asz": Kind.FOUR_ACES,
    "four-aces": Kind.FOUR_ACES,
    "ulti": Kind.ULTI,
    "betli": Kind.BETLI,
    "rebetli": Kind.BETLI,
    "durchmars": Kind.DURCHMARS,
    "durchmarsch": Kind.DURCHMARS,
    "durch": Kind.DURCHMARS,
    "redurchmars": Kind.DURCHMARS,
}


def parse_features(text: str) -> tuple[frozenset[Kind], bool | None, bool, bool]:
    """(kinds, trump or None when unsaid, hearts, open) named by a bid text."""
    t = fold(text)
    t = re.sub(r"\bfour\s+aces\b", "fouraces", t)
    t = re.sub(r"\b4\s+aces\b", "4aces", t)
    t = re.sub(r"\bnegy\s+asz\b", "negyasz", t)
    t = re.sub(r"\b4\s+asz\b", "4asz", t)
    t = t.replace(" of hearts", " hearts")
    tokens = t.replace(",", " ").replace("+", " ").split()
    kinds: set[Kind] = set()
    trump: bool | None = None
    hearts = False
    opened = False
    for tok in tokens:
        if tok in _TOKEN_KINDS:
            kinds.add(_TOKEN_KINDS[tok])
            if tok in ("rebetli", "redurchmars"):
                hearts = True
            if tok == "redurchmars":
                trump = False
        elif tok in ("hearts", "piros", "heart", "red"):
            hearts = True
        elif tok in ("open", "teritett"):
            opened = True
        elif tok in ("plain", "szintelen", "no-trump", "notrump"):
            trump = False
        elif tok in ("trump", "szines", "adu"):
            trump = True
        elif tok in ("of", "and", "bid"):
            continue
        else:
            raise BidParseError(f"B5: {text!r}: unknown word {tok!r}")
    if not kinds:
        raise BidParseError(f"B5: {text!r} names no component")
    return frozenset(kinds), trump, hearts, opened


def find_bid(ladder: Ladder, text: str) -> Bid:
    """The bid of ``ladder`` that ``text`` names, in English or Hungarian, components in any
    order: ``"40-100 ulti"``, ``"ulti 40-100"``, ``"piros negyvenszáz ulti"``, ``"rebetli"``."""
    key = " ".join(fold(text).split())
    if key in ladder.by_key:
        return ladder.by_key[key]
    kinds, trump, hearts, opened = parse_features(text)
    matches = []
    for b in ladder.bids:
        named = frozenset(c.kind for c in b.components if not c.implicit)
        if named != kinds or b.hearts != hearts or b.open != opened:
            continue
        if trump is not None and b.trump != trump:
            continue
        matches.append(b)
    # A lone "Simple" names Simple, whose only component is Simple.
    if not matches:
        raise BidParseError(f"B5: {text!r} is not a bid of this ladder")
    if len(matches) > 1:
        names = " or ".join(repr(b.key) for b in matches)
        raise BidParseError(f"B5: {text!r} is ambiguous: {names}")
    return matches[0]
