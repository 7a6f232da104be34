"""Analysis and teaching mode (:mod:`ulti.analysis.ulti`) as work for the computer players'
worker processes (:mod:`ulti.players.pool`, one solver per single-threaded worker), never for
the event loop.

A finished Ulti deal is analysed on request (the replay page): :class:`Analyses` works each
out once, ``max_analyses`` at a time and never in every worker, after the computer players'
decisions, and keeps the answers per (table, deal).  A seat playing against computer players
may ask, before a card, whether it would lose units (teaching mode, :func:`teach_answer`):
from its own observation only, before the computer players' decisions (a person waits for
it).
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections import OrderedDict
from collections.abc import Callable, Coroutine, Sequence
from typing import cast

from ulti.analysis.ulti import THRESHOLD, analyze, teach
from ulti.games.ulti.actions import Action, play
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.observation import Observation
from ulti.games.ulti.rules import Ruleset
from ulti.players import Player
from ulti.players.base import Budget
from ulti.players.pool import BotPool, DecisionError
from ulti.server.guard import ServerSettings
from ulti.server.tables.frames import Json, analysis_error

log = logging.getLogger(__name__)

#: The workers' queue: a teaching question before every computer player's decision, an
#: analysis after them (lower goes first; computer players use 0 and 1).
TEACH_PRIORITY = -1
ANALYSIS_PRIORITY = 2
#: Analyses waiting or running, per analysis the server runs at once (``max_analyses``):
#: beyond this, a request is refused (busy) rather than queued.
ANALYSIS_QUEUE = 4

#: An analysis's key: the table's id and the deal's number (from 1).
Key = tuple[str, int]


class PoolJob(Player):
    """Work for the computer players' worker processes, sent as a decision: the worker calls
    :meth:`act` and sends the job back with its ``result`` (plain data).  The pool's crash
    isolation, deadline, memory cap and queue apply."""

    name = "job"

    def __init__(self, seed: int = 0, budget: Budget | None = None) -> None:
        super().__init__(seed, budget)
        self.result: Json | None = None


class AnalysisJob(PoolJob):
    """A finished deal's analysis (:func:`ulti.analysis.ulti.analyze`), as JSON data."""

    def __init__(self, deal: Deal, budget: Budget, threshold: float, seed: int) -> None:
        super().__init__(seed, budget)
        self.deal: Deal | None = deal
        self.threshold = threshold

    def act(self, obs: Observation, legal: Sequence[Action]) -> Action:
        assert self.deal is not None
        self.result = analyze(self.deal, self.budget, self.threshold, self.seed).to_dict()
        self.deal = None  # not sent back
        return legal[0]


class TeachJob(PoolJob):
    """Teaching mode's question (:func:`ulti.analysis.ulti.teach`): would ``card`` lose units
    at the table's ``version`` (the question's seed: asked again, the same answer)?  Asked
    with the seat's observation only; the result is the warning's data or None."""

    def __init__(
        self, rules: Ruleset, card: int, budget: Budget, threshold: float, version: int
    ) -> None:
        super().__init__(version, budget)
        self.rules = rules
        self.card = card
        self.threshold = threshold
        self.version = version

    def act(self, obs: Observation, legal: Sequence[Action]) -> Action:
        warning = teach(obs, self.rules, self.card, self.budget, self.threshold, self.seed)
        self.result = None if warning is None else warning.to_dict()
        return play(self.card)


def read_threshold(value: object) -> float:
    """A teaching question's threshold in units (None: the default), or a refusal."""
    if value is None:
        return THRESHOLD
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or not 0.1 <= value <= 100
    ):
        raise analysis_error("malformed", "err-threshold")
    return value


async def teach_answer(
    pool: BotPool, table_id: str, ask: TeachJob, obs: Observation, legal: list[Action]
) -> Json | None:
    """The ``teach`` frame answering ``ask`` (``warning``: its data, None for no warning;
    ``failed`` when the workers could not answer); None when the server is closing."""
    frame: Json = {"type": "teach", "card": ask.card, "version": ask.version}
    try:
        _, after = await pool.decide(ask, obs, legal, priority=TEACH_PRIORITY)
    except DecisionError as exc:
        if exc.reason == "closed":
            return None
        log.warning("table %s: a teaching question failed (%s)", table_id, str(exc)[:300])
        failed = analysis_error("teach-failed", "err-teach-failed")
        frame.update(
            warning=None, failed=True, message=failed.message, message_hu=failed.message_hu
        )
    else:
        frame["warning"] = cast(PoolJob, after).result
    return frame


class Analyses:
    """The finished deals' analyses of one server: ``done`` keeps them per (table, deal),
    the most recently asked last (``analysis_cache`` of them); those under way are shared (a
    second request for the same deal waits for the same work)."""

    def __init__(self, pool: BotPool, settings: ServerSettings) -> None:
        self.pool = pool
        self.settings = settings
        self.done: OrderedDict[Key, Json] = OrderedDict()
        self._under_way: dict[Key, asyncio.Task[Json]] = {}
        #: a worker stays free for the computer players (made on first use: in the loop)
        self._slots: asyncio.Semaphore | None = None

    async def get(self, key: Key, work: Callable[[], Coroutine[object, object, Json]]) -> Json:
        """The analysis of ``key``: kept, under way, or ``work()`` started now (TableError:
        the server is busy; the analysis failed)."""
        done = self.done.get(key)
        if done is not None:
            self.done.move_to_end(key)
            return done
        task = self._under_way.get(key)
        if task is None:
            if len(self._under_way) >= ANALYSIS_QUEUE * self.settings.max_analyses:
                raise analysis_error("analysis-busy", "err-busy")
            task = asyncio.get_running_loop().create_task(work())
            self._under_way[key] = task

            def finished(t: asyncio.Task[Json]) -> None:
                if self._under_way.get(key) is t:
                    del self._under_way[key]
                if not t.cancelled():
                    t.exception()  # retrieved: a failure whose asker left is not logged again

            task.add_done_callback(finished)
        # the work goes on (and is kept) when the one who asked goes away
        return await asyncio.shield(task)

    async def work_out(self, key: Key, d: Deal, names: list[str]) -> Json:
        """Deal ``d`` analysed in the workers (with its number and the seats' names), and
        kept."""
        s = self.settings
        if self._slots is None:
            self._slots = asyncio.Semaphore(max(1, min(s.max_analyses, self.pool.workers - 1)))
        job = AnalysisJob(d, Budget(s.analysis_samples, s.analysis_ms), THRESHOLD, key[1])
        async with self._slots:
            try:
                _, after = await self.pool.decide(
                    job,
                    cast(Observation, None),  # the job reads its deal (over: nothing hidden)
                    [d.history[-1][1]],
                    priority=ANALYSIS_PRIORITY,
                    deadline=s.analysis_deadline,
                )
            except DecisionError as exc:
                if exc.reason != "closed":
                    log.warning(
                        "table %s: deal %d's analysis failed (%s)", key[0], key[1], str(exc)[:300]
                    )
                raise analysis_error("analysis-failed", "err-failed") from None
        result = cast(PoolJob, after).result
        if not isinstance(result, dict):  # pragma: no cover - the job always answers data
            raise analysis_error("analysis-failed", "err-failed")
        result = {**result, "deal": key[1], "names": names}
        self.done[key] = result
        while len(self.done) > s.analysis_cache:
            self.done.popitem(last=False)
        return result
