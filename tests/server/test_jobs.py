"""The job workers' fair queue (issue 27, item 3): analyses and teaching questions have worker
processes of their own, so that computer players' decisions never wait behind them (before,
on a two-core machine, both shared the one worker and teaching questions went first: six
seats asking in a loop gave another person's table no turn in 30 s); each client address has
its own capped queue, served in turn, so that one client's flood delays another's job by one
job at most.

The queue's order is checked with a pool whose decisions wait for the test (events, never the
clock); the separation of the workers with real worker processes whose jobs wait on a named
pipe until the test lets them go."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import cast

import pytest

from english_words import english_words_in
from server_util import Running, bot, gated_job, wait_until
from ulti.games.ulti.actions import Action, parse_action
from ulti.games.ulti.observation import Observation
from ulti.players import Player
from ulti.players.pool import BotPool
from ulti.server.tables.frames import TableError
from ulti.server.tables.jobs import JobQueue, Kind, PoolJob, client_of

PASS = [parse_action("pass")]
NO_OBS = cast(Observation, None)


class Tagged(PoolJob):
    """A job known by its tag."""

    def __init__(self, tag: str) -> None:
        super().__init__()
        self.tag = tag

    def act(self, obs: Observation, legal: Sequence[Action]) -> Action:
        return legal[0]


class GatedPool(BotPool):
    """A pool whose decisions wait until the test lets them go (its workers are never
    started): ``started`` is the order in which jobs were given a worker."""

    def __init__(self, workers: int) -> None:
        super().__init__(workers)
        self.started: list[str] = []
        self.gates: dict[str, asyncio.Event] = {}

    async def decide(
        self,
        player: Player,
        obs: Observation,
        legal: Sequence[Action],
        priority: int | Callable[[], int] = 1,
        deadline: float | None = None,
        group: str = "",
    ) -> tuple[Action, Player]:
        tag = cast(Tagged, player).tag
        self.started.append(tag)
        gate = self.gates[tag] = asyncio.Event()
        await gate.wait()
        return legal[0], player

    async def finish(self, tag: str) -> None:
        """Let the job ``tag`` go, and let the queue give its worker to the next."""
        self.gates[tag].set()
        for _ in range(20):  # its asker, the queue, the next asker: a few steps of the loop
            await asyncio.sleep(0)


async def submit(jobs: JobQueue, client: str, kind: Kind, tag: str) -> asyncio.Task[Player]:
    ticket = jobs.admit(client, kind)
    task = asyncio.get_running_loop().create_task(jobs.run(ticket, Tagged(tag), NO_OBS, PASS))
    await asyncio.sleep(0)
    return task


def test_a_clients_queue_is_capped_with_a_refusal_in_both_languages() -> None:
    async def run() -> None:
        pool = GatedPool(workers=1)
        jobs = JobQueue(pool, per_client=3, max_analyses=1)
        a = [await submit(jobs, "A", "teach", f"a{i}") for i in range(3)]
        assert jobs.held("A") == 3 and jobs.running == 1 and jobs.queued == 2
        with pytest.raises(TableError) as err:
            jobs.admit("A", "analysis")
        e = err.value
        assert e.code == "jobs-full" and "3" in e.message and "3" in e.message_hu
        assert e.message != e.message_hu and not english_words_in(e.message_hu)
        assert jobs.held("A") == 3 and jobs.queued == 2 and jobs.refused == 1  # nothing queued
        b = await submit(jobs, "B", "teach", "b0")  # another client is not refused
        await pool.finish("a0")
        await a[0]
        assert jobs.held("A") == 2
        a.append(await submit(jobs, "A", "teach", "a3"))  # a place again
        for _ in range(4):
            await pool.finish(pool.started[-1])
        await asyncio.gather(*a, b)
        assert jobs.held("A") == jobs.held("B") == jobs.running == jobs.queued == 0
        await pool.close()

    asyncio.run(run())


def test_a_second_clients_job_runs_before_the_first_clients_backlog_drains() -> None:
    """Round robin: A's flood (four jobs) is ahead when B asks; B's job is given the worker
    after one more of A's, not after all of them."""

    async def run() -> list[str]:
        pool = GatedPool(workers=1)
        jobs = JobQueue(pool, per_client=4, max_analyses=1)
        tasks = [await submit(jobs, "A", "teach", f"a{i}") for i in range(4)]
        tasks.append(await submit(jobs, "B", "teach", "b0"))
        for _ in range(5):
            await pool.finish(pool.started[-1])
        await asyncio.gather(*tasks)
        await pool.close()
        return pool.started

    assert asyncio.run(run()) == ["a0", "a1", "b0", "a2", "a3"]


def test_teaching_questions_go_before_their_clients_analyses_which_are_capped() -> None:
    """Two workers, one analysis at a time: a second analysis waits while a teaching question
    takes the other worker; within a client its teaching question goes before its analysis."""

    async def run() -> None:
        pool = GatedPool(workers=2)
        jobs = JobQueue(pool, per_client=4, max_analyses=1)
        tasks = [
            await submit(jobs, "A", "analysis", "a-analysis"),
            await submit(jobs, "B", "analysis", "b-analysis"),
            await submit(jobs, "B", "teach", "b-teach"),
        ]
        assert pool.started == ["a-analysis", "b-teach"] and jobs.running_analyses == 1
        await pool.finish("b-teach")
        assert pool.started == ["a-analysis", "b-teach"]  # a second analysis still waits
        await pool.finish("a-analysis")
        assert pool.started[-1] == "b-analysis"
        await pool.finish("b-analysis")
        await asyncio.gather(*tasks)
        await pool.close()

    asyncio.run(run())


def test_a_job_whose_asker_went_away_frees_its_place_and_never_runs() -> None:
    async def run() -> None:
        pool = GatedPool(workers=1)
        jobs = JobQueue(pool, per_client=2, max_analyses=1)
        first = await submit(jobs, "A", "teach", "a0")
        gone = await submit(jobs, "A", "teach", "a1")
        gone.cancel()
        with pytest.raises(asyncio.CancelledError):
            await gone
        assert jobs.held("A") == 1 and jobs.queued == 0
        unused = jobs.admit("A", "analysis")  # admitted, then not run after all
        jobs.release(unused)
        jobs.release(unused)  # once only
        assert jobs.held("A") == 1
        await pool.finish("a0")
        await first
        assert pool.started == ["a0"] and jobs.held("A") == 0 and jobs.running == 0
        await pool.close()

    asyncio.run(run())


def test_a_client_is_its_address_and_an_ipv6_client_its_network() -> None:
    """Whoever holds an IPv6 network (a /64: one subscriber's) gets one queue and one
    allowance, not one per address."""
    assert client_of("203.0.113.7") == "203.0.113.7"
    assert client_of("2001:db8:1:2::1") == client_of("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert client_of("2001:db8:1:3::1") != client_of("2001:db8:1:2::1")
    assert client_of("::ffff:203.0.113.7") == "203.0.113.7"
    assert client_of("?") == "?" and client_of("testclient") == "testclient"


# -- with real worker processes ---------------------------------------------------------------


def test_computer_players_decide_while_the_job_workers_are_flooded(tmp_path: Path) -> None:
    """The two-core machine's shape (one computer players' worker, one job worker): eight
    jobs of three clients are queued, one of them in the job worker and waiting there; a
    table of computer players makes its decisions all the same, every job still queued."""
    gate = tmp_path / "gate"
    os.mkfifo(gate)
    held = os.open(gate, os.O_RDWR)  # never blocks; the jobs read from it
    n = 8
    try:
        with Running(f"sqlite:///{tmp_path / 'jobs.sqlite3'}", bot_workers=1, job_workers=1) as srv:
            tables = srv.app.state.tables
            waiting: list[Future[str]] = [
                gated_job(srv, f"10.0.0.{i % 3}", "teach" if i % 2 else "analysis", gate, str(i))
                for i in range(n)
            ]
            wait_until(
                lambda: tables.jobs.running == 1 and tables.jobs.queued == n - 1,
                "the jobs queued",
            )
            t = srv.create([bot("random"), bot("random"), bot("random")])
            assert tables.get(t["id"])._pool_group() == f"table:{t['id']}"  # nobody's here
            wait_until(lambda: tables.pool.stats.decisions >= 40, "the computer players decide")
            assert tables.jobs.running == 1 and tables.jobs.queued == n - 1
            assert tables.jobs.started == 1 and not any(f.done() for f in waiting)
            os.write(held, b"x" * n)
            tags = [f.result(timeout=120) for f in waiting]
            assert sorted(tags) == sorted(str(i) for i in range(n))
            assert tables.jobs.started == n and tables.job_pool.stats.decisions == n
            assert not srv.log.tracebacks()
    finally:
        os.close(held)
