"""A session (S3): a match of many deals with a rotating dealer and running totals.

The dealer of deal ``k`` is ``(first_dealer + k) mod 3`` (the deal passes to the right, C4); its
seed is derived from the session seed (:func:`ulti.core.seeds.derive_seed`), so a session is
reproducible from its seed and actions alone.  After ``rules.session_deals`` deals a tie for
first place is broken by one more round of ``rules.tiebreak_deals`` deals; a tie after that
stands.  Scores are units; ``money`` shows them in forints (``rules.unit_forints`` a unit).

A session saves as a record (format ``ulti-session``) holding a deal record for every deal
played or in progress, and resumes from it exactly.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Generic, Protocol, Self, TypeVar

from ulti.core.seeds import derive_seed
from ulti.games.base import State, series_record
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.record import RecordError, from_record, to_record
from ulti.games.ulti.rules import Ruleset, RulesetError

FORMAT = "ulti-session"
VERSION = 2  # 2: its deal records are version 2 (with the typed outcome); 1 is read too
READS = (1, 2)


class SessionDeal(State[Any, Any], Protocol):
    """What a session needs of its deals (a three-handed :class:`Deal`, a four-handed one):
    a deal of the framework, with its rules and its contract (None: none was played)."""

    @property
    def rules(self) -> Ruleset: ...

    @property
    def contract(self) -> Any: ...


D = TypeVar("D", bound=SessionDeal)


class SessionOf(Generic[D]):
    """A match of deals at a table of :attr:`SEATS` seats (three: :class:`Session`; four, the
    dealer sitting out: :class:`ulti.games.ulti4.Session4`).  Play the current deal
    (``session.deal``) through its own API; call :meth:`next_deal` when it is over.  A table's
    own kind of session says how a deal is made (:meth:`_make`), how many deals it plays
    (:attr:`session_deals`, :attr:`tiebreak_deals`) and how its record is written and read."""

    #: seats at the table
    SEATS = 3
    #: the record's format
    FORMAT = FORMAT

    def __init__(
        self,
        rules: Ruleset | None = None,
        seed: int = 0,
        first_dealer: int = 0,
        players: list[str] | None = None,
    ) -> None:
        n = self.SEATS
        if first_dealer not in range(n) or isinstance(first_dealer, bool):
            raise ValueError(f"C3: the first dealer is seat 0 to {n - 1}")
        self.rules = rules or Ruleset()
        self.seed = seed
        self.first_dealer = first_dealer
        self.players = list(players) if players else [f"Seat {i}" for i in range(n)]
        if len(self.players) != n:
            raise ValueError(f"C3: a session has {n} players")
        self.deals: list[D] = [self._make(0)]

    def _make(self, index: int) -> D:
        """Deal ``index`` of the session: its seed derived from the session's, the deal
        passing to the next seat (C4)."""
        dealer = (self.first_dealer + index) % self.SEATS
        return self._deal(self.rules, derive_seed(self.seed, index), dealer)

    @staticmethod
    def _deal(rules: Ruleset, seed: int, dealer: int) -> D:
        """A new deal of the session's kind."""
        raise NotImplementedError

    @property
    def session_deals(self) -> int:
        """The deals of the session before any tie-break (S3)."""
        return self.rules.session_deals

    @property
    def tiebreak_deals(self) -> int:
        """The deals of a tie-break round (S3)."""
        return self.rules.tiebreak_deals

    # -- progress -------------------------------------------------------------------------

    @property
    def deal(self) -> D:
        """The deal in progress (or the last one, when the session is over)."""
        return self.deals[-1]

    @property
    def finished_deals(self) -> list[D]:
        return [d for d in self.deals if d.is_over()]

    @property
    def totals(self) -> tuple[int, ...]:
        """Running totals in units (S3), a seat each."""
        return self._totals(self.deals)

    def _totals(self, deals: Sequence[D]) -> tuple[int, ...]:
        t = [0] * self.SEATS
        for d in deals:
            for i, v in enumerate(d.returns()):
                t[i] += v
        return tuple(t)

    def money(self) -> tuple[int, ...]:
        u = self.rules.unit_forints
        return tuple(x * u for x in self.totals)

    @property
    def planned_deals(self) -> int:
        """Deals this session will have: the regular ones, plus a tie-break round if the
        regular ones end with a tie for first."""
        n = self.session_deals
        if len(self.finished_deals) >= n and self._tied_after(n):
            return n + self.tiebreak_deals
        return n

    def _tied_after(self, n: int) -> bool:
        t = sorted(self._totals(self.deals[:n]))
        return t[-1] == t[-2]

    def is_over(self) -> bool:
        return len(self.finished_deals) >= self.planned_deals and self.deal.is_over()

    @property
    def in_tiebreak(self) -> bool:
        return len(self.deals) > self.session_deals

    def next_deal(self) -> D:
        """Start the next deal (the current one must be over)."""
        if not self.deal.is_over():
            raise ValueError("S3: the current deal is not over")
        if self.is_over():
            raise ValueError("S3: the session is over")
        self.deals.append(self._make(len(self.deals)))
        return self.deal

    def winners(self) -> list[int]:
        """The seats with the highest total (more than one when a tie stands)."""
        t = self.totals
        best = max(t)
        return [i for i in range(self.SEATS) if t[i] == best]

    def score_sheet(
        self, lang: str = "en"
    ) -> list[tuple[int, int, str, tuple[int, ...], tuple[int, ...]]]:
        """Per finished deal: (number, dealer, contract in ``lang``, deal result, running
        totals), a column a seat."""
        rows = []
        run = [0] * self.SEATS
        for i, d in enumerate(self.deals):
            if not d.is_over():
                continue
            r = d.returns()
            for k in range(self.SEATS):
                run[k] += r[k]
            contract = (
                "-"
                if d.contract is None
                else d.contract.title_hu
                if lang == "hu"
                else d.contract.title
            )
            rows.append((i + 1, d.dealer, contract, tuple(r), tuple(run)))
        return rows

    # -- records --------------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        return series_record(self, self.FORMAT, VERSION, self._deal_record)

    @staticmethod
    def _deal_record(deal: D, players: list[str]) -> dict[str, Any]:
        """One deal's record in the session's (the game's ``to_record``)."""
        raise NotImplementedError

    @staticmethod
    def _read_deal(rec: Any) -> D:
        """One deal back from its record (RecordError when it is not one)."""
        raise NotImplementedError

    def dumps(self) -> str:
        return json.dumps(self.to_record(), ensure_ascii=False, indent=1)

    def save(self, path: str | Path) -> None:
        """Write the session atomically (a crash mid-write leaves the old file intact)."""
        p = Path(path)
        tmp = p.with_name(p.name + ".tmp")
        tmp.write_text(self.dumps(), encoding="utf-8")
        tmp.replace(p)

    @classmethod
    def from_record(cls, rec: Any) -> Self:
        if not isinstance(rec, dict) or rec.get("format") != cls.FORMAT:
            raise RecordError("bad-session")
        if rec.get("version") not in READS or isinstance(rec.get("version"), bool):
            raise RecordError("bad-session-version", version=rec.get("version"))
        try:
            rules = Ruleset.from_dict(rec.get("rules", {}), recorded=True)
        except RulesetError as exc:
            raise RecordError("bad-rules", why=exc) from None
        seed, first = rec.get("seed"), rec.get("first_dealer")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << 64:
            raise RecordError("bad-seed")
        if not isinstance(first, int) or isinstance(first, bool) or first not in range(cls.SEATS):
            raise RecordError("bad-first-dealer", n=cls.SEATS - 1)
        deals = rec.get("deals")
        if not isinstance(deals, list) or not deals:
            raise RecordError("bad-deals")
        s = cls._from_parts(rules, seed, first, rec)
        s.deals = []
        for i, drec in enumerate(deals):
            try:
                d = cls._read_deal(drec)
            except RecordError as exc:
                raise RecordError("bad-in-deal", n=i + 1, why=exc) from None
            expected = s._make(i)
            if (d.seed, d.dealer, d.rules) != (expected.seed, expected.dealer, rules):
                raise RecordError("bad-not-following", n=i + 1)
            if i < len(deals) - 1 and not d.is_over():
                raise RecordError("bad-unfinished-deal", n=i + 1)
            s.deals.append(d)
        if len(s.deals) > s.planned_deals:
            raise RecordError("bad-too-many")
        return s

    @classmethod
    def _from_parts(cls, rules: Ruleset, seed: int, first: int, rec: dict[str, Any]) -> Self:
        """The session a record names, before its deals are read back."""
        return cls(rules, seed, first, rec.get("players"))

    @classmethod
    def load(cls, path: str | Path) -> Self:
        try:
            rec = json.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as exc:
            raise RecordError("bad-read", path=path, why=exc.strerror) from None
        except json.JSONDecodeError as exc:
            raise RecordError("bad-json", why=exc) from None
        return cls.from_record(rec)


class Session(SessionOf[Deal]):
    """A session of three (S3): every seat plays every deal, the deal passing round (C4)."""

    @staticmethod
    def _deal(rules: Ruleset, seed: int, dealer: int) -> Deal:
        return Deal(rules, seed, dealer)

    @staticmethod
    def _deal_record(deal: Deal, players: list[str]) -> dict[str, Any]:
        return to_record(deal, players)

    @staticmethod
    def _read_deal(rec: Any) -> Deal:
        return from_record(rec)
