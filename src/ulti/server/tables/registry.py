"""The live tables of a server (:class:`Tables`), with what they share: the store (and the
threads that write to it), the computer players' worker processes, the job workers (analyses
and teaching questions) and their fair queue, the settings, the lobby's listeners, the
finished deals' analyses.

A table of any game of :data:`ulti.games.registry.GAMES` is made by its game's table class,
found by the game's name (:func:`table_class`: the ``TABLE`` of
:mod:`ulti.server.tables.<name>`), so that a new game brings its own table and nothing here
changes.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import importlib
import random
import secrets
from collections import OrderedDict
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import ParamSpec, TypeVar, Unpack, cast

from ulti.analysis import board
from ulti.games.registry import GAMES
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.observation import Observation
from ulti.players.base import Budget
from ulti.players.pool import BotPool, DecisionError
from ulti.server.guard import ServerSettings
from ulti.server.store import ClubSettings, Store, StoredTable, hash_token, new_token
from ulti.server.tables.base import GameTable, Table
from ulti.server.tables.frames import Json, TableError, analysis_error, dumps
from ulti.server.tables.game import Settings
from ulti.server.tables.jobs import (
    Analyses,
    BoardJob,
    JobQueue,
    Key,
    Ticket,
    analyses_at_once,
)
from ulti.server.tables.seats import rematch_seat

#: The game of a table stored or asked for without one.
DEFAULT_GAME = "ulti"
#: Seconds the lobby waits after a change before it tells its listeners (once for a burst)
LOBBY_DEBOUNCE = 0.05

T = TypeVar("T")
P = ParamSpec("P")
#: what-if board nodes kept (each a few kilobytes)
BOARD_CACHE = 512


@functools.cache
def table_class(game: str) -> type[Table]:
    """The table class of ``game`` (a name of :data:`ulti.games.registry.GAMES`; KeyError for
    none): the ``TABLE`` of its room, :mod:`ulti.server.tables.<game>`."""
    if game not in GAMES:
        raise KeyError(game)
    table: object = getattr(importlib.import_module(f"ulti.server.tables.{game}"), "TABLE", None)
    if not (isinstance(table, type) and issubclass(table, GameTable)):
        raise TypeError(f"ulti.server.tables.{game}.TABLE: no table class")
    return table


def game_of(body: object) -> str:
    """The game a new table's body names (a game of the registry), else the default one
    (whose body then refuses the name)."""
    game = body.get("game") if isinstance(body, dict) else None
    return game if isinstance(game, str) and game in GAMES else DEFAULT_GAME


def rematch_settings(old: StoredTable) -> ClubSettings:
    """The club settings of a rematch of ``old``: its own, and what it is a rematch of."""
    return ClubSettings(
        public=old.public,
        rated=old.rated,
        creator=old.creator,
        bot_after=old.bot_after,
        bot_spec=old.bot_spec,
        rematch_of=old.id,
        time_control=old.time_control,
    )


def stored_seats(seats: list[Json]) -> tuple[list[Json], dict[int, str]]:
    """A new table's seats as they are stored, and a new token for each person's seat: a
    seat that brings its ``token_hash`` (a rematch) keeps it, and one that brings none
    (``None``: a rematch's seat an account comes back to, :func:`.seats.rematch_seat`) gets
    none; an ``open`` seat waits for someone from the lobby."""
    tokens: dict[int, str] = {}
    entries = []
    for i, s in enumerate(seats):
        entry: Json = {"kind": s["kind"], "name": s["name"], "spec": s.get("spec")}
        if s.get("user") is not None:
            entry["user"] = s["user"]
        if s["kind"] == "person":
            if "token_hash" in s:
                if s["token_hash"]:
                    entry["token_hash"] = s["token_hash"]
            else:
                tokens[i] = new_token()
                entry["token_hash"] = hash_token(tokens[i])
        elif s["kind"] == "open":
            entry["name"] = ""
        entries.append(entry)
    return entries, tokens


@dataclass(frozen=True)
class _Settings:
    """A stored table's settings, given again to :meth:`Tables.create` (a rematch)."""

    data: Json

    def to_dict(self) -> Json:
        return self.data


#: The highest page of the lobby a client may ask for (past the last, it gets the last)
MAX_PAGE = 100_000


def page_number(value: object) -> int:
    """A page of the lobby asked for (from 1): a whole number, or its digits (a URL's
    ``?page=``); TableError ``bad-page`` otherwise."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 6:
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_PAGE:
        raise TableError("bad-page", "bad-page")
    return value


@dataclass(eq=False)
class LobbyListener:
    """A live lobby list (``/ws/lobby``): the page it shows (from 1), and the next text it
    is to be sent (only the newest waits: a listener that reads slowly misses none but the
    lists in between)."""

    page: int = 1
    queue: asyncio.Queue[str] = field(default_factory=lambda: asyncio.Queue(1))

    def offer(self, text: str) -> None:
        if self.queue.full():
            with contextlib.suppress(asyncio.QueueEmpty):
                self.queue.get_nowait()
        self.queue.put_nowait(text)


class Tables:
    """Every live table of a server, with what they share: the store (and the threads that
    write to it), the computer players' worker processes, the job workers and their queue
    (:class:`~ulti.server.tables.jobs.JobQueue`), the settings."""

    def __init__(self, store: Store, settings: ServerSettings | None = None) -> None:
        self.store = store
        self.settings = settings or ServerSettings()
        self.pool = BotPool(self.settings.bot_workers, self.settings.bot_deadline)
        #: analyses and teaching questions: workers of their own, shared fairly by clients
        self.job_pool = BotPool(
            self.settings.job_workers, self.settings.bot_deadline, nice=self.settings.job_nice
        )
        self.jobs = JobQueue(
            self.job_pool, self.settings.jobs_per_client, analyses_at_once(self.settings)
        )
        # writes never wait behind bot thinking: their own threads (SQLite: one writer)
        self.store_exec = ThreadPoolExecutor(
            1 if store.url.startswith("sqlite") else 4, thread_name_prefix="ulti-store"
        )
        self.closing = False
        self.accepted = 0  # actions accepted since the server started
        self._background: set[asyncio.Task[None]] = set()
        #: the lobby's live listeners (docs/CLUB.md: ``/ws/lobby``)
        self.lobby_listeners: set[LobbyListener] = set()
        self._lobby_pending = False
        #: per public table that has not started: its time to leave the lobby
        self._expiries: dict[str, asyncio.TimerHandle] = {}
        self.analyst = Analyses(self.jobs, self.settings)
        #: the what-if boards' nodes worked out lately, by (table, deal, line, player)
        self.boards: OrderedDict[tuple[str, int, tuple[str, ...], str | None], Json] = OrderedDict()
        #: told of every table whose session is over with its results kept (the events)
        self.session_listeners: list[Callable[[Table], Coroutine[object, object, None]]] = []
        #: told of every action a table accepts (the notices of "your move")
        self.turn_listeners: list[Callable[[Table], Coroutine[object, object, None]]] = []
        self.live: dict[str, Table] = {}
        #: the seeds of new tables: the system's secret source, or ``table_seeds``'s sequence
        self._seeds = (
            None if self.settings.table_seeds is None else random.Random(self.settings.table_seeds)
        )
        for t in store.tables():
            self.live[t.id] = self._table(t)

    @property
    def analyses(self) -> OrderedDict[Key, Json]:
        """The finished analyses per (table, deal number), the most recently asked last."""
        return self.analyst.done

    def new_seed(self) -> int:
        """A new table's secret seed (D2): 63 random bits (``table_seeds``: the next of its
        sequence, the same on every run of a server given the same number)."""
        if self._seeds is None:
            return secrets.randbits(63)
        return self._seeds.getrandbits(63)

    def _table(self, stored: StoredTable) -> Table:
        """A stored table, live: made by its game's table class."""
        return table_class(stored.game)(stored, self)

    def background(self, work: Coroutine[object, object, None]) -> None:
        """Run ``work`` on its own (closing a connection), kept until it is done."""
        task = asyncio.get_running_loop().create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def storage(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
        """Run a store call in the store's own threads."""
        call = functools.partial(fn, *args, **kwargs)
        return await asyncio.get_running_loop().run_in_executor(self.store_exec, call)

    def turn_moved(self, table: Table) -> None:
        """``table`` accepted an action: each listener is told, in the background."""
        for listen in self.turn_listeners:
            self.background(listen(table))

    def session_kept(self, table: Table) -> None:
        """``table``'s session is over and its results are kept: each listener is told, in
        the background (an event seats its next round)."""
        for listen in self.session_listeners:
            self.background(listen(table))

    async def create(
        self,
        rules: Settings,
        seats: list[Json],
        lang: str,
        seed: int,
        game: str = DEFAULT_GAME,
        **club: Unpack[ClubSettings],
    ) -> tuple[Table, dict[int, str]]:
        """A new table of ``game`` (``rules``: its settings) and one token per person's seat
        (:func:`stored_seats`), with the club's settings (docs/CLUB.md)."""
        entries, tokens = stored_seats(seats)
        stored = await self.storage(
            self.store.create_table, rules.to_dict(), seed, 0, entries, lang, game, **club
        )
        table = self._table(stored)
        self.live[table.id] = table
        table.start_clocks()
        if stored.public:
            self.expire_later(table)
            self.lobby_changed()
        return table, tokens

    async def rematch(self, old: Table) -> Table:
        """The same seats (their tokens too), rules and settings at a new table, once the
        session is over; asked twice, the same new table."""
        async with old.lock:
            if not old.session.is_over():
                raise TableError("not-over-yet", "not-over-yet")
            if old.stored.rematch is not None and old.stored.rematch in self.live:
                return self.live[old.stored.rematch]
            seats = [rematch_seat(s) for s in old.stored.seats]
            st = old.stored
            table, _ = await self.create(
                _Settings(old.rematch_rules(st.rules)),
                seats,
                st.lang,
                self.new_seed(),
                old.game,
                **rematch_settings(st),
            )
            await self.storage(self.store.set_rematch, old.id, table.id)
            old.stored = replace(old.stored, rematch=table.id)
            await old._send_all({"type": "rematch", "id": table.id, "link": f"/t/{table.id}"})
        table.schedule_bot()
        return table

    async def analysis(self, table: Table, number: int, client: str) -> Json:
        """Deal ``number`` of ``table`` analysed (:meth:`ulti.analysis.ulti.DealAnalysis.to_dict`,
        with the deal's number and the seats' names): from the cache, or worked out in the
        job workers for ``client`` (its address: :class:`~ulti.server.tables.jobs.Analyses`).
        TableError: a game without analyses, no such finished deal, the server busy, the
        client's queue full or its allowance spent, the analysis failed."""
        d, names = table.analysable(number)
        key = (table.id, number)
        return await self.analyst.get(key, client, lambda t: self._analyse(key, d, names, t))

    async def _analyse(self, key: Key, d: Deal, names: list[str], ticket: Ticket) -> Json:
        return await self.analyst.work_out(key, d, names, ticket)

    async def board(
        self, table: Table, number: int, line: list[str], client: str, player: str | None = None
    ) -> Json:
        """A node of deal ``number``'s what-if board (:class:`~ulti.server.tables.jobs.BoardJob`),
        worked out in the job workers for ``client``, kept (the latest ``board_cache``
        nodes); ``player``: what that computer player would do there.  TableError: a game
        without a board, no such deal, a deal in play (never explorable), the client's queue
        full, the workers failing; BoardError: a line the deal cannot follow."""
        d, names = table.analysable(number)
        board.node(d, line)  # refused before any work: a line the deal cannot follow
        key = (table.id, number, tuple(line), player)
        kept = self.boards.get(key)
        if kept is not None:
            self.boards.move_to_end(key)
            return kept
        s = self.settings
        ticket = self.jobs.admit(client, "board")
        job = BoardJob(d, line, names, Budget(s.analysis_samples, s.analysis_ms), number, player)
        try:
            after = await self.jobs.run(
                ticket,
                job,
                cast(Observation, None),
                [d.history[-1][1]],
                deadline=s.analysis_deadline,
            )
        except DecisionError as exc:
            raise analysis_error("analysis-failed", "err-analysis-failed") from exc
        result = cast(BoardJob, after).result
        assert result is not None
        self.boards[key] = result
        while len(self.boards) > BOARD_CACHE:
            self.boards.popitem(last=False)
        return result

    # -- the lobby (docs/CLUB.md) -------------------------------------------------------------

    def listed(self) -> list[Table]:
        """The tables the lobby lists: public, their session not over, not expired
        (:meth:`~ulti.server.tables.GameTable.expired`); newest first, ``lobby_max`` at most."""
        out: list[Table] = []
        for t in reversed(self.live.values()):
            if t.stored.public and not t.session.is_over() and not t.expired():
                out.append(t)
                if len(out) >= self.settings.lobby_max:
                    break
        return out

    def lobby(self, page: int = 1) -> Json:
        """Page ``page`` of the lobby (from 1; past the last, the last): its tables' entries
        (``lobby_page`` at most), the page, how many pages there are and how many tables."""
        listed = self.listed()
        size = self.settings.lobby_page
        pages = max(1, -(-len(listed) // size))
        page = min(max(1, page), pages)
        shown = listed[(page - 1) * size : page * size]
        return {
            "tables": [t.lobby_entry() for t in shown],
            "page": page,
            "pages": pages,
            "total": len(listed),
        }

    def lobby_text(self, page: int) -> str:
        """The lobby's frame of page ``page``, as its listeners are sent it."""
        return dumps({"type": "lobby", **self.lobby(page)})

    def lobby_changed(self) -> None:
        """Tell the lobby's listeners (once for a burst of changes): each page that someone
        looks at is built and written once, and the same text goes to everyone on it."""
        if self._lobby_pending or not self.lobby_listeners:
            return
        self._lobby_pending = True

        async def push() -> None:
            await asyncio.sleep(LOBBY_DEBOUNCE)
            self._lobby_pending = False
            texts: dict[int, str] = {}
            for listener in list(self.lobby_listeners):
                if listener.page not in texts:
                    texts[listener.page] = self.lobby_text(listener.page)
                listener.offer(texts[listener.page])

        with contextlib.suppress(RuntimeError):
            self.background(push())

    def expire_later(self, table: Table) -> None:
        """A public table that has not started leaves the lobby once ``unstarted_table_ttl``
        has passed since it was made: its listeners are told then."""
        old = self._expiries.pop(table.id, None)
        if old is not None:
            old.cancel()
        if not (table.stored.public and table.waiting) or self.closing:
            return
        left = table.expires_in()
        if left <= 0:
            self.lobby_changed()
            return
        with contextlib.suppress(RuntimeError):  # no running loop: the lobby looks when asked
            loop = asyncio.get_running_loop()
            self._expiries[table.id] = loop.call_later(left, self.expire_later, table)

    def get(self, table_id: str) -> Table:
        t = self.live.get(table_id)
        if t is None:
            raise TableError("no-table", "no-table")
        return t

    def start_bots(self) -> None:
        """The server has started: the stored tables carry on (computer players, leave
        timers, results not yet kept), and those waiting for players expire in time."""
        for t in self.live.values():
            t.schedule_bot()
            t.start_clocks()
            t.catch_up_results()
            self.expire_later(t)

    async def close(self) -> None:
        """Stop the computer players and the store's threads (the server is stopping)."""
        self.closing = True
        for t in self.live.values():
            t.clock.stop()
        for timer in self._expiries.values():
            timer.cancel()
        self._expiries.clear()
        tasks = [task for t in self.live.values() for task in t.tasks()]
        await self.pool.close()
        await self.job_pool.close()
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.store_exec.shutdown(wait=True)
