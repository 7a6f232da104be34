"""The server's puzzles (issue 31, docs/PUZZLES.md): a puzzle shown as its seat saw it, an
answer judged (and, for an account's first try, rated with Glicko-2: the solver and the puzzle
both move), the next puzzle near the solver's rating, the daily puzzle, rushes.

**What a solver is shown** is :func:`~ulti.analysis.puzzleview.position`: the seat's
observation at the puzzle's step in words, and the choices' words; never the deal's seed,
another hand, the talon unless the seat laid it, the answer or any value.  Values and the
answer come only with the judgement of an answer.

**Ratings.**  Only accounts are rated, once per puzzle (their first try); a guest's answers
are judged and kept nowhere, and move no puzzle's rating (nobody can push a puzzle's rating
without accounts).  A rush is never rated: its best score of each mode is kept on the account.

**Rushes.**  As many puzzles as possible in :data:`RUSH_SECONDS` (the server's clock decides;
an answer after the end is refused), easiest first; :data:`RUSH_STRIKES` wrong answers end
it.  Modes: ``mixed`` (every kind) and ``talon`` (laying the talon only).  Starting one is
capped per client address (:attr:`~ulti.server.guard.ServerSettings.rush_rate`).
"""

from __future__ import annotations

import hashlib
import random
import secrets
import threading
from dataclasses import replace
from datetime import date, datetime, timedelta
from typing import Any

from ulti import i18n
from ulti.analysis import glicko
from ulti.analysis.puzzles import THEMES, open_book
from ulti.analysis.puzzleview import judgement, position, theme_names
from ulti.server.puzzles.store import PuzzleStore, Rush, StoredPuzzle
from ulti.server.store import Store, now, utc

Json = dict[str, Any]

RUSH_SECONDS = 180
RUSH_STRIKES = 3
RUSH_MODES = ("mixed", "talon")
#: how many of the nearest-rated puzzles the next one is drawn from
NEAREST = 30


class PuzzleRefused(Exception):
    """A refused request: an HTTP status and the catalogue's ``puzzles.KEY`` (both languages)."""

    def __init__(self, status: int, key: str, **fields: object) -> None:
        super().__init__(i18n.text(f"puzzles.{key}", "en", **fields))
        self.status, self.key, self.fields = status, key, fields

    def text(self, lang: str) -> str:
        return i18n.text(f"puzzles.{self.key}", lang, **self.fields)


def _rating(r: glicko.Rating) -> Json:
    return {"rating": round(r.rating), "rd": round(r.rd), "provisional": r.provisional}


class Puzzles:
    """The puzzles of one server (see the module documentation)."""

    def __init__(self, store: Store) -> None:
        self.db = PuzzleStore(store)
        self._stocked = False
        self._lock = threading.Lock()

    def stock(self) -> int:
        """Fill an empty store with the starter set shipped with the package (once, on the
        first puzzle asked for: a server nobody solves on never reads it); how many it
        holds."""
        with self._lock:
            n = self.db.count()
            if n == 0:
                with open_book() as book:
                    self.db.add(book)
                n = self.db.count()
            self._stocked = True
            return n

    def _stock(self) -> None:
        if not self._stocked:
            self.stock()

    def puzzle(self, puzzle_id: str) -> StoredPuzzle:
        self._stock()
        got = self.db.puzzle(puzzle_id) if len(puzzle_id) <= 16 else None
        if got is None:
            raise PuzzleRefused(404, "err-no-puzzle")
        return got

    def shown(self, sp: StoredPuzzle) -> Json:
        return {**position(sp.puzzle), "rating": round(sp.rating.rating), "plays": sp.plays}

    def themes(self) -> list[Json]:
        self._stock()
        counts = self.db.theme_counts()
        return [
            {**t, "count": counts.get(t["tag"], 0)}
            for t in theme_names(THEMES)
            if counts.get(t["tag"])
        ]

    def next(self, user_id: int | None, theme: str | None, skip: list[str]) -> StoredPuzzle:
        """A puzzle near the solver's rating (a guest's: a new solver's), of the theme, not
        tried before (a guest names the ones it saw: ``skip``)."""
        if theme is not None and theme not in THEMES:
            raise PuzzleRefused(400, "err-theme", theme=theme)
        self._stock()
        rating = self.db.solver(user_id).rating.rating if user_id is not None else glicko.START
        ids = self.db.near(rating, theme, None, user_id, skip[:100], NEAREST)
        if not ids:
            ids = self.db.near(rating, theme, None, None, (), NEAREST)  # all tried: again
        if not ids:
            raise PuzzleRefused(404, "err-none-left")
        return self.puzzle(random.choice(ids))

    def daily(self, day: date) -> StoredPuzzle:
        """The day's puzzle: the same for everyone that day (drawn from every puzzle by a hash
        of the date)."""
        self._stock()
        ids = self.db.ids()
        if not ids:
            raise PuzzleRefused(404, "err-none-left")
        digest = hashlib.sha256(day.isoformat().encode()).digest()
        return self.puzzle(sorted(ids)[int.from_bytes(digest[:8], "big") % len(ids)][0])

    def answer(self, puzzle_id: str, choice: int, user_id: int | None, mode: str = "train") -> Json:
        sp = self.puzzle(puzzle_id)
        p = sp.puzzle
        if not 0 <= choice < len(p.choices):
            raise PuzzleRefused(400, "err-choice", n=len(p.choices))
        out = judgement(p, choice)
        out["puzzle_rating"] = round(sp.rating.rating)
        if user_id is None:
            out["rated"] = None
            return out
        right = p.right(choice)
        first = not self.db.tried(user_id, p.id)
        solver = self.db.solver(user_id)
        rated = glicko.attempt(solver.rating, sp.rating, right) if first else None
        self.db.attempt(user_id, p.id, mode, choice, right, rated)
        if rated is not None:
            mine, theirs = rated
            out["rated"] = {
                "before": round(solver.rating.rating),
                "after": round(mine.rating),
                "delta": round(mine.rating) - round(solver.rating.rating),
                **_rating(mine),
            }
            out["puzzle_rating"] = round(theirs.rating)
        else:
            out["rated"] = None
            out["seen"] = True  # tried before: judged, not rated
        return out

    def me(self, user_id: int) -> Json:
        s = self.db.solver(user_id)
        return {
            **_rating(s.rating),
            "attempts": s.attempts,
            "solved": s.solved,
            "rush": s.rush,
            "history": [
                {
                    "puzzle": a.puzzle_id,
                    "kind": a.kind,
                    "kind_words": i18n.both(f"puzzles.theme-{a.kind}"),
                    "mode": a.mode,
                    "right": a.right,
                    "before": None if a.before is None else round(a.before),
                    "after": None if a.after is None else round(a.after),
                    "at": a.at.isoformat(),
                }
                for a in self.db.history(user_id)
            ],
        }

    # -- rushes -----------------------------------------------------------------------------

    def start_rush(self, user_id: int | None, mode: str) -> Json:
        if mode not in RUSH_MODES:
            raise PuzzleRefused(400, "err-mode")
        self._stock()
        ids = self.db.ids("talon" if mode == "talon" else None)
        if not ids:
            raise PuzzleRefused(404, "err-none-left")
        rng = random.Random(secrets.randbits(64))
        # easiest first: a draw from each tenth of the ratings, in order
        n = len(ids)
        tenths = [ids[k * n // 10 : (k + 1) * n // 10] for k in range(10)]
        queue = [i for part in tenths for i, _r in rng.sample(part, min(len(part), 12))]
        started = now()
        rush = Rush(
            secrets.token_urlsafe(18),
            user_id,
            mode,
            started,
            started + timedelta(seconds=RUSH_SECONDS),
            tuple(queue),
            0,
            0,
            0,
            False,
        )
        self.db.start_rush(rush)
        return self._rush_view(rush)

    def _rush_view(self, rush: Rush, at: datetime | None = None) -> Json:
        t = at or now()
        left = max(0.0, (rush.ends - t).total_seconds())
        over = rush.over or left <= 0 or rush.at >= len(rush.queue)
        out: Json = {
            "id": rush.id,
            "mode": rush.mode,
            "score": rush.score,
            "mistakes": rush.mistakes,
            "strikes": RUSH_STRIKES,
            "seconds_left": round(left, 1),
            "ends": rush.ends.isoformat(),
            "over": over,
            "puzzle": None,
        }
        if not over:
            out["puzzle"] = position(self.puzzle(rush.queue[rush.at]).puzzle)
        return out

    def rush(self, rush_id: str, user_id: int | None) -> Rush:
        got = self.db.rush(rush_id) if len(rush_id) <= 32 else None
        if got is None or got.user_id != user_id:
            raise PuzzleRefused(404, "err-no-rush")
        return got

    def rush_answer(self, rush_id: str, user_id: int | None, puzzle_id: str, choice: int) -> Json:
        rush = self.rush(rush_id, user_id)
        t = now()
        if rush.over or t >= utc(rush.ends) or rush.at >= len(rush.queue):
            self._end(rush)
            raise PuzzleRefused(409, "err-rush-over", score=rush.score)
        if rush.queue[rush.at] != puzzle_id:
            raise PuzzleRefused(409, "err-rush-stale")
        p = self.puzzle(puzzle_id).puzzle
        if not 0 <= choice < len(p.choices):
            raise PuzzleRefused(400, "err-choice", n=len(p.choices))
        right = p.right(choice)
        mistakes = rush.mistakes + (0 if right else 1)
        moved = replace(
            rush,
            at=rush.at + 1,
            score=rush.score + int(right),
            mistakes=mistakes,
            over=mistakes >= RUSH_STRIKES or rush.at + 1 >= len(rush.queue),
        )
        if not self.db.rush_moved(moved, expect_at=rush.at):
            raise PuzzleRefused(409, "err-rush-stale")
        if user_id is not None:
            self.db.attempt(user_id, p.id, "rush", choice, right, None)
        return {"judgement": judgement(p, choice), **self._rush_view(moved, t)}

    def _end(self, rush: Rush) -> None:
        if not rush.over:
            self.db.rush_moved(replace(rush, over=True), expect_at=rush.at)

    def rush_state(self, rush_id: str, user_id: int | None) -> Json:
        rush = self.rush(rush_id, user_id)
        if not rush.over and now() >= utc(rush.ends):
            self._end(rush)
            rush = replace(rush, over=True)
        return self._rush_view(rush)
