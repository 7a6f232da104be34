"""Where the server keeps its puzzles (migration 0009): each puzzle (its body as mined, its
Glicko-2 rating), each account's puzzle rating and best rushes, every attempt an account made,
and the rushes under way.  Every write is one transaction: an attempt and both ratings it moves
are kept together or not at all.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import (
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    delete,
    func,
    select,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from ulti.analysis.glicko import Rating
from ulti.analysis.puzzles import Puzzle
from ulti.server.store import Base, Store, now, utc


class PuzzleRow(Base):
    __tablename__ = "ulti_puzzles"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(16))
    kind: Mapped[str] = mapped_column(String(16), index=True)
    themes: Mapped[str] = mapped_column(String(256))  # space separated, with spaces around
    margin: Mapped[float] = mapped_column(Float)
    body: Mapped[str] = mapped_column(Text)  # JSON: Puzzle.to_dict()
    rating: Mapped[float] = mapped_column(Float, index=True)
    rd: Mapped[float] = mapped_column(Float)
    vol: Mapped[float] = mapped_column(Float)
    plays: Mapped[int] = mapped_column(Integer)  # rated attempts
    solved: Mapped[int] = mapped_column(Integer)  # rated attempts answered right


class SolverRow(Base):
    __tablename__ = "ulti_puzzle_solvers"

    user_id: Mapped[int] = mapped_column(ForeignKey("ulti_users.id"), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    vol: Mapped[float] = mapped_column(Float)
    attempts: Mapped[int] = mapped_column(Integer)
    solved: Mapped[int] = mapped_column(Integer)
    rush_mixed: Mapped[int] = mapped_column(Integer)  # the best rush of each mode
    rush_talon: Mapped[int] = mapped_column(Integer)


class AttemptRow(Base):
    __tablename__ = "ulti_puzzle_attempts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("ulti_users.id"), index=True)
    puzzle_id: Mapped[str] = mapped_column(ForeignKey("ulti_puzzles.id"))
    mode: Mapped[str] = mapped_column(String(16))  # train, daily, rush
    choice: Mapped[int] = mapped_column(Integer)
    right: Mapped[bool] = mapped_column(Boolean)
    #: the account's rating before and after (None: not rated: a puzzle seen before, a rush)
    before: Mapped[float | None] = mapped_column(Float, nullable=True)
    after: Mapped[float | None] = mapped_column(Float, nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RushRow(Base):
    __tablename__ = "ulti_puzzle_rushes"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("ulti_users.id"), nullable=True)
    mode: Mapped[str] = mapped_column(String(16))  # mixed, talon
    started: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    ends: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    queue: Mapped[str] = mapped_column(Text)  # JSON: the puzzles' ids, easiest first
    at: Mapped[int] = mapped_column(Integer)  # the place in the queue of the puzzle asked
    score: Mapped[int] = mapped_column(Integer)
    mistakes: Mapped[int] = mapped_column(Integer)
    over: Mapped[bool] = mapped_column(Boolean)


@dataclass(frozen=True)
class StoredPuzzle:
    puzzle: Puzzle
    rating: Rating
    plays: int
    solved: int


@dataclass(frozen=True)
class Solver:
    """An account's puzzle record: its rating, attempts, right answers and best rushes."""

    rating: Rating
    attempts: int
    solved: int
    rush: dict[str, int]


@dataclass(frozen=True)
class Attempt:
    puzzle_id: str
    kind: str
    mode: str
    right: bool
    before: float | None
    after: float | None
    at: datetime


@dataclass(frozen=True)
class Rush:
    id: str
    user_id: int | None
    mode: str
    started: datetime
    ends: datetime
    queue: tuple[str, ...]
    at: int
    score: int
    mistakes: int
    over: bool


def _puzzle(row: PuzzleRow) -> StoredPuzzle:
    return StoredPuzzle(
        Puzzle.from_dict(json.loads(row.body)),
        Rating(row.rating, row.rd, row.vol),
        row.plays,
        row.solved,
    )


def _solver(row: SolverRow | None) -> Solver:
    if row is None:
        return Solver(Rating(), 0, 0, {"mixed": 0, "talon": 0})
    return Solver(
        Rating(row.rating, row.rd, row.vol),
        row.attempts,
        row.solved,
        {"mixed": row.rush_mixed, "talon": row.rush_talon},
    )


def _rush(row: RushRow) -> Rush:
    return Rush(
        row.id,
        row.user_id,
        row.mode,
        utc(row.started),
        utc(row.ends),
        tuple(json.loads(row.queue)),
        row.at,
        row.score,
        row.mistakes,
        row.over,
    )


def _solver_row(s: Session, user_id: int) -> SolverRow:
    """An account's solver row, made (rated as unknown) on its first attempt or rush."""
    row = s.get(SolverRow, user_id)
    if row is None:
        fresh = Rating()
        row = SolverRow(
            user_id=user_id,
            rating=fresh.rating,
            rd=fresh.rd,
            vol=fresh.vol,
            attempts=0,
            solved=0,
            rush_mixed=0,
            rush_talon=0,
        )
        s.add(row)
    return row


class PuzzleStore:
    """The puzzles of one server, in its :class:`~ulti.server.store.Store`'s database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # -- the puzzles ------------------------------------------------------------------------

    def count(self) -> int:
        with self.store.reading() as s:
            return int(s.scalar(select(func.count()).select_from(PuzzleRow)) or 0)

    def add(self, puzzles: Iterable[Puzzle]) -> int:
        """Keep puzzles not kept yet (new ones rated as unknown); how many were added."""
        found = list(puzzles)
        with self.store.reading() as s:
            have = set(s.scalars(select(PuzzleRow.id)))
        new = [p for p in found if p.id not in have]
        fresh = Rating()
        try:
            with self.store.writing() as s:
                for p in new:
                    s.add(
                        PuzzleRow(
                            id=p.id,
                            game=p.game,
                            kind=p.kind,
                            themes=" " + " ".join(p.themes) + " ",
                            margin=p.margin,
                            body=json.dumps(p.to_dict(), ensure_ascii=False, separators=(",", ":")),
                            rating=fresh.rating,
                            rd=fresh.rd,
                            vol=fresh.vol,
                            plays=0,
                            solved=0,
                        )
                    )
        except IntegrityError:
            return 0  # another server of the same database kept them first (one transaction)
        return len(new)

    def puzzle(self, puzzle_id: str) -> StoredPuzzle | None:
        with self.store.reading() as s:
            row = s.get(PuzzleRow, puzzle_id)
            return None if row is None else _puzzle(row)

    def near(
        self,
        rating: float,
        theme: str | None = None,
        kind: str | None = None,
        exclude_user: int | None = None,
        exclude: Sequence[str] = (),
        limit: int = 40,
    ) -> list[str]:
        """Puzzles rated nearest ``rating`` (of a theme or a kind), leaving out those the
        account tried and those named."""
        q = select(PuzzleRow.id).order_by(func.abs(PuzzleRow.rating - rating), PuzzleRow.id)
        if theme is not None:
            q = q.where(PuzzleRow.themes.contains(f" {theme} "))
        if kind is not None:
            q = q.where(PuzzleRow.kind == kind)
        if exclude_user is not None:
            tried = select(AttemptRow.puzzle_id).where(AttemptRow.user_id == exclude_user)
            q = q.where(PuzzleRow.id.not_in(tried))
        if exclude:
            q = q.where(PuzzleRow.id.not_in(list(exclude)))
        with self.store.reading() as s:
            return list(s.scalars(q.limit(limit)))

    def ids(self, kind: str | None = None) -> list[tuple[str, float]]:
        """Every puzzle's id and rating (of a kind), by rating."""
        q = select(PuzzleRow.id, PuzzleRow.rating).order_by(PuzzleRow.rating, PuzzleRow.id)
        if kind is not None:
            q = q.where(PuzzleRow.kind == kind)
        with self.store.reading() as s:
            return [(i, float(r)) for i, r in s.execute(q)]

    def theme_counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        with self.store.reading() as s:
            for (themes,) in s.execute(select(PuzzleRow.themes)):
                for t in themes.split():
                    out[t] = out.get(t, 0) + 1
        return out

    # -- solvers ----------------------------------------------------------------------------

    def solver(self, user_id: int) -> Solver:
        with self.store.reading() as s:
            return _solver(s.get(SolverRow, user_id))

    def tried(self, user_id: int, puzzle_id: str) -> bool:
        q = select(AttemptRow.id).where(
            AttemptRow.user_id == user_id, AttemptRow.puzzle_id == puzzle_id
        )
        with self.store.reading() as s:
            return s.scalar(q.limit(1)) is not None

    def attempt(
        self,
        user_id: int,
        puzzle_id: str,
        mode: str,
        choice: int,
        right: bool,
        rated: tuple[Rating, Rating] | None,
    ) -> None:
        """Keep an account's attempt; ``rated``: the account's and the puzzle's new ratings
        (the attempt moves both), or None (kept unrated)."""
        with self.store.writing() as s:
            row = _solver_row(s, user_id)
            before = after = None
            if rated is not None:
                mine, theirs = rated
                before, after = row.rating, mine.rating
                row.rating, row.rd, row.vol = mine.rating, mine.rd, mine.vol
                row.attempts += 1
                row.solved += int(right)
                p = s.get(PuzzleRow, puzzle_id)
                assert p is not None
                p.rating, p.rd, p.vol = theirs.rating, theirs.rd, theirs.vol
                p.plays += 1
                p.solved += int(right)
            s.add(
                AttemptRow(
                    user_id=user_id,
                    puzzle_id=puzzle_id,
                    mode=mode,
                    choice=choice,
                    right=right,
                    before=before,
                    after=after,
                    at=now(),
                )
            )

    def history(self, user_id: int, limit: int = 50) -> list[Attempt]:
        q = (
            select(AttemptRow, PuzzleRow.kind)
            .join(PuzzleRow, PuzzleRow.id == AttemptRow.puzzle_id)
            .where(AttemptRow.user_id == user_id)
            .order_by(AttemptRow.at.desc(), AttemptRow.id.desc())
            .limit(limit)
        )
        with self.store.reading() as s:
            return [
                Attempt(a.puzzle_id, kind, a.mode, a.right, a.before, a.after, utc(a.at))
                for a, kind in s.execute(q)
            ]

    # -- rushes -----------------------------------------------------------------------------

    def start_rush(self, rush: Rush) -> None:
        with self.store.writing() as s:
            # rushes over for a day are forgotten (their best scores are the solvers')
            s.execute(delete(RushRow).where(RushRow.ends < now() - timedelta(days=1)))
            s.add(
                RushRow(
                    id=rush.id,
                    user_id=rush.user_id,
                    mode=rush.mode,
                    started=rush.started,
                    ends=rush.ends,
                    queue=json.dumps(list(rush.queue)),
                    at=rush.at,
                    score=rush.score,
                    mistakes=rush.mistakes,
                    over=rush.over,
                )
            )

    def rush(self, rush_id: str) -> Rush | None:
        with self.store.reading() as s:
            row = s.get(RushRow, rush_id)
            return None if row is None else _rush(row)

    def rush_moved(self, rush: Rush, *, expect_at: int) -> bool:
        """Keep a rush's new place, score and mistakes, if it is still where it was
        (``expect_at``: two answers to one puzzle count once); whether it was kept.  A rush
        that ends keeps its account's best score of the mode."""
        with self.store.writing() as s:
            row = s.get(RushRow, rush.id)
            if row is None or row.at != expect_at or row.over:
                return False
            row.at, row.score, row.mistakes, row.over = (
                rush.at,
                rush.score,
                rush.mistakes,
                rush.over,
            )
            if rush.over and rush.user_id is not None:
                solver = _solver_row(s, rush.user_id)
                field = "rush_talon" if rush.mode == "talon" else "rush_mixed"
                setattr(solver, field, max(getattr(solver, field), rush.score))
            return True


def puzzle_json(p: StoredPuzzle) -> dict[str, Any]:
    return {"rating": round(p.rating.rating), "plays": p.plays, "solved": p.solved}
