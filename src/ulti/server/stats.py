"""The facts of a finished deal for each seat, and a profile's summary of them (docs/CLUB.md,
"Ratings and statistics"): pure functions, no storage.

:func:`ulti_deal_facts` and :func:`snap_deal_facts` read a finished deal and give one
:class:`DealFacts` per seat; :func:`summary` adds up any rows with the same attributes (the
store's rows) into the numbers a profile shows.

What the facts mean, exactly:

``units``
    What the seat won (positive) or paid (negative) in the deal: in Ulti the settlement's units
    (:meth:`ulti.games.ulti.deal.Deal.returns`, S1: the three add up to 0); in Snapszli the game
    points the winner scored, negative for the loser (:meth:`ulti.games.snapszli.SnapDeal.returns`,
    Z9-Z11).

``role``
    ``"soloist"`` or ``"defender"`` in Ulti (a finished Ulti deal always has a soloist: the
    forehand must bid, A1); ``"none"`` in Snapszli, which has no contract.

``contract`` / ``contract_hu``
    The contract's name (:attr:`ulti.games.ulti.bids.Bid.title` / ``title_hu``) on every seat's row;
    ``None`` in Snapszli.

``kind``
    On the soloist's row only (else ``None``): the contract's *kind*, a stable key for grouping
    contracts whatever their form.  It names the bid's announced components, in the order of
    the bid names (B5: 20-100, 40-100, Ulti, Four Aces, Durchmars, Betli, Simple), joined by
    ``+``, each as ``simple``, ``40-100``, ``20-100``, ``ulti``, ``four-aces``, ``betli``,
    ``durchmars``.  The form is left out: Hearts (B1), open (B2), trump or plain Durchmars and the
    second stages all share their kind (``Ulti of Hearts`` is ``ulti``, ``Rebetli`` and ``Open
    Betli`` are ``betli``, ``Simple of Hearts`` is ``simple``); so is the implicit Simple of a
    lone Ulti or Four Aces (B4): ``Ulti`` is ``ulti``, ``40-100 Ulti`` is ``40-100+ulti``,
    ``20-100 Ulti Open Durchmars of Hearts`` is ``20-100+ulti+durchmars``.

``made``
    On the soloist's row only (else ``None``): ``True`` when the settlement says the soloist won
    *every component of the bid* (B3: each is won or lost on its own), the implicit Simple of B4
    included; the silent bonuses (S2) and the Ulti penalty (K4) do not count.  A final Simple
    that is not played (A5) was not made.

``kontras_given``
    How many kontra actions (any level: kontra, rekontra, subkontra …, K1, K2) the seat took.

``kontras_won`` / ``kontras_lost``
    Of the components the seat doubled or redoubled at least once (each counted once however
    many times the seat raised it), how many its side won / lost: a defender's side wins a
    component the soloist loses, the soloist's side one the soloist wins (S1).  The silent
    bonuses a doubled component carries (S2) are not counted separately.  So ``kontras_won +
    kontras_lost`` is the number of components the seat doubled, at most ``kontras_given``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ulti.games.snapszli import SnapDeal
from ulti.games.ulti.actions import ActionKind
from ulti.games.ulti.bids import KIND_TITLES, KIND_TITLES_HU, NAME_ORDER, Bid, Kind
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.scoring import SILENT_BASE

ROLES = ("soloist", "defender", "none")

#: Each component's part of a kind key.
KIND_KEYS: dict[Kind, str] = {
    Kind.SIMPLE: "simple",
    Kind.FORTY_HUNDRED: "40-100",
    Kind.FOUR_ACES: "four-aces",
    Kind.ULTI: "ulti",
    Kind.BETLI: "betli",
    Kind.DURCHMARS: "durchmars",
    Kind.TWENTY_HUNDRED: "20-100",
}
_BY_KEY = {v: k for k, v in KIND_KEYS.items()}


@dataclass(frozen=True)
class DealFacts:
    """One seat's facts of one finished deal (see the module documentation)."""

    units: int
    role: str
    contract: str | None
    contract_hu: str | None
    kind: str | None
    made: bool | None
    kontras_given: int
    kontras_won: int
    kontras_lost: int


def kind_of(bid: Bid) -> str:
    """A bid's kind key: ``40-100+ulti`` (see the module documentation)."""
    kinds = {c.kind for c in bid.components if not c.implicit}
    return "+".join(KIND_KEYS[k] for k in NAME_ORDER if k in kinds)


def kind_title(kind: str, lang: str = "en") -> str:
    """A kind in words, from the components' names: ``40-100 + Ulti`` / ``negyvenszáz +
    ulti``.  A key that is no kind raises :class:`ValueError`."""
    titles = KIND_TITLES_HU if lang == "hu" else KIND_TITLES
    parts = kind.split("+")
    if not kind or any(p not in _BY_KEY for p in parts):
        raise ValueError(f"{kind!r} is no kind of contract")
    return " + ".join(titles[_BY_KEY[p]] for p in parts)


def ulti_deal_facts(deal: Deal) -> list[DealFacts]:
    """The facts of a finished Ulti deal, one per seat (seat order)."""
    if not deal.is_over():
        raise ValueError("the deal is not over")
    bid, settlement, s = deal.contract, deal.settlement, deal.soloist
    assert bid is not None and settlement is not None  # A1: the forehand always bids
    # what the soloist won or lost of each component (B3, S1); the Ulti penalty (K4), the
    # forfeit (A5) and the silent bonuses (S2) are lines of their own, not components
    won = {
        Kind(ln.item_id): ln.outcome == "won"
        for ln in settlement.lines
        if 0 <= ln.item_id < SILENT_BASE
    }
    made = all(won.get(c.kind, False) for c in bid.components)
    given = [0, 0, 0]
    doubled: list[set[Kind]] = [set(), set(), set()]
    for seat, action in deal.history:
        if action.kind == ActionKind.KONTRA:  # K1, K2: any level
            given[seat] += 1
            doubled[seat].add(Kind(action.component))
    units = deal.returns()
    out = []
    for seat in range(3):
        soloist = seat == s
        # the seat's side won a component when the soloist won it and the seat is the soloist,
        # or the soloist lost it and the seat defends
        sides = [won[k] == soloist for k in doubled[seat] if k in won]
        out.append(
            DealFacts(
                units=units[seat],
                role="soloist" if soloist else "defender",
                contract=bid.title,
                contract_hu=bid.title_hu,
                kind=kind_of(bid) if soloist else None,
                made=made if soloist else None,
                kontras_given=given[seat],
                kontras_won=sum(sides),
                kontras_lost=len(sides) - sum(sides),
            )
        )
    return out


def snap_deal_facts(deal: SnapDeal) -> list[DealFacts]:
    """The facts of a finished Snapszli deal, one per seat: the game points (Z9-Z11), won or
    lost; no contract, no kontras."""
    if not deal.is_over():
        raise ValueError("the deal is not over")
    return [
        DealFacts(
            units=u,
            role="none",
            contract=None,
            contract_hu=None,
            kind=None,
            made=None,
            kontras_given=0,
            kontras_won=0,
            kontras_lost=0,
        )
        for u in deal.returns()
    ]


def _title(kind: str, lang: str) -> str:
    try:
        return kind_title(kind, lang)
    except ValueError:  # a key no longer known (stored by another version): shown as it is
        return kind


def summary(rows: Iterable[Any]) -> dict[str, Any]:
    """A profile's numbers from a seat's deal rows (objects with the attributes of
    :class:`DealFacts`: the store's rows, or the facts themselves):

    ``{"deals", "units", "units_per_deal", "contracts": [{"kind", "title", "title_hu", "bid",
    "made"}], "kontras": {"given", "won", "lost"}, "soloist", "defender"}``.

    ``contracts`` holds the kinds the seat bid as soloist (the rows with a ``kind``), the most
    bid first (then by kind key); ``units_per_deal`` is rounded to two places (0.0 without
    deals)."""
    deals = units = soloist = defender = given = won = lost = 0
    bid: dict[str, int] = {}
    made: dict[str, int] = {}
    for r in rows:
        deals += 1
        units += int(r.units)
        soloist += r.role == "soloist"
        defender += r.role == "defender"
        given += int(r.kontras_given)
        won += int(r.kontras_won)
        lost += int(r.kontras_lost)
        if r.role == "soloist" and r.kind:
            bid[r.kind] = bid.get(r.kind, 0) + 1
            made[r.kind] = made.get(r.kind, 0) + bool(r.made)
    contracts = [
        {
            "kind": k,
            "title": _title(k, "en"),
            "title_hu": _title(k, "hu"),
            "bid": n,
            "made": made[k],
        }
        for k, n in sorted(bid.items(), key=lambda kv: (-kv[1], kv[0]))
    ]
    return {
        "deals": deals,
        "units": units,
        "units_per_deal": round(units / deals, 2) if deals else 0.0,
        "contracts": contracts,
        "kontras": {"given": given, "won": won, "lost": lost},
        "soloist": soloist,
        "defender": defender,
    }


__all__ = [
    "KIND_KEYS",
    "ROLES",
    "DealFacts",
    "kind_of",
    "kind_title",
    "snap_deal_facts",
    "summary",
    "ulti_deal_facts",
]
