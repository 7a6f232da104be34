"""What a finished deal and a finished session leave behind for the club (docs/CLUB.md,
"Ratings and statistics"): the rows of the profiles, and the ratings of a rated table's
players.  Pure functions of the table's facts; the table stores what they give."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass

from ulti.server.ratings import Rating, ranks_of, update
from ulti.server.stats import DealFacts
from ulti.server.store import DealResultRow, RatingRow, SessionResultRow


@dataclass(frozen=True)
class Seating:
    """Who played where at one table: each seat's player key (None: a guest, not counted),
    the game and its rules family."""

    table_id: str
    game: str
    family: str
    keys: Sequence[str | None]


def deal_rows(at: Seating, deal_number: int, facts: Sequence[DealFacts]) -> list[DealResultRow]:
    """Each counted seat's facts of deal ``deal_number`` (from 1)."""
    return [
        DealResultRow(
            table_id=at.table_id,
            deal=deal_number,
            seat=i,
            player=key,
            game=at.game,
            family=at.family,
            **asdict(f),
        )
        for i, (key, f) in enumerate(zip(at.keys, facts, strict=True))
        if key is not None
    ]


def session_rows(at: Seating, totals: Sequence[int], rated: bool) -> list[SessionResultRow]:
    """How each counted seat ended the session: its total and its place (ties share)."""
    ranks = ranks_of([float(t) for t in totals])
    return [
        SessionResultRow(
            table_id=at.table_id,
            seat=i,
            player=key,
            game=at.game,
            family=at.family,
            total=totals[i],
            rank=ranks[i],
            players=len(at.keys),
            rated=rated,
        )
        for i, key in enumerate(at.keys)
        if key is not None
    ]


def new_ratings(
    keys: Sequence[str], known: Mapping[str, RatingRow], totals: Sequence[int]
) -> list[tuple[str, float, float]]:
    """The players' ratings after a rated session (a player not rated yet starts from the
    defaults), as the store keeps them: ``(key, mu, sigma)``."""
    before = [Rating(known[k].mu, known[k].sigma) if k in known else Rating() for k in keys]
    after = update(before, [float(t) for t in totals])
    return [(k, r.mu, r.sigma) for k, r in zip(keys, after, strict=True)]
