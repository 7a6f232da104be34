"""Analysis and teaching mode (:mod:`ulti.analysis.ulti`) as work for worker processes
(:mod:`ulti.players.pool`, one solver per single-threaded worker), never for the event loop,
and never for the computer players' workers: these jobs have workers of their own
(``job_workers``), so that a computer player's decision never waits behind one.

The job workers are shared fairly (:class:`JobQueue`): each client address has its own queue
of at most ``jobs_per_client`` jobs (waiting or under way; past it a job is refused, in both
languages), and a worker coming free takes the next client's job in turn (round robin), so
that one client's flood delays another's job by at most one job of each client ahead of it.

A finished Ulti deal is analysed on request (the replay page): :class:`Analyses` works each
out once, ``max_analyses`` at a time (one job worker left for teaching questions when there
are two or more), and keeps the answers per (table, deal); a client address may start
``analysis_rate`` new ones a second (bursts of ``analysis_burst``): those kept or under way
cost nothing.  A seat playing against computer players may ask, before a card, whether it
would lose units (teaching mode, :func:`teach_answer`), and a seat at a table that is not
rated nor an event's may ask what the computer would do (a hint, :func:`hint_answer`): both
from the seat's own observation only, ahead of its own client's analyses (a person waits).
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import math
from collections import OrderedDict, deque
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from typing import Literal, cast

from ulti.analysis import board
from ulti.analysis.ulti import THRESHOLD, analyze, hint, teach
from ulti.games.ulti.actions import Action, play
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.observation import Observation
from ulti.games.ulti.rules import Ruleset
from ulti.players import Player
from ulti.players.base import Budget
from ulti.players.pool import BotPool, DecisionError
from ulti.server.guard import BucketsByAddress, ServerSettings
from ulti.server.tables.frames import Json, analysis_error

log = logging.getLogger(__name__)

#: Analyses waiting or running, per analysis the server runs at once (``max_analyses``):
#: beyond this, a request is refused (busy) rather than queued.  (A new client's analysis
#: waits for one of each other client's, not for all of them: the queue is fair.)
ANALYSIS_QUEUE = 16

#: An analysis's key: the table's id and the deal's number (from 1).
Key = tuple[str, int]
#: What a job is: a teaching question or a hint (a person waits at a table) or a deal's
#: analysis.
Kind = Literal["teach", "hint", "board", "analysis"]


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


class HintJob(PoolJob):
    """A hint (:func:`ulti.analysis.ulti.hint`): what the sampling player would do at the
    table's ``version`` (the hint's seed: asked again, the same answer), and why.  Asked with
    the seat's observation only; the result is the hint's data."""

    def __init__(self, rules: Ruleset, budget: Budget, version: int) -> None:
        super().__init__(version, budget)
        self.rules = rules
        self.version = version

    def act(self, obs: Observation, legal: Sequence[Action]) -> Action:
        advice = hint(obs, self.rules, self.budget, self.seed)
        self.result = advice.to_dict(self.rules)
        return advice.action if advice.action in legal else legal[0]


class BoardJob(PoolJob):
    """A node of the what-if board (:mod:`ulti.analysis.board`) of a finished deal: the line
    replayed, its choices valued (the analysis's budget and seed: on the line played, the
    analysis's own values), as the board's view; or, with ``player``, what that computer
    player would do there (``{"action": code}``)."""

    def __init__(
        self,
        deal: Deal,
        line: list[str],
        names: list[str],
        budget: Budget,
        seed: int,
        player: str | None = None,
    ) -> None:
        super().__init__(seed, budget)
        self.deal: Deal | None = deal
        self.line = line
        self.names = names
        self.player = player

    def act(self, obs: Observation, legal: Sequence[Action]) -> Action:
        assert self.deal is not None
        played = board.line_of(self.deal)
        d = board.node(self.deal, self.line)
        k = len(self.line)
        if self.player is not None:
            a = board.move(d, self.player, self.seed + k)
            self.result = {"action": board.code(a)}
        else:
            on_line = played[:k] == self.line and k < len(played)
            taken = played[k : k + 2] if on_line else []
            taken_, then = board.parsed(taken)
            played_deal = self.deal if on_line else None
            decisions = board.values(d, self.budget, self.seed, taken_, then, played_deal)
            self.result = board.view(d, decisions, self.names)
        self.deal = None  # not sent back
        return legal[0]


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


def client_of(address: str) -> str:
    """The client whose queue a job joins: its address; for IPv6, its /64 network (one
    subscriber's, as a single address is in IPv4: whoever holds a network gets one queue and
    one allowance, not 2**64)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


@dataclass(eq=False)
class Ticket:
    """A client's place in :class:`JobQueue`: waiting until ``turn`` is done, then running
    (``running``) until released."""

    client: str
    kind: Kind
    turn: asyncio.Future[None] = field(repr=False)
    running: bool = False
    released: bool = False


class JobQueue:
    """The job workers' queue, fair between clients: a queue per client (``per_client``
    jobs at most, waiting or under way), served in turn (round robin); within a client,
    its teaching questions before its analyses, and no more than ``max_analyses`` analyses
    at once.  A job goes to ``pool`` only when one of its workers is free, so the pool's own
    order never decides.  Use from one event loop."""

    def __init__(self, pool: BotPool, per_client: int, max_analyses: int) -> None:
        self.pool = pool
        self.per_client = per_client
        self.max_analyses = max_analyses
        #: jobs given a worker, in all and analyses among them
        self.running = 0
        self.running_analyses = 0
        #: counters for /api/health: jobs given a worker, and refused (a client's queue full)
        self.started = 0
        self.refused = 0
        self._waiting: dict[str, deque[Ticket]] = {}
        #: the clients with jobs waiting, the next to be served first
        self._turns: deque[str] = deque()
        self._held: dict[str, int] = {}

    @property
    def queued(self) -> int:
        """Jobs waiting for a worker."""
        return sum(len(q) for q in self._waiting.values())

    def held(self, client: str) -> int:
        """The client's jobs waiting or under way."""
        return self._held.get(client, 0)

    def admit(self, client: str, kind: Kind) -> Ticket:
        """A place in the client's queue, or a refusal (TableError ``jobs-full``, nothing
        queued) when it holds ``per_client`` jobs already.  The ticket is given to
        :meth:`run`, or to :meth:`release` when the job is not run after all."""
        if self.held(client) >= self.per_client:
            self.refused += 1
            raise analysis_error("jobs-full", "err-jobs-full", n=self.per_client)
        ticket = Ticket(client, kind, asyncio.get_running_loop().create_future())
        self._held[client] = self.held(client) + 1
        queue = self._waiting.get(client)
        if queue is None:
            queue = self._waiting[client] = deque()
            self._turns.append(client)
        queue.append(ticket)
        self._dispatch()
        return ticket

    async def run(
        self,
        ticket: Ticket,
        job: PoolJob,
        obs: Observation,
        legal: Sequence[Action],
        deadline: float | None = None,
    ) -> Player:
        """``job`` worked out in a job worker once its ticket's turn comes: the job as it
        came back (DecisionError as :meth:`BotPool.decide`).  The ticket is released."""
        try:
            await ticket.turn
            _, after = await self.pool.decide(job, obs, legal, deadline=deadline)
            return after
        finally:
            self.release(ticket)

    def release(self, ticket: Ticket) -> None:
        """The ticket's job is done (or will not be run): its place is freed, once."""
        if ticket.released:
            return
        ticket.released = True
        left = self.held(ticket.client) - 1
        if left > 0:
            self._held[ticket.client] = left
        else:
            self._held.pop(ticket.client, None)
        if ticket.running:
            self.running -= 1
            if ticket.kind == "analysis":
                self.running_analyses -= 1
        else:
            queue = self._waiting.get(ticket.client)
            if queue is not None and ticket in queue:
                queue.remove(ticket)
                if not queue:
                    self._forget(ticket.client)
            if not ticket.turn.done():
                ticket.turn.cancel()
        self._dispatch()

    def _forget(self, client: str) -> None:
        del self._waiting[client]
        self._turns.remove(client)

    def _dispatch(self) -> None:
        """Give every free worker the next job in turn."""
        while self.running < self.pool.workers:
            ticket = self._next()
            if ticket is None:
                return
            ticket.running = True
            self.running += 1
            self.started += 1
            if ticket.kind == "analysis":
                self.running_analyses += 1
            ticket.turn.set_result(None)

    def _next(self) -> Ticket | None:
        """The next client's first job that may run now (its teaching questions and hints first; an
        analysis only below ``max_analyses``), taken off its queue; the client goes to the
        back of the turns.  None when nothing may run."""
        for client in list(self._turns):
            queue = self._waiting[client]
            ticket = self._first(queue)
            if ticket is None:
                continue
            queue.remove(ticket)
            self._turns.remove(client)
            if queue:
                self._turns.append(client)
            else:
                del self._waiting[client]
            return ticket
        return None

    def _first(self, queue: deque[Ticket]) -> Ticket | None:
        for ticket in queue:
            if ticket.kind != "analysis" and not ticket.turn.done():
                return ticket
        if self.running_analyses >= self.max_analyses:
            return None
        return next((t for t in queue if not t.turn.done()), None)


async def teach_answer(
    jobs: JobQueue,
    table_id: str,
    ticket: Ticket,
    ask: TeachJob,
    obs: Observation,
    legal: list[Action],
) -> Json | None:
    """The ``teach`` frame answering ``ask`` (``warning``: its data, None for no warning;
    ``failed`` when the workers could not answer); None when the server is closing."""
    frame: Json = {"type": "teach", "card": ask.card, "version": ask.version}
    return await _answer(jobs, table_id, ticket, ask, obs, legal, frame, "warning", "teach")


async def hint_answer(
    jobs: JobQueue,
    table_id: str,
    ticket: Ticket,
    ask: HintJob,
    obs: Observation,
    legal: list[Action],
) -> Json | None:
    """The ``hint`` frame answering ``ask`` (``hint``: its data; ``failed`` when the workers
    could not answer); None when the server is closing."""
    frame: Json = {"type": "hint", "version": ask.version}
    return await _answer(jobs, table_id, ticket, ask, obs, legal, frame, "hint", "hint")


async def _answer(
    jobs: JobQueue,
    table_id: str,
    ticket: Ticket,
    ask: PoolJob,
    obs: Observation,
    legal: list[Action],
    frame: Json,
    field: str,
    what: Literal["teach", "hint"],
) -> Json | None:
    """``frame`` with the job's result as ``field`` (None, ``failed`` and the words of
    ``analysis.err-{what}-failed`` when the workers could not answer); None when the server
    is closing."""
    try:
        after = await jobs.run(ticket, ask, obs, legal)
    except DecisionError as exc:
        if exc.reason == "closed":
            return None
        asked = "teaching question" if what == "teach" else "hint"
        log.warning("table %s: a %s failed (%s)", table_id, asked, str(exc)[:300])
        failed = analysis_error(f"{what}-failed", f"err-{what}-failed")
        frame.update(
            {field: None}, failed=True, message=failed.message, message_hu=failed.message_hu
        )
    else:
        frame[field] = cast(PoolJob, after).result
    return frame


#: The work of one analysis, given its ticket in the job queue.
Work = Callable[[Ticket], Coroutine[object, object, Json]]


class Analyses:
    """The finished deals' analyses of one server: ``done`` keeps them per (table, deal),
    the most recently asked last (``analysis_cache`` of them); those under way are shared (a
    second request for the same deal waits for the same work, and costs its client
    nothing)."""

    def __init__(self, jobs: JobQueue, settings: ServerSettings) -> None:
        self.jobs = jobs
        self.settings = settings
        self.done: OrderedDict[Key, Json] = OrderedDict()
        self._under_way: dict[Key, asyncio.Task[Json]] = {}
        #: new analyses per client address
        self.rates = BucketsByAddress(settings.analysis_rate, settings.analysis_burst)

    async def get(self, key: Key, client: str, work: Work) -> Json:
        """The analysis of ``key``: kept, under way, or ``work(ticket)`` started now for
        ``client`` (an address: :func:`client_of`).  TableError: the server is busy; the
        client's queue is full or its allowance spent; the analysis failed."""
        done = self.done.get(key)
        if done is not None:
            self.done.move_to_end(key)
            return done
        task = self._under_way.get(key)
        if task is None:
            task = self._start(key, client_of(client), work)
        # the work goes on (and is kept) when the one who asked goes away
        return await asyncio.shield(task)

    def _start(self, key: Key, client: str, work: Work) -> asyncio.Task[Json]:
        if len(self._under_way) >= ANALYSIS_QUEUE * self.settings.max_analyses:
            raise analysis_error("analysis-busy", "err-busy")
        ticket = self.jobs.admit(client, "analysis")
        if not self.rates.allow(client):
            self.jobs.release(ticket)
            raise analysis_error("analysis-limited", "err-limited")
        task = asyncio.get_running_loop().create_task(work(ticket))
        self._under_way[key] = task

        def finished(t: asyncio.Task[Json]) -> None:
            self.jobs.release(ticket)  # (a task cancelled before it began)
            if self._under_way.get(key) is t:
                del self._under_way[key]
            if not t.cancelled():
                t.exception()  # retrieved: a failure whose asker left is not logged again

        task.add_done_callback(finished)
        return task

    async def work_out(self, key: Key, d: Deal, names: list[str], ticket: Ticket) -> Json:
        """Deal ``d`` analysed in the job workers (with its number and the seats' names),
        and kept."""
        s = self.settings
        job = AnalysisJob(d, Budget(s.analysis_samples, s.analysis_ms), THRESHOLD, key[1])
        try:
            after = await self.jobs.run(
                ticket,
                job,
                cast(Observation, None),  # the job reads its deal (over: nothing hidden)
                [d.history[-1][1]],
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


def analyses_at_once(settings: ServerSettings) -> int:
    """Analyses given a job worker at once: ``max_analyses``, leaving one job worker to
    teaching questions when there are two or more."""
    return max(1, min(settings.max_analyses, settings.job_workers - 1))
