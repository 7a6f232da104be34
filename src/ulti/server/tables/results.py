"""What a finished deal and a finished session leave behind for the club (docs/CLUB.md,
"Ratings and statistics"): the rows of the profiles, and the ratings of a rated table's
players (pure functions of the table's facts), and the :class:`Keeper` that takes them to the
store and does not let a refused write go: each write on its own, logged as an error when the
store refuses it, tried again until the store takes it, and written again at the next start
when the server stopped first."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field

from ulti.server.ratings import Rating, ranks_of, update
from ulti.server.stats import DealFacts
from ulti.server.store import DealResultRow, RatingRow, SessionResultRow

log = logging.getLogger(__name__)

#: Seconds before each try again of a write the store refused: soon (a busy database), then
#: once a minute for as long as the server runs.
RETRY_DELAYS = (0.5, 2.0, 10.0, 30.0, 60.0)
#: A write refused again is logged at its first refusal and at every tenth after it.
LOG_EVERY = 10


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


def session_rows(
    at: Seating, totals: Sequence[int], rated: bool, forfeits: Sequence[bool] = ()
) -> list[SessionResultRow]:
    """How each counted seat ended the session: its total and its place (ties share; a
    forfeit is last whatever its total: :func:`~ulti.server.ratings.ranks_of`)."""
    ranks = ranks_of([float(t) for t in totals], forfeits)
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
    keys: Sequence[str],
    known: Mapping[str, RatingRow],
    totals: Sequence[int],
    forfeits: Sequence[bool] = (),
) -> list[tuple[str, float, float]]:
    """The new ratings after a rated session (a player not rated yet starts from the
    defaults), as the store keeps them: ``(key, mu, sigma)``.  Every player's, when each
    seat was played to the end by whoever sat there; after a forfeit, the forfeits' alone,
    ranked last (docs/CLUB.md: the others did not choose to play a computer player)."""
    before = [Rating(known[k].mu, known[k].sigma) if k in known else Rating() for k in keys]
    gone = list(forfeits) or [False] * len(keys)
    after = update(before, [float(t) for t in totals], gone)
    changed = gone if any(gone) else [True] * len(keys)
    return [(k, r.mu, r.sigma) for k, r, c in zip(keys, after, changed, strict=True) if c]


def refused(exc: Exception) -> Callable[[], object]:
    """The write of rows that could not be worked out: refused whenever it is tried (the
    log says so, and the table's mark waits)."""

    def call() -> object:
        raise exc

    return call


@dataclass
class Write:
    """One write of a finished deal's results: ``what`` it keeps (for the log) and the store
    call.  A call may be made again: the store keeps a row or a session's ratings once."""

    deal: int
    what: str
    call: Callable[[], object]
    refused: int = field(default=0, compare=False)


class Keeper:
    """A table's results on their way to the store.  :meth:`keep` tries each write of a
    finished deal at once and on its own (a refused write of the profiles' rows never holds
    back the ratings); a refused one is logged as an error and kept, and tried again
    (:data:`RETRY_DELAYS`) until the store takes it.  Once every write of the table's first
    N deals is kept, the table's mark says N (``Store.set_recorded``): a server stopped
    with writes still kept in memory writes them again when it starts (the deals after the
    mark), so nothing is skipped without a word."""

    def __init__(
        self,
        table_id: str,
        run: Callable[[Callable[[], object]], Awaitable[object]],
        mark: Callable[[int], Callable[[], object]],
        recorded: int,
        delays: Sequence[float] | None = None,
        on_mark: Callable[[int], None] | None = None,
    ) -> None:
        self.table_id = table_id
        self._run = run
        self._mark = mark
        #: told each time the mark rises, once the mark is written (or was tried)
        self._on_mark = on_mark
        #: the deals from the first whose writes are all kept
        self.recorded = recorded
        self.delays = tuple(RETRY_DELAYS if delays is None else delays)
        #: the writes the store refused, to be tried again
        self.pending: list[Write] = []
        self._open: dict[int, int] = {}  # deal -> its writes not kept yet
        self._done: set[int] = set()  # deals after the mark whose writes are all kept
        self.task: asyncio.Task[None] | None = None

    async def keep(self, deal: int, writes: Sequence[tuple[str, Callable[[], object]]]) -> None:
        """Write deal ``deal``'s results (its number, from 1): each at once; what the store
        refuses is kept for later."""
        if deal <= self.recorded:
            return
        self._open[deal] = self._open.get(deal, 0) + len(writes)
        if not self._open[deal]:
            await self._deal_kept(deal)
        for what, call in writes:
            await self._try(Write(deal, what, call))

    async def _try(self, w: Write) -> bool:
        try:
            await self._run(w.call)
        except Exception as exc:
            w.refused += 1
            if w not in self.pending:
                self.pending.append(w)
            if w.refused == 1 or w.refused % LOG_EVERY == 0:
                log.error(
                    "table %s: deal %d's %s not kept (%s: %s), refused %d times; kept, to be "
                    "written again",
                    self.table_id,
                    w.deal,
                    w.what,
                    type(exc).__name__,
                    str(exc)[:200],
                    w.refused,
                )
            self._retry_later()
            return False
        if w in self.pending:
            self.pending.remove(w)
            log.warning(
                "table %s: deal %d's %s kept after %d refusals",
                self.table_id,
                w.deal,
                w.what,
                w.refused,
            )
        if w.deal > 0:
            self._open[w.deal] -= 1
            if not self._open[w.deal]:
                await self._deal_kept(w.deal)
        return True

    async def _deal_kept(self, deal: int) -> None:
        """Every write of ``deal`` is kept: the mark rises over the deals kept in a row."""
        del self._open[deal]
        self._done.add(deal)
        mark = self.recorded
        while mark + 1 in self._done:
            mark += 1
            self._done.discard(mark)
        if mark > self.recorded:
            self.recorded = mark
            await self._try(Write(0, f"mark ({mark} deals kept)", self._mark(mark)))
            if self._on_mark is not None:
                self._on_mark(mark)

    def _retry_later(self) -> None:
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._retry())

    async def _retry(self) -> None:
        """Try the refused writes again, sooner then later, until the store takes them all;
        when the server stops first, say what it did not keep."""
        tries = 0
        try:
            while self.pending:
                await asyncio.sleep(self.delays[min(tries, len(self.delays) - 1)])
                tries += 1
                for w in list(self.pending):
                    await self._try(w)
        except asyncio.CancelledError:
            if self.pending:
                log.error(
                    "table %s: stopping with %s not kept; written again when the server starts",
                    self.table_id,
                    ", ".join(f"deal {w.deal}'s {w.what}" for w in self.pending),
                )
            raise
