"""Computer players thinking in worker processes, each decision under a deadline.

A host that must stay up whatever its computer players do (the web server) sends each decision
to a pool of worker processes instead of running it in its own process:

* a **native crash** (the compiled solver runs without the GIL) kills one worker, not the host:
  the decision fails with :class:`DecisionError` and the worker is started again;
* a **runaway decision** is stopped at its deadline: the worker is killed and started again
  (the deadline is the decision's alone: a worker says it is ready once its interpreter has
  started, and a busy machine's slow start-up of a process is waited for apart, up to
  :data:`START_LIMIT`);
* a worker may use at most ``memory_mb`` of address space (a ``MemoryError`` is a failed
  decision, not a host out of memory) and runs at a lower priority (``nice``) than the host,
  so that people's actions are served first when the machine is busy.

A decision carries the player itself (pickled: its seed, its rules, what it planned), the
seat's observation and the legal actions; the worker returns the action and the player as it
is after deciding, which the host keeps for the next decision.  The host's copy is never
touched by a failed decision, so a crash loses nothing but that one decision, and a seeded
player decides in the pool exactly as it would in the host.

Each worker process is single-threaded: one decision at a time, one solver (see
:mod:`ulti.search.ulti.solver`), nothing shared.  Waiting for the workers happens in threads of the
pool's own (never the host's default executor, which storage uses).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import multiprocessing as mp
import os
import pickle
import signal
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from ulti.games.ulti.actions import Action
from ulti.games.ulti.observation import Observation
from ulti.players.base import Player

log = logging.getLogger(__name__)

PICKLE = pickle.HIGHEST_PROTOCOL
#: what a worker sends once it has started, before its first decision
READY = b"ready"
#: seconds a worker may take to start (a new interpreter: seconds on a loaded machine)
START_LIMIT = 120.0


class DecisionError(Exception):
    """A decision that gave no action: ``reason`` is ``crash`` (the worker died),
    ``deadline`` (it thought too long and was stopped), ``error`` (the player raised or
    answered an illegal action) or ``closed`` (the pool is shutting down)."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(f"{reason}: {message}")
        self.reason = reason
        self.message = message


@dataclass
class PoolStats:
    decisions: int = 0
    errors: int = 0
    crashes: int = 0
    deadlines: int = 0
    starts: int = 0
    #: seconds each successful decision took in its worker (the last 500 to 1,000)
    think: list[float] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        think = sorted(self.think)

        def ms(q: float) -> float | None:
            return (
                round(think[min(len(think) - 1, int(q * len(think)))] * 1000, 1) if think else None
            )

        return {
            "decisions": self.decisions,
            "errors": self.errors,
            "crashes": self.crashes,
            "deadlines": self.deadlines,
            "worker_starts": self.starts,
            "think_p50_ms": ms(0.5),
            "think_p99_ms": ms(0.99),
            "think_max_ms": ms(1.0),
        }


# -- the worker process -------------------------------------------------------------------


def _limit_memory(memory_mb: int) -> None:
    if memory_mb <= 0:
        return
    try:
        import resource  # POSIX only: a platform without it runs its workers unlimited

        limit = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ImportError, ValueError, OSError):  # pragma: no cover - not on every platform
        pass


def worker_main(conn: Connection, nice: int, memory_mb: int) -> None:
    """A worker: decisions in, actions (and the players after deciding) out, until EOF."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the host decides when workers stop
    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)
    _limit_memory(memory_mb)
    try:
        conn.send_bytes(READY)
    except (EOFError, OSError):
        return
    while True:
        try:
            job = conn.recv_bytes()
        except (EOFError, OSError):
            return  # the host closed the pipe or went away
        try:
            player, obs, legal = pickle.loads(job)
            t = time.perf_counter()
            action = player.act(obs, legal)
            dt = time.perf_counter() - t
            if action not in legal:
                raise ValueError(f"the player answered an illegal action: {action}")
            # the answer is its place among the legal actions (every action has one; not
            # every action has an integer id: kontras past the id range do not)
            reply: tuple[Any, ...] = ("ok", legal.index(action), player, dt)
        except MemoryError:
            reply = ("error", "MemoryError: the player ran out of its memory")
        except Exception as exc:  # a failed decision, reported to the host
            reply = ("error", f"{type(exc).__name__}: {exc}"[:500])
        try:
            data = pickle.dumps(reply, PICKLE)
        except Exception as exc:  # the player could not be sent back
            data = pickle.dumps(("error", f"unpicklable player: {exc}"[:500]), PICKLE)
        try:
            conn.send_bytes(data)
        except (EOFError, OSError):
            return


# -- the host side ------------------------------------------------------------------------


class _Worker:
    """One worker process and the host's end of its pipe: used by one pool thread at a
    time; :meth:`stop` may come from another (the pool closing), hence the lock."""

    def __init__(self, pool: BotPool, index: int) -> None:
        self.pool = pool
        self.index = index
        self.proc: BaseProcess | None = None
        self.conn: Connection | None = None
        self._lock = threading.Lock()

    def ensure(self) -> tuple[BaseProcess, Connection]:
        with self._lock:
            if self.proc is not None and self.conn is not None and self.proc.is_alive():
                return self.proc, self.conn
        self.stop()
        ctx: Any = mp.get_context(self.pool.context)
        ours, theirs = ctx.Pipe()
        proc = ctx.Process(
            target=worker_main,
            name=f"ulti-bot-{self.index}",
            args=(theirs, self.pool.nice, self.pool.memory_mb),
            daemon=True,
        )
        proc.start()
        theirs.close()
        with self._lock:
            self.proc, self.conn = proc, ours
        self.pool.stats.starts += 1
        if self.pool.closing:  # closed while this one was starting
            self.stop()
            raise DecisionError("closed", "the pool is closing")
        self._wait_ready(ours)
        return proc, ours

    def _wait_ready(self, conn: Connection) -> None:
        """Wait for a new worker's :data:`READY` (its start-up is not a decision's time)."""
        try:
            ready = conn.poll(START_LIMIT) and conn.recv_bytes() == READY
        except (EOFError, OSError):  # it died starting, or the pool closed meanwhile
            ready = False
        if not ready:
            self.stop()
            if self.pool.closing:
                raise DecisionError("closed", "the pool is closing")
            raise DecisionError("crash", f"the worker did not start within {START_LIMIT:g} s")

    def stop(self) -> None:
        with self._lock:
            proc, conn = self.proc, self.conn
            self.proc, self.conn = None, None
        if conn is not None:
            with contextlib.suppress(OSError):
                conn.close()
        if proc is not None:
            with contextlib.suppress(ValueError):  # already closed by another stop
                if proc.is_alive():
                    proc.kill()
                proc.join(5)
                proc.close()

    def run(self, payload: bytes, deadline: float) -> tuple[Any, ...]:
        """One decision (in a pool thread): the worker's reply, or DecisionError."""
        if self.pool.closing:
            raise DecisionError("closed", "the pool is closing")
        proc, conn = self.ensure()
        try:
            conn.send_bytes(payload)
            if not conn.poll(deadline):
                self.stop()
                raise DecisionError("deadline", f"no decision within {deadline:g} s")
            reply: tuple[Any, ...] = pickle.loads(conn.recv_bytes())
        except (EOFError, OSError, ValueError, pickle.UnpicklingError) as exc:
            code: int | None = None
            with contextlib.suppress(ValueError, AssertionError):
                proc.join(1)
                code = proc.exitcode
            self.stop()
            if self.pool.closing:
                raise DecisionError("closed", "the pool is closing") from None
            what = f"signal {-code}" if code is not None and code < 0 else f"exit code {code}"
            raise DecisionError(
                "crash", f"the worker died ({what}): {exc or type(exc).__name__}"
            ) from None
        return reply


@dataclass
class _Job:
    priority: Callable[[], int]  # asked when a worker is free: a table's people may come
    seq: int
    payload: bytes
    deadline: float
    future: asyncio.Future[tuple[Any, ...]]
    group: str = ""  # whose turn it takes (round robin between groups of one priority)


class BotPool:
    """Worker processes for computer players' decisions (see the module documentation).

    ``workers``: processes (default: one fewer than the machine's cores, at least one, so that
    the host keeps a core); ``deadline``: seconds a decision may take in its worker.  Workers
    start on the first decision and again after a crash or a deadline.  Use from one event
    loop; :meth:`close` stops every worker."""

    def __init__(
        self,
        workers: int | None = None,
        deadline: float = 10.0,
        nice: int = 10,
        memory_mb: int = 2048,
        context: str = "spawn",
    ) -> None:
        if workers is None:
            workers = max(1, (os.cpu_count() or 2) - 1)
        if not 1 <= workers <= 64:
            raise ValueError("bot workers: between 1 and 64")
        if not 0.05 <= deadline <= 600:
            raise ValueError("bot deadline: between 0.05 and 600 seconds")
        self.workers = workers
        self.deadline = deadline
        self.nice = nice
        self.memory_mb = memory_mb
        self.context = context
        self.stats = PoolStats()
        self.closing = False
        self._seq = itertools.count()
        self._pending: list[_Job] = []
        #: when each group's decision last got a worker (``_seq``'s count then)
        self._served: dict[str, int] = {}
        self._wake: asyncio.Event | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._slots = [_Worker(self, i) for i in range(workers)]
        self._threads = ThreadPoolExecutor(workers, thread_name_prefix="ulti-bot-wait")

    def _start(self) -> asyncio.Event:
        if self._wake is None:
            self._wake = asyncio.Event()
            loop = asyncio.get_running_loop()
            self._tasks = [loop.create_task(self._serve(slot)) for slot in self._slots]
        return self._wake

    async def _next(self) -> _Job:
        """The waiting decision to take now: the lowest priority (asked now), then the
        group served longest ago (round robin: one group's many decisions do not hold up
        another's), then the oldest; decisions whose askers gave up are dropped."""
        assert self._wake is not None
        while True:
            self._pending = [j for j in self._pending if not j.future.done()]
            if self._pending:
                served = self._served
                job = min(
                    self._pending,
                    key=lambda j: (j.priority(), served.get(j.group, -1), j.seq),
                )
                self._pending.remove(job)
                if len(served) > 10_000:  # forget the groups with nothing waiting
                    waiting = {j.group for j in self._pending}
                    self._served = served = {g: t for g, t in served.items() if g in waiting}
                served[job.group] = next(self._seq)
                return job
            self._wake.clear()
            await self._wake.wait()

    async def _serve(self, slot: _Worker) -> None:
        loop = asyncio.get_running_loop()
        while True:
            job = await self._next()
            try:
                reply = await loop.run_in_executor(
                    self._threads, slot.run, job.payload, job.deadline
                )
            except asyncio.CancelledError:  # the pool is closing: its asker hears so
                if not job.future.done():
                    job.future.set_exception(DecisionError("closed", "the pool is closing"))
                raise
            except DecisionError as exc:
                if not job.future.done():
                    job.future.set_exception(exc)
                continue
            except Exception as exc:  # pragma: no cover - a bug of the pool itself
                log.exception("bot pool: worker %d", slot.index)
                if not job.future.done():
                    job.future.set_exception(DecisionError("error", str(exc)))
                continue
            if not job.future.done():
                job.future.set_result(reply)

    async def decide(
        self,
        player: Player,
        obs: Observation,
        legal: Sequence[Action],
        priority: int | Callable[[], int] = 1,
        deadline: float | None = None,
        group: str = "",
    ) -> tuple[Action, Player]:
        """The player's action and the player as it is after deciding.  Raises
        :class:`DecisionError` (the host's player unchanged).  Lower ``priority`` first: a
        number, or a function asked when a worker comes free (a table a person has joined
        meanwhile goes first); among equals, the ``group`` (whose decision it is) served
        longest ago, then the oldest."""
        if self.closing:
            raise DecisionError("closed", "the pool is closing")
        wake = self._start()
        payload = pickle.dumps((player, obs, list(legal)), PICKLE)
        fut: asyncio.Future[tuple[Any, ...]] = asyncio.get_running_loop().create_future()
        rank = priority if callable(priority) else (lambda p=priority: p)
        self._pending.append(
            _Job(
                rank,
                next(self._seq),
                payload,
                deadline if deadline is not None else self.deadline,
                fut,
                group,
            )
        )
        wake.set()
        try:
            reply = await fut
        except DecisionError as exc:
            if exc.reason == "crash":
                self.stats.crashes += 1
            elif exc.reason == "deadline":
                self.stats.deadlines += 1
            elif exc.reason != "closed":
                self.stats.errors += 1
            raise
        finally:
            if not fut.done():
                fut.cancel()
        if reply[0] != "ok":
            self.stats.errors += 1
            raise DecisionError("error", str(reply[1]))
        _, index, new_player, seconds = reply
        if not isinstance(index, int) or not 0 <= index < len(legal):
            self.stats.errors += 1
            raise DecisionError("error", f"a reply out of range: {index!r}")
        action = legal[index]
        self.stats.decisions += 1
        self.stats.think.append(seconds)
        if len(self.stats.think) > 1000:
            del self.stats.think[:500]
        return action, new_player

    @property
    def queued(self) -> int:
        return sum(1 for j in self._pending if not j.future.done())

    def alive(self) -> int:
        """Worker processes running now."""
        return sum(1 for s in self._slots if s.proc is not None and s.proc.is_alive())

    async def close(self) -> None:
        """Stop every worker; decisions waiting get ``DecisionError('closed')``."""
        self.closing = True
        for t in self._tasks:
            t.cancel()
        for t in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
        for job in self._pending:
            if not job.future.done():
                job.future.set_exception(DecisionError("closed", "the pool is closing"))
        self._pending.clear()
        for slot in self._slots:
            slot.stop()  # a thread waiting on it sees EOF and returns
        await asyncio.get_running_loop().run_in_executor(
            None, lambda: self._threads.shutdown(wait=True, cancel_futures=True)
        )
