"""Records of four-handed deals: the three-handed deal's record (:mod:`ulti.games.ulti.record`,
the three who play by name) inside the table's: its dealer and its four players.

``{"format": "ulti4-deal", "version": 1, "dealer": 3, "players": [4 names], "deal": {...}}``
"""

from __future__ import annotations

from typing import Any

from ulti.games.ulti import record as three
from ulti.games.ulti.record import RecordError, seat_names
from ulti.games.ulti4.deal import INNER_DEALER, SEATS, Deal4
from ulti.i18n import text

FORMAT = "ulti4-deal"
VERSION = 1


def to_record(deal: Deal4, players: list[str] | None = None) -> dict[str, Any]:
    """The deal's record: the dealer, the four names, the three's deal."""
    names = list(players) if players else [f"Seat {i}" for i in range(SEATS)]
    return {
        "format": FORMAT,
        "version": VERSION,
        "dealer": deal.dealer,
        "players": names,
        "deal": three.to_record(deal.inner, [names[s] for s in deal.players]),
    }


def from_record(rec: Any) -> Deal4:
    """Replay a record into a :class:`Deal4` (RecordError when it is not one)."""
    if not isinstance(rec, dict) or rec.get("format") != FORMAT:
        raise RecordError(
            "bad-format4", format=rec.get("format") if isinstance(rec, dict) else None
        )
    if rec.get("version") != VERSION or isinstance(rec.get("version"), bool):
        raise RecordError("bad-version", version=rec.get("version"), versions=str(VERSION))
    dealer = rec.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < SEATS:
        raise RecordError("bad-dealer4")
    inner = three.from_record(rec.get("deal"))
    if inner.dealer != INNER_DEALER:
        raise RecordError("bad-dealer4")
    return Deal4.around(inner, dealer)


def render(deal: Deal4, players: list[str] | None = None, lang: str = "en") -> str:
    """A readable account of a deal of four: that the dealer sat out (N1), then the three's
    deal as :func:`ulti.games.ulti.record.render` writes it, with their names."""
    names = seat_names(players or [f"Seat {i}" for i in range(SEATS)], lang)
    three_names = [names[s] for s in deal.players]
    head = text("record.sits-out", lang, dealer=names[deal.dealer])
    return head + "\n" + three.render(deal.inner, three_names, lang, names[deal.dealer])
