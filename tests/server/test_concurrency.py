"""Computer players under concurrency, the way the server uses them.

The compiled solver searches without the GIL, so one solver used by two threads at once would
corrupt its table and its stack (a server died that way: every computer seat shared the
solver of the thread that started it).  A solver now refuses a second thread; each thread has
its own; and a server's computer players think in worker processes, where a native crash or a
runaway decision costs one decision, not the server.
"""

from __future__ import annotations

import asyncio
import os
import random
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bad_players import Counting, Crashing, Illegal, NullPointer, Raising, Sleeping
from fixtures import play_positions
from gated_jobs import Gated
from ulti.games.ulti.actions import Action
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.rules import Ruleset
from ulti.players import Player, make_player
from ulti.players.pool import BotPool, DecisionError
from ulti.search import _core
from ulti.search.ulti import solver as S

RULES = Ruleset()
#: deterministic (no clock in the budget): the same seed decides the same, in any thread
PIMC = "pimc:samples=4,ms=1000000"


def _hard_position() -> S.Position:
    """A full play phase (ten tricks to go) whose exact points take the solver a while."""
    d = play_positions(1, 0, seed=7)[0]
    return S.Position.from_deal(d)


def test_a_solver_refuses_a_second_thread_and_stays_sound() -> None:
    pos = _hard_position()
    sv = _core.Solver()
    expected = _core.Solver().points(pos.core())
    stop = threading.Event()
    results: list[int] = []

    def searcher() -> None:
        while not stop.is_set():
            results.append(sv.points(pos.core()))

    t = threading.Thread(target=searcher)
    t.start()
    try:
        core = pos.core()  # built before: nothing below lets the other thread finish
        deadline = time.monotonic() + 30
        while not sv.in_use:
            assert time.monotonic() < deadline, "the searcher never entered the solver"
        # the other thread is inside the search (it holds the solver until it has the GIL back)
        with pytest.raises(_core.SolverBusy, match="one thread at a time"):
            sv.points(core)
        while not sv.in_use:
            pass
        with pytest.raises(_core.SolverBusy):
            sv.set_items([(0, 1, -1)], 0, 0, 0, 0, False, False, False, False)
    finally:
        stop.set()
        t.join()
    assert results and set(results) == {expected}  # the refused calls corrupted nothing
    assert sv.points(pos.core()) == expected and not sv.in_use


def test_each_thread_has_its_own_solver_and_players_keep_none() -> None:
    got: dict[str, _core.Solver] = {}

    def which(name: str) -> None:
        got[name] = S._solver()

    for name in ("a", "b"):
        t = threading.Thread(target=which, args=(name,))
        t.start()
        t.join()
    assert got["a"] is not got["b"] and got["a"] is not S._solver()
    p = make_player("pimc", 1)
    p.start(0, RULES, 0)
    assert "sv" not in vars(p)  # the solver is the deciding thread's, fetched when needed


def _tables(n: int, seed: int) -> list[tuple[Deal, list[Player]]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        d = Deal(RULES, rng.getrandbits(64), rng.randrange(3))
        players = [make_player(PIMC, rng.getrandbits(32)) for _ in range(3)]
        for s, p in enumerate(players):
            p.start(s, RULES, 0)  # started in this thread, as the server starts them
        out.append((d, players))
    return out


Table = tuple[Deal, list[Player]]


def _play_all(
    tables: list[Table], decide: Callable[[list[Table]], list[Action]]
) -> list[list[str]]:
    """Every deal to its end, each round asking every unfinished deal's player at once."""
    while True:
        live = [(d, ps) for d, ps in tables if not d.is_over()]
        if not live:
            break
        actions = decide(live)
        for (d, _), a in zip(live, actions, strict=True):
            d.apply(a)
    return [[str(a) for _, a in d.history] for d, _ in tables]


def _ask(d: Deal, ps: list[Player]) -> Action:
    seat = d.current_player
    return ps[seat].act(d.observation(seat), d.legal_actions())


@pytest.mark.slow
def test_many_pimc_players_decide_concurrently_in_threads() -> None:
    """Six threads, as asyncio.to_thread gives, deciding for many players started elsewhere:
    the same moves as one thread (this crashed the interpreter within a few hundred
    decisions when the players kept their starting thread's solver)."""
    alone = _play_all(_tables(6, 11), lambda live: [_ask(d, ps) for d, ps in live])
    with ThreadPoolExecutor(6) as ex:
        together = _play_all(_tables(6, 11), lambda live: list(ex.map(lambda t: _ask(*t), live)))
    assert together == alone
    assert sum(len(h) for h in together) > 200


@pytest.mark.slow
def test_many_pimc_players_decide_concurrently_in_worker_processes() -> None:
    """The server's way: every decision in a pool of worker processes, the player sent with
    it and kept as it comes back; the same moves as deciding in this process."""
    alone = _play_all(_tables(4, 5), lambda live: [_ask(d, ps) for d, ps in live])

    async def run() -> list[list[str]]:
        pool = BotPool(workers=2, deadline=60)
        tables = _tables(4, 5)

        async def one(d: Deal, ps: list[Player]) -> Action:
            seat = d.current_player
            action, after = await pool.decide(ps[seat], d.observation(seat), d.legal_actions())
            ps[seat] = after
            return action

        try:
            while any(not d.is_over() for d, _ in tables):
                live = [(d, ps) for d, ps in tables if not d.is_over()]
                actions = await asyncio.gather(*(one(d, ps) for d, ps in live))
                for (d, _), a in zip(live, actions, strict=True):
                    d.apply(a)
            assert pool.stats.decisions > 100 and pool.stats.crashes == 0
            return [[str(a) for _, a in d.history] for d, _ in tables]
        finally:
            await pool.close()

    assert asyncio.run(run()) == alone


def _decide_once(pool: BotPool, player: Player, d: Deal) -> tuple[Action, Player]:
    async def go() -> tuple[Action, Player]:
        seat = d.current_player
        return await pool.decide(player, d.observation(seat), d.legal_actions())

    return asyncio.run(go())


@pytest.mark.parametrize(
    ("bad", "reason"),
    [
        (Crashing, "crash"),
        (NullPointer, "crash"),
        (Raising, "error"),
        (Illegal, "error"),
        (Sleeping, "deadline"),
    ],
)
def test_a_failed_decision_costs_one_decision_and_the_pool_goes_on(
    bad: type[Player], reason: str
) -> None:
    async def run() -> None:
        pool = BotPool(workers=1, deadline=1.5)
        d = Deal(RULES, 3, 0)
        seat = d.current_player
        try:
            # the worker started first: the deadline is the decision's, not a busy machine's
            # start-up of a worker process
            warm = Counting(0)
            warm.start(seat, RULES, 0)
            await pool.decide(warm, d.observation(seat), d.legal_actions())
            player = bad(1)
            player.start(seat, RULES, 0)
            with pytest.raises(DecisionError) as err:
                await pool.decide(player, d.observation(seat), d.legal_actions())
            assert err.value.reason == reason
            # the same worker slot decides again at once (restarted when it had to be)
            good = Counting(2)
            good.start(seat, RULES, 0)
            action, after = await pool.decide(good, d.observation(seat), d.legal_actions())
            assert action == d.legal_actions()[0] and isinstance(after, Counting)
            assert after.decisions == 1 and good.decisions == 0  # the host's copy untouched
            stats = pool.stats.to_dict()
            assert stats["decisions"] == 2  # the warm-up and the good one: the failed is not
            assert (
                stats[{"crash": "crashes", "error": "errors", "deadline": "deadlines"}[reason]] == 1
            )
            if reason in ("crash", "deadline"):
                assert stats["worker_starts"] == 2
        finally:
            await pool.close()
        assert pool.alive() == 0

    asyncio.run(run())


def test_people_s_tables_are_served_first() -> None:
    """With every worker busy, a decision at a table with a person connected (priority 0)
    goes before those of computer-only tables queued earlier."""

    async def run() -> list[str]:
        pool = BotPool(workers=1, deadline=30)
        d = Deal(RULES, 3, 0)
        seat = d.current_player
        order: list[str] = []

        async def ask(tag: str, priority: int | Callable[[], int]) -> None:
            p = Counting(1)
            p.start(seat, RULES, 0)
            await pool.decide(p, d.observation(seat), d.legal_actions(), priority=priority)
            order.append(tag)

        try:
            await ask("warm-up", 1)  # the worker is started
            joined = False
            jobs = [asyncio.create_task(ask(f"bots-{i}", 1)) for i in range(6)]
            await asyncio.sleep(0)  # queued
            jobs.append(asyncio.create_task(ask("person", 0)))
            # a computer-only table's decision, queued last; a person joins it meanwhile
            jobs.append(asyncio.create_task(ask("joined", lambda: 0 if joined else 1)))
            await asyncio.sleep(0)
            joined = True
            await asyncio.gather(*jobs)
        finally:
            await pool.close()
        return order

    order = asyncio.run(run())
    assert order.index("person") <= 2 and order.index("joined") <= 3, order


def test_one_groups_many_decisions_do_not_hold_up_anothers(tmp_path: Path) -> None:
    """Issue 27: among decisions of one priority, the group (a client's tables) served
    longest ago goes first: six of A's queued before one of B's, B's is the second taken.
    The one worker is held by a job that waits on a named pipe until the test lets it go."""
    gate = tmp_path / "gate"
    os.mkfifo(gate)
    held = os.open(gate, os.O_RDWR)

    async def run() -> list[str]:
        pool = BotPool(workers=1, deadline=600)
        d = Deal(RULES, 3, 0)
        seat = d.current_player
        order: list[str] = []

        async def ask(tag: str, player: Player, group: str) -> None:
            await pool.decide(player, d.observation(seat), d.legal_actions(), 0, group=group)
            order.append(tag)

        def counting() -> Player:
            p = Counting(1)
            p.start(seat, RULES, 0)
            return p

        try:
            first = asyncio.create_task(ask("gate", Gated(str(gate), "gate"), "G"))
            while pool.alive() < 1 or pool.queued:  # the worker holds the gated job
                await asyncio.sleep(0.01)
            jobs = [asyncio.create_task(ask(f"A{i}", counting(), "A")) for i in range(6)]
            await asyncio.sleep(0)
            jobs.append(asyncio.create_task(ask("B", counting(), "B")))
            await asyncio.sleep(0)
            os.write(held, b"x")
            await asyncio.gather(first, *jobs)
        finally:
            await pool.close()
        return order

    try:
        order = asyncio.run(run())
    finally:
        os.close(held)
    assert order == ["gate", "A0", "B", "A1", "A2", "A3", "A4", "A5"], order


def test_closing_the_pool_mid_decision_stops_every_worker_cleanly() -> None:
    """A server stopping while its computer players think: the waiting decisions end with
    ``closed``, every worker process is gone, nothing raises."""

    async def run() -> list[str]:
        pool = BotPool(workers=2, deadline=60)
        d = Deal(RULES, 3, 0)
        seat = d.current_player

        async def ask() -> str:
            p = Sleeping(1)
            p.start(seat, RULES, 0)
            try:
                await pool.decide(p, d.observation(seat), d.legal_actions())
            except DecisionError as exc:
                return exc.reason
            return "decided"

        jobs = [asyncio.create_task(ask()) for _ in range(4)]  # two thinking, two queued
        deadline = time.monotonic() + 30
        while pool.alive() < 2 or pool.queued < 2:  # two thinking, two waiting for a worker
            assert time.monotonic() < deadline
            await asyncio.sleep(0.05)
        await pool.close()
        assert pool.alive() == 0
        return await asyncio.gather(*jobs)

    assert asyncio.run(run()) == ["closed"] * 4


def test_every_legal_action_travels_to_a_worker_and_back() -> None:
    """Kontras past the integer-id range (a long kontra chain, K2) have no action id: the
    pool sends actions themselves and gets back a place among them."""
    from ulti.games.ulti.actions import KONTRA_LEVELS_WITH_ID, kontra, parse_action
    from ulti.games.ulti.bids import Kind

    high = kontra(Kind.ULTI, KONTRA_LEVELS_WITH_ID + 5)
    assert high.id == -1
    legal = [high, parse_action("pass")]

    async def run() -> Action:
        pool = BotPool(workers=1, deadline=30)
        d = Deal(RULES, 3, 0)
        p = Counting(1)
        p.start(d.current_player, RULES, 0)
        try:
            action, _ = await pool.decide(p, d.observation(d.current_player), legal)
            return action
        finally:
            await pool.close()

    assert asyncio.run(run()) is high
