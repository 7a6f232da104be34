"""A Snapszli match (Z12, *bummli*): deals between two players until one reaches the match
points (ZV2), the dealer alternating; each deal's seed derived from the match's
(:func:`ulti.core.seeds.derive_seed`).  Saved and read back as a record of its deals'
records (format ``ulti-snapszli-match``); Ulti's counterpart is
:class:`ulti.games.ulti.session.Session`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ulti.core.errors import UltiError
from ulti.core.seeds import derive_seed
from ulti.games.base import series_record
from ulti.games.snapszli.deal import SnapDeal
from ulti.games.snapszli.record import VERSION, from_record, to_record
from ulti.games.snapszli.rules import SnapRules

MATCH_FORMAT = "ulti-snapszli-match"


class SnapMatch:
    """Deals between two players until one reaches the match points (Z12, ZV2); the dealer
    alternates; each deal's seed is derived from the match's."""

    def __init__(
        self,
        rules: SnapRules | None = None,
        seed: int = 0,
        first_dealer: int = 0,
        players: Sequence[str] = ("0", "1"),
    ) -> None:
        self.rules = rules or SnapRules()
        self.seed = seed
        self.first_dealer = first_dealer
        self.players = list(players)
        self.deals: list[SnapDeal] = []
        self.next_deal()

    @property
    def deal(self) -> SnapDeal:
        """The deal in progress (or the last one)."""
        return self.deals[-1]

    def totals(self) -> tuple[int, int]:
        """Each seat's game points so far (Z12)."""
        t = [0, 0]
        for d in self.deals:
            g = d.game_points()
            t[0] += g[0]
            t[1] += g[1]
        return (t[0], t[1])

    def is_over(self) -> bool:
        return max(self.totals()) >= self.rules.match_points

    def winner(self) -> int:
        """The seat that won the match (-1 while it runs)."""
        t = self.totals()
        return -1 if not self.is_over() else (0 if t[0] > t[1] else 1)

    def next_deal(self) -> SnapDeal:
        """Deal the next deal, once the one in progress is over and the match is not."""
        if self.deals and not self.deal.is_over():
            raise UltiError("the deal in progress is not over")
        if self.deals and self.is_over():
            raise UltiError(f"Z12: the match is over ({self.totals()[0]}-{self.totals()[1]})")
        n = len(self.deals)
        d = SnapDeal(self.rules, derive_seed(self.seed, n), (self.first_dealer + n) % 2)
        self.deals.append(d)
        return d

    def to_record(self) -> dict[str, Any]:
        return series_record(self, MATCH_FORMAT, VERSION, to_record)

    @classmethod
    def from_record(cls, rec: Any) -> SnapMatch:
        """A match read back, each deal replayed
        (:func:`~ulti.games.snapszli.record.from_record`)."""
        if not isinstance(rec, dict) or rec.get("format") != MATCH_FORMAT:
            raise UltiError(f"not a Snapszli match (the format is {MATCH_FORMAT!r})")
        rules = SnapRules.from_dict(rec.get("rules") or {})
        players = rec.get("players") or ["0", "1"]
        m = cls(rules, int(rec.get("seed", 0)), int(rec.get("first_dealer", 0)), players)
        deals = rec.get("deals") or []
        if not isinstance(deals, list):
            raise UltiError("deals: a list of records")
        m.deals = []
        for i, dr in enumerate(deals):
            try:
                d = from_record(dr)
            except UltiError as exc:
                raise UltiError(f"deal {i + 1}: {exc}") from None
            m.deals.append(d)
        if not m.deals:
            m.next_deal()
        return m

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_record(), ensure_ascii=False), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> SnapMatch:
        return cls.from_record(json.loads(Path(path).read_text(encoding="utf-8")))


__all__ = ["MATCH_FORMAT", "SnapMatch"]
