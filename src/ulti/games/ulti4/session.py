"""A session of four (N4): the deal passes round four seats, each deal's dealer sitting out.

Its length is a multiple of four (default 24: each player deals six times and sits out six
deals), a tie for first is broken by one more round of four deals, and its score sheet has a
column a seat.  Deal ``k``'s dealer is ``(first_dealer + k) mod 4`` and its seed is derived
from the session's, as in a session of three.
"""

from __future__ import annotations

from typing import Any, Self

from ulti.games.ulti.record import RecordError
from ulti.games.ulti.rules import Ruleset
from ulti.games.ulti.session import SessionOf
from ulti.games.ulti4.deal import SEATS, Deal4
from ulti.games.ulti4.record import from_record, to_record

FORMAT = "ulti4-session"
#: N4: 24 deals, each player dealing six times; a tie-break round of four.
SESSION_DEALS = 24
TIEBREAK_DEALS = 4


class Session4(SessionOf[Deal4]):
    """A session at a table of four."""

    SEATS = SEATS
    FORMAT = FORMAT

    def __init__(
        self,
        rules: Ruleset | None = None,
        seed: int = 0,
        first_dealer: int = 0,
        players: list[str] | None = None,
        deals: int = SESSION_DEALS,
        tiebreak: int = TIEBREAK_DEALS,
    ) -> None:
        if not _count(deals) or deals < 4 or deals % 4:
            raise ValueError("N4: a session of four plays a positive multiple of 4 deals")
        if not _count(tiebreak) or tiebreak < 0 or tiebreak % 4:
            raise ValueError("N4: a tie-break round of four is a multiple of 4 deals")
        self._deals, self._tiebreak = deals, tiebreak
        super().__init__(rules, seed, first_dealer, players)

    @property
    def session_deals(self) -> int:
        return self._deals

    @property
    def tiebreak_deals(self) -> int:
        return self._tiebreak

    @staticmethod
    def _deal(rules: Ruleset, seed: int, dealer: int) -> Deal4:
        return Deal4(rules, seed, dealer)

    @staticmethod
    def _deal_record(deal: Deal4, players: list[str]) -> dict[str, Any]:
        return to_record(deal, players)

    @staticmethod
    def _read_deal(rec: Any) -> Deal4:
        return from_record(rec)

    def to_record(self) -> dict[str, Any]:
        return {
            **super().to_record(),
            "session_deals": self._deals,
            "tiebreak_deals": self._tiebreak,
        }

    @classmethod
    def _from_parts(cls, rules: Ruleset, seed: int, first: int, rec: dict[str, Any]) -> Self:
        try:
            return cls(
                rules,
                seed,
                first,
                rec.get("players"),
                rec.get("session_deals", SESSION_DEALS),
                rec.get("tiebreak_deals", TIEBREAK_DEALS),
            )
        except ValueError as exc:
            raise RecordError("bad-session4", why=exc) from None


def _count(n: object) -> bool:
    return isinstance(n, int) and not isinstance(n, bool)
