"""Four at the table on the web (N1-N5): four seats, each deal's dealer sitting out.

Every deal is a three-handed one (:class:`~ulti.games.ulti4.deal.Deal4`), so the table is
Ulti's (:class:`~ulti.server.tables.ulti.UltiTableOf`) with what four seats change: the session
is a :class:`~ulti.games.ulti4.session.Session4` (a multiple of four deals), a view is the
three-handed deal's as its player (or, for the dealer, a spectator, N5) sees it, with
``four``: the table's seats that play it (``players[i]`` plays the deal's seat ``i``), the
dealer, and the viewer's seat in the deal (``-1``: sitting out, or watching); the score sheet
and totals have a column a table seat.  Events and the finished deals name table seats.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ulti.games.ulti.deal import Deal
from ulti.games.ulti.rules import OPTIONS, Ruleset
from ulti.games.ulti4 import record
from ulti.games.ulti4.deal import Deal4
from ulti.games.ulti4.game import ULTI4
from ulti.games.ulti4.session import SESSION_DEALS, TIEBREAK_DEALS, Session4
from ulti.server.schemas import NewTable, SeatSpec
from ulti.server.stats import DealFacts
from ulti.server.tables.frames import SPECTATOR, Json
from ulti.server.tables.game import Records
from ulti.server.tables.ulti import UltiTableOf

#: A session of four is a multiple of this many deals: each seat deals as often (N4).
ROUND = 4


class NewUlti4Table(NewTable):
    """A new table of four: four seats, a preset and its options, the number of deals."""

    game: Literal["ulti4"] = "ulti4"
    options: Json = Field(default_factory=dict, max_length=len(OPTIONS))
    deals: int = Field(default=SESSION_DEALS, ge=ROUND, le=48)
    seats: list[SeatSpec] = Field(min_length=4, max_length=4)


class Settings4:
    """A table of four's settings as they are stored: the rules and the session's length."""

    def __init__(self, rules: Ruleset, deals: int) -> None:
        self.rules, self.deals = rules, deals

    def to_dict(self) -> Json:
        return {"rules": self.rules.to_dict(), "deals": self.deals}


class Ulti4Table(UltiTableOf[Deal4]):
    """A table of four: every deal played by the three who do not deal (N1, N2)."""

    info = ULTI4
    records = Records(record.render, record.to_record)
    session: Session4

    def _three(self, d: Deal4) -> Deal:
        return d.inner

    def _place(self, d: Deal4, seat: int) -> int:
        return SPECTATOR if seat == SPECTATOR else d.inner_seat(seat)

    def _deal_facts(self, d: Deal4) -> Json:
        return {"four": {"players": list(d.players), "dealer": d.dealer}}

    def seat_view(self, seat: int) -> Json:
        v = super().seat_view(seat)
        v["four"]["seat"] = self._place(self.deal, seat)  # -1: the dealer sits out (N5)
        return v

    # -- the settings -----------------------------------------------------------------------

    def _read_rules(self, data: Json) -> Ruleset:
        return Ruleset.from_dict(data["rules"], recorded=True)

    @property
    def deals(self) -> int:
        """The session's deals (N4), stored with the rules."""
        return int(self.stored.rules["deals"])

    def rematch_rules(self, stored: Json) -> Json:
        return Settings4(self.rules.with_current_cap(), self.deals).to_dict()

    def _new_session(self) -> Session4:
        s = self.stored
        # rules without tie-break deals (an event's tables: S3 off) play none at four either
        tiebreak = TIEBREAK_DEALS if self.rules.tiebreak_deals else 0
        return Session4(self.rules, s.seed, s.first_dealer, self.names, self.deals, tiebreak)

    @classmethod
    def read_new(cls, raw: object) -> tuple[NewTable, Settings4]:
        body = NewUlti4Table.model_validate(raw)
        rules = Ruleset.from_dict({"preset": body.preset, **body.options})
        return body, Settings4(rules, body.deals - body.deals % ROUND)

    def deal_facts(self, d: Deal4) -> list[DealFacts]:
        """The three's facts in their seats; the dealer's row: a deal sat out (N3)."""
        three = super().deal_facts(d)
        out = [DealFacts(0, "none", None, None, None, None, 0, 0, 0)] * 4
        for place, facts in enumerate(three):
            out[d.seat_of(place)] = facts
        return out


#: The table of this game (:func:`ulti.server.tables.registry.table_class` finds it by name).
TABLE = Ulti4Table
