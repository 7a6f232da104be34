"""The table every game's table is (:class:`GameTable`): the authoritative state of a live
table, its seats and their tokens, its connections, its version.

The server is authoritative: a client sends an action text with the version it saw; the table
checks the seat (authenticated by its token when the connection opened), the turn, the version
and the legality, commits the action to the store, and only then applies it and sends every
seat its own projection.  What a seat receives is built only from ``deal.observation(seat)`` and
public facts (names, scores, settlements): never another hand, a talon it did not lay, or the
seed (D2).  A frame that is the same for every spectator is built and written once (the
same text goes to each).

Versions: a table's version is the number of actions accepted so far.  A reconnecting client
says which version it last saw; it is sent the (projected) events it missed, or, when too far
behind, a full resynchronisation.

Computer seats think in the server's worker processes (:mod:`ulti.players.pool`), never in the
event loop; a decision that fails is replaced by the fallback player's move.  The store is
written in its own threads (:meth:`Host.storage`).

A game's table (:mod:`ulti.server.tables.ulti`, :mod:`ulti.server.tables.snapszli`) says only
what is its own (:class:`~ulti.server.tables.game.GameHooks`): its rules and session, how an
action is stored and refused, what a seat sees, its records.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hmac
import logging
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any, ParamSpec, Protocol, TypeAlias, TypeVar, cast

from ulti.core.errors import UltiError
from ulti.core.seeds import derive_seed
from ulti.games.ulti.actions import Action as PoolAction
from ulti.games.ulti.observation import Observation as PoolObservation
from ulti.i18n.plain import plain
from ulti.players import Player as PoolPlayer
from ulti.players.pool import BotPool, DecisionError
from ulti.server.guard import ServerSettings
from ulti.server.ratings import bot_key, family, user_key
from ulti.server.store import EVENT_CREATOR, Store, StoredTable, hash_token, new_token, now
from ulti.server.tables.chat import Chat, author_of, present_authors
from ulti.server.tables.frames import (
    SPECTATOR,
    Connection,
    Json,
    TableError,
    analysis_error,
    dumps,
)
from ulti.server.tables.game import A, Bot, GameHooks, R, S, Session
from ulti.server.tables.jobs import JobQueue, client_of
from ulti.server.tables.results import (
    Keeper,
    Seating,
    deal_rows,
    new_ratings,
    refused,
    session_rows,
)
from ulti.server.tables.seats import (
    AWAY,
    SLOW,
    Asker,
    SeatClock,
    forfeited,
    forfeits,
    handover,
    keep_for,
)
from ulti.server.tables.timecontrol import Clocks, TimeControl

log = logging.getLogger(__name__)

#: Missed events a reconnecting client is sent one by one; beyond this, a full resync.
REPLAY_WINDOW = 200
#: A computer seat that fails this many decisions in a row plays fallback moves to the end
#: of the deal (a player that crashes every time must not restart a worker every move).
MAX_BOT_FAILURES = 3
#: Storage trouble: a computer seat waits this long, doubling up to the cap, between tries.
BACKOFF_FIRST = 0.5
BACKOFF_CAP = 30.0
#: What a left seat is given to when the table's creator did not say (``bot_spec``).
DEFAULT_BOT = "pimc"
#: The longest action text read.
ACTION_MAX = 96

T = TypeVar("T")
P = ParamSpec("P")


class Host(Protocol):
    """What a table needs of the server's live tables (:class:`ulti.server.tables.Tables`):
    the store and the threads that write to it, the computer players' workers, the
    settings, the lobby."""

    store: Store
    settings: ServerSettings
    pool: BotPool
    #: analyses and teaching questions: their own workers, queued per client address
    jobs: JobQueue
    #: the server is stopping
    closing: bool
    #: actions accepted since the server started
    accepted: int

    def storage(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Awaitable[T]:
        """Run a store call in the store's own threads."""
        ...

    def background(self, work: Coroutine[object, object, None]) -> None:
        """Run ``work`` on its own, kept until it is done."""
        ...

    def lobby_changed(self) -> None:
        """Tell the lobby's listeners (once for a burst of changes)."""
        ...

    def session_kept(self, table: Table) -> None:
        """``table``'s session is over and every result of it is kept (an event's next round
        waits for this)."""
        ...

    def turn_moved(self, table: Table) -> None:
        """``table`` accepted an action: another decision waits (its seat may be told)."""
        ...


class GameTable(GameHooks[S, A, R]):
    """What every table shares, whatever its game (``S`` its deals, ``A`` its actions, ``R``
    its rules; what the game says: :class:`~ulti.server.tables.game.GameHooks`): its seats
    and their tokens, the live connections, the version, the commit of an action (stored
    first, then applied and sent to every seat as its own projection), the computer seats
    thinking in the worker pool, the replay of the stored actions when the server starts,
    the chat, the results for the profiles and ratings."""

    def __init__(self, stored: StoredTable, tables: Host) -> None:
        self.stored = stored
        self.tables = tables
        self.store = tables.store
        self.id = stored.id
        self.game = self.info.name
        self.seats_n = self.info.seats
        self.names: list[str] = [s["name"] for s in stored.seats]
        self.events: list[tuple[int, int, int, A]] = []  # (version, deal, seat, action)
        self.version = 0
        self.connections: list[Connection] = []
        self.lock = asyncio.Lock()
        self.rules: R = self._read_rules(stored.rules)
        self.session: Session[S] = self._new_session()
        self._started: set[tuple[int, int]] = set()
        self.bots: dict[int, Bot[A]] = {}
        #: what a computer seat plays when its player fails (in this process: quick, pure)
        self.fallbacks: dict[int, Bot[A]] = {}
        for seat, s in enumerate(stored.seats):
            if s["kind"] == "bot":
                self._add_bot(seat, s["spec"])
        self._bot_task: asyncio.Task[None] | None = None
        #: per computer seat: "ok" or why its last decision failed, and failures in a row
        self.bot_state: dict[int, str] = dict.fromkeys(self.bots, "ok")
        self.bot_failures: dict[int, int] = dict.fromkeys(self.bots, 0)
        self.storage_ok = True
        #: the table's chat (its last messages), and the authors its creator muted
        self.chat = Chat.load(self.store, self.id)
        #: the reconnect windows of absent people and the turn limit (:mod:`.seats`)
        self.clock = SeatClock(self._away_over, self._turn_over)
        #: the seats' clocks, at a table with a time control (:mod:`.timecontrol`)
        control = TimeControl.from_dict(stored.time_control)
        began = stored.created or now()
        self.clocks = None if control is None else Clocks(control, self.seats_n, began)
        self._replay_stored()
        #: the results of finished deals on their way to the store
        finished = sum(1 for d in self.session.deals if d.is_over())
        self.results = Keeper(
            self.id,
            tables.storage,
            lambda n: functools.partial(self.store.set_recorded, self.id, n),
            finished if stored.recorded is None else stored.recorded,
            on_mark=self._results_kept,
        )

    def _replay_stored(self) -> None:
        """The stored actions, applied again (a restart loses nothing)."""
        for a in self.store.actions(self.id):
            while len(self.session.deals) - 1 < a.deal_index:
                self.session.next_deal()
            action = self.info.parse_action(a.action)
            self.session.deal.apply(action)
            if self.clocks is not None:  # each decision's time, as it was stored
                self.clocks.decided(a.seat, a.created or now())
            self.version = a.seq
            self.events.append((a.seq, a.deal_index, a.seat, action))
        self._advance()

    def view(self, seat: int) -> Json:
        """Everything ``seat`` may see now — a spectator (SPECTATOR) what every player may —
        and the table's people: who sits, who is connected, how many watch."""
        v = self.seat_view(seat)
        if seat == SPECTATOR:
            v["seat"] = None
        v.update(self.presence())
        v["creator"] = seat != SPECTATOR and self.is_creator(seat, None)
        v["muted"] = self.chat.shown() if v["creator"] else []
        v["waiting"] = self.waiting
        v["public"] = self.stored.public
        v["rated"] = self.stored.rated
        v["rematch"] = self.rematch_id
        if self.clocks is not None:
            v["clock"] = self.clocks.view(self._clock_seat(), now())
        return v

    def _clock_seat(self) -> int | None:
        """The seat whose clock runs now (None: the deal is over, or the table waits)."""
        d = self.deal
        if d.is_over() or self.waiting or self.session.is_over():
            return None
        return int(d.current_player)

    def players_public(self) -> list[Json]:
        """Who sits where (a computer seat: its spec), for :meth:`public`."""
        return [
            {
                "name": s["name"],
                "kind": s["kind"],
                "spec": s.get("spec") if s["kind"] == "bot" else None,
            }
            for s in self.stored.seats
        ]

    # -- the club: seats, people, the creator (docs/CLUB.md) ---------------------------------

    @property
    def waiting(self) -> bool:
        """Whether a seat is still free (no card is played until every seat is taken)."""
        return any(s["kind"] == "open" for s in self.stored.seats)

    def expires_in(self) -> float:
        """Seconds until this table, if it has still not started, leaves the lobby
        (``unstarted_table_ttl`` from when it was made; negative: it has)."""
        made = self.stored.created
        if made is None:
            return self.tables.settings.unstarted_table_ttl
        age = (datetime.now(UTC) - made).total_seconds()
        return self.tables.settings.unstarted_table_ttl - age

    def expired(self) -> bool:
        """Whether the table waited for players past ``unstarted_table_ttl``: it is no longer
        listed, and its free seats are not taken."""
        return self.waiting and self.expires_in() <= 0

    @property
    def rematch_id(self) -> str | None:
        return self.stored.rematch

    def watchers(self) -> int:
        return sum(1 for c in self.connections if c.seat == SPECTATOR)

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat for c in self.connections)

    def presence(self) -> Json:
        """Who sits where and whether they are here; how many watch (public)."""
        return {
            "players": [
                {
                    "name": s["name"],
                    "kind": s["kind"],
                    "account": s.get("user") is not None,
                    "connected": s["kind"] == "bot" or self.connected(i),
                }
                for i, s in enumerate(self.stored.seats)
            ],
            "watchers": self.watchers(),
        }

    def is_creator(self, seat: int | None, user: int | None) -> bool:
        """Whether the holder of ``seat`` (or the account ``user``) made this table."""
        creator = self.stored.creator
        if creator is None:
            return False
        if creator.startswith("user:"):
            owner = int(creator[5:])
            if user == owner:
                return True
            return (
                seat is not None
                and 0 <= seat < self.seats_n
                and (self.stored.seats[seat].get("user") == owner)
            )
        return seat is not None and creator == f"seat:{seat}"

    def player_key(self, seat: int) -> str | None:
        """Who is rated and counted for ``seat``: its account, or the computer player it was
        made with; None for a guest."""
        s = self.stored.seats[seat]
        if s.get("user") is not None:
            return user_key(int(s["user"]))  # a person who left stays answerable for the seat
        if s["kind"] == "bot" and s.get("spec"):
            try:
                return bot_key(str(s["spec"]))
            except ValueError:  # a player this server knows but the ratings do not
                return None
        return None

    def preset(self) -> str:
        """The rules' preset (with the game: the rating family)."""
        return self.rules.preset

    def changed_options(self, *shown_apart: str) -> Json:
        """The rules' options that differ from their preset's (but the preset, and the options
        ``shown_apart`` from the others)."""
        base = type(self.rules).from_preset(self.rules.preset).to_dict()
        return {
            k: v
            for k, v in self.rules.to_dict().items()
            if v != base.get(k) and k != "preset" and k not in shown_apart
        }

    def family(self) -> str:
        return family(self.game, self.preset())

    def lobby_entry(self) -> Json:
        """The table as the lobby lists it (public facts only)."""
        info = self.public()
        return {
            "id": self.id,
            "game": self.game,
            "rules_title": info["rules_title"],
            "public": self.stored.public,
            "rated": self.stored.rated,
            "free": sum(1 for s in self.stored.seats if s["kind"] == "open"),
            "started": not self.waiting,
            "deal_number": len(self.session.deals),
            **self.presence(),
            **self._lobby_facts(info),
        }

    async def take_seat(self, seat: int, name: str, user: int | None) -> str:
        """A free seat, taken by ``name`` (an account's, or a guest's): its new token."""
        async with self.lock:
            if not 0 <= seat < self.seats_n:
                raise self._bad_seat()
            if self.stored.seats[seat]["kind"] != "open":
                raise TableError("seat-taken", "seat-taken")
            if self.expired():
                raise TableError("expired", "table-expired")
            if self.stored.rated and user is None:
                raise TableError("rated-accounts", "rated-accounts")
            if user is not None and any(s.get("user") == user for s in self.stored.seats):
                raise TableError("seated-already", "seated-already")
            token = new_token()
            seats = [dict(x) for x in self.stored.seats]
            seats[seat] = {"kind": "person", "name": name, "spec": None}
            seats[seat]["token_hash"] = hash_token(token)
            if user is not None:
                seats[seat]["user"] = user
            await self._store_seats(seats)
            self.names[seat] = name
            self.session.players[seat] = name
            started = not self.waiting
            if started:
                self.start_clocks()  # its person has the window to connect, as all absent
            await self._resync_all()
        self.tables.lobby_changed()
        if started:
            self.schedule_bot()
        return token

    async def new_token_for(self, user: int) -> tuple[int, str]:
        """A fresh token for the seat an account holds (the old link stops working)."""
        async with self.lock:
            seat = next((i for i, s in enumerate(self.stored.seats) if s.get("user") == user), None)
            if seat is None or self.stored.seats[seat]["kind"] != "person":
                raise TableError("not-seated", "not-seated")
            token = new_token()
            seats = [dict(x) for x in self.stored.seats]
            seats[seat]["token_hash"] = hash_token(token)
            await self._store_seats(seats)
        return seat, token

    async def hand_over(self, seat: int, spec: str | None, asker: Asker) -> None:
        """A person's seat, played by a computer from now on, asked by ``asker``: its own
        person (a forfeit), or — at a table that is not rated — the creator, once its person
        has been away for the reconnect window (:func:`~ulti.server.tables.seats.handover`;
        TableError otherwise)."""
        async with self.lock:
            if not 0 <= seat < self.seats_n:
                raise self._bad_seat()
            if self.session.is_over():
                raise self._over()  # its forfeits, and its results, are what they were
            mark = handover(
                self.stored.seats[seat],
                seat,
                asker,
                rated=self.stored.rated,
                connected=self.connected(seat),
                away_for=self.clock.away_for(seat),
                window=self.tables.settings.reconnect_window,
            )
            leaving = await self._to_bot(seat, spec, mark)
        await self._left(seat, leaving)

    async def _to_bot(self, seat: int, spec: str | None, mark: str) -> list[Connection]:
        """Seat ``seat`` (a person's) to a computer player (``spec``, else the table's
        ``bot_spec``) for the rest of the session, a forfeit marked ``mark``: stored, and
        everyone told.  The lock is held.  Returns the seat's connections, no longer the
        table's: :meth:`_left` closes them."""
        spec = spec or self.stored.bot_spec or DEFAULT_BOT
        self.check_bot(self.tables.settings, spec)
        seats = [dict(x) for x in self.stored.seats]
        seats[seat] = forfeited(seats[seat], spec, mark)
        await self._store_seats(seats)
        self._add_bot(seat, spec)
        self.bot_state[seat] = "ok"
        self.bot_failures[seat] = 0
        self.clock.back(seat)
        leaving = [c for c in self.connections if c.seat == seat]
        for conn in leaving:
            self.drop(conn, quiet=True)
        self._time_turn()
        await self._send_all({"type": "watchers", **self.presence()})
        await self._resync_all()
        log.info("table %s: seat %d is played by %s from now on (%s)", self.id, seat, spec, mark)
        return leaving

    async def _left(self, seat: int, leaving: list[Connection]) -> None:
        """After a seat went to a computer player: the lobby hears, the computer plays, and
        whoever was connected at the seat is told why and closed (its token is gone)."""
        self.tables.lobby_changed()
        self.schedule_bot()
        gone = TableError("seat-given", "seat-given").frame()
        for conn in leaving:
            with contextlib.suppress(Exception):  # it was going away anyway
                await conn.send(gone)
                await conn.close(4401, "seat-given")

    def _add_bot(self, seat: int, spec: str) -> None:
        """A computer player for ``seat`` (and its fallback), told of the deal when it acts."""
        self.bots[seat] = self.make_bot(spec, derive_seed(self.stored.seed, 9000 + seat))
        self.fallbacks[seat] = self.make_fallback(derive_seed(self.stored.seed, 9100 + seat))
        self._started.discard((len(self.session.deals) - 1, seat))

    async def _store_seats(self, seats: list[Json]) -> None:
        await self._storing(self.store.set_seats, self.id, seats)
        self.stored = replace(self.stored, seats=seats)

    def _away(self, seat: int) -> None:
        """Seat ``seat``'s person is not here: their reconnect window runs (not while the
        table waits for players, nor once the session is over, nor for a computer's seat, nor
        at a table with clocks: there an absent person's clock runs out move by move, and a
        correspondence player comes back when they like)."""
        if (
            self.stored.seats[seat]["kind"] != "person"
            or self.clocks is not None
            or self.waiting
            or self.session.is_over()
            or self.tables.closing
        ):
            return
        keep = keep_for(self.tables.settings.reconnect_window, self.stored.bot_after)
        self.clock.away(seat, keep)

    def _time_turn(self) -> None:
        """The decision waiting now has the turn limit, when a person's seat is to make it."""
        d = self.deal
        seat: int | None = None
        if not (d.is_over() or self.waiting or self.tables.closing):
            seat = d.current_player
            if self.stored.seats[seat]["kind"] != "person":
                seat = None
        limit = self.tables.settings.turn_limit
        if self.clocks is not None and seat is not None:  # the seat's clock: what it has left
            limit = self.clocks.left(seat, now())
        self.clock.turn(self.version, seat, limit)
        if self.session.is_over():
            self.clock.stop()

    def start_clocks(self) -> None:
        """The table plays (it was made, its last free seat taken, or the server started):
        every person's seat nobody is connected to has its window, the decision its limit
        (at a table with a time control, first to move's clock starts when it plays)."""
        if self.waiting:
            return
        if self.clocks is not None and self.version == 0:
            self.clocks.began = now()
        for seat in range(self.seats_n):
            if not self.connected(seat):
                self._away(seat)
        self._time_turn()

    def _away_over(self, seat: int) -> None:
        """The loop's timer: seat ``seat``'s person has been away for the whole window."""
        self.tables.background(self._expired(seat, AWAY, None))

    def _turn_over(self, seat: int, version: int) -> None:
        """The loop's timer: the decision at ``version`` waited the turn limit for ``seat``."""
        self.tables.background(self._expired(seat, SLOW, version))

    async def _expired(self, seat: int, mark: str, version: int | None) -> None:
        """A window or a turn limit ran out: unless the person came back (or acted) first, a
        computer player takes the seat, a forfeit.  When the store refuses, the seat stays
        its person's and the timer starts again."""
        async with self.lock:
            entry = self.stored.seats[seat]
            if (
                self.tables.closing
                or entry["kind"] != "person"
                or self.waiting
                or self.session.is_over()
                or (mark == AWAY and self.connected(seat))
                or (mark == SLOW and (self.version != version or self.deal.current_player != seat))
            ):
                return
            if mark == SLOW and self.clocks is not None:
                await self._out_of_time(seat, version)
                return
            try:
                leaving = await self._to_bot(seat, None, mark)
            except (TableError, ValueError) as exc:
                log.warning("table %s: seat %d stays its person's: %s", self.id, seat, exc)
                if mark == AWAY:
                    self._away(seat)
                else:
                    self._time_turn()
                return
        await self._left(seat, leaving)

    async def _out_of_time(self, seat: int, version: int | None) -> None:
        """``seat``'s clock ran out (under the lock): the ``rules`` player makes its move and
        the table goes on; the seat stays its person's (the clocks count the timeout)."""
        d = self.deal
        player = self.make_fallback(derive_seed(self.stored.seed, 9200 + seat))
        player.start(seat, self.rules, len(self.session.deals) - 1)
        legal: list[A] = d.legal_actions()
        action = legal[0] if len(legal) == 1 else player.act(d.observation(seat), legal)
        log.info("table %s: seat %d ran out of time; the rules player moved", self.id, seat)
        try:
            await self._commit(seat, action, self.version if version is None else version)
        except TableError as exc:  # the store refused: the seat's clock is tried again
            log.warning("table %s: seat %d's move out of time: %s", self.id, seat, exc.message)
            self.clock.turn(self.version, seat, 1.0)

    # -- chat ---------------------------------------------------------------------------------

    async def say(self, conn: Connection, text: object) -> None:
        """A chat message from a seat or a spectator: checked, stored, sent to everyone."""
        a = author_of(conn, self.names, self.stored.seats)
        clean = self.chat.check(a, text, conn.chat, self.tables.settings.chat_max)
        assert a.name is not None  # checked
        add = self.store.add_chat
        row = await self._storing(add, self.id, a.name, a.seat, clean, a.user, a.tag)
        await self._send_all({"type": "chat", "message": self.chat.add(row)})

    async def mute(self, conn: Connection, frame: Json, on: bool) -> None:
        """The creator, at their seat, mutes (or unmutes) an author of the chat (:mod:`.chat`):
        stored.  A spectator mutes nobody, the creator watching included."""
        if not self.is_creator(conn.seat if conn.seat != SPECTATOR else None, conn.user):
            raise TableError("not-creator", "not-creator")
        if conn.seat == SPECTATOR:
            raise TableError("watching", "spectator-mute")
        present = present_authors(self.names, self.stored.seats, self.connections)
        mute = self.chat.pick(frame, self.store, self.id, present)
        await self._storing(self.store.set_mute, self.id, mute, on)
        await conn.send({"type": "muted", "muted": self.chat.set(mute, on)})

    # -- sending ------------------------------------------------------------------------------

    async def _send(self, conn: Connection, text: str) -> None:
        """A frame's text to one connection."""
        try:
            await conn.send_text(text)  # into the client's outbox: never waits
        except Exception:  # a client too slow to read: dropped and closed (it resyncs)
            self.drop(conn)
            self.tables.background(conn.close(4408, "too slow"))

    async def _send_all(self, frame: Json, but: Connection | None = None) -> None:
        """The same frame to every connection (but ``but``), written once."""
        text = dumps(frame)
        for conn in list(self.connections):
            if conn is not but:
                await self._send(conn, text)

    async def _send_each(self, frame_for: Callable[[int], Json]) -> None:
        """Every connection its seat's frame, built and written once per seat: once for
        every spectator (they all see the same projection), however many watch."""
        texts: dict[int, str] = {}
        for conn in list(self.connections):
            if conn.seat not in texts:
                texts[conn.seat] = dumps(frame_for(conn.seat))
            await self._send(conn, texts[conn.seat])

    async def _resync_all(self) -> None:
        """Everyone is sent the table again (its seats changed)."""
        await self._send_each(lambda seat: self.hello(seat, None))

    async def _presence_changed(self, new: Connection | None = None) -> None:
        """Everyone (but ``new``, whose hello said it) hears who is here and how many watch:
        at a public table (a private one has no spectators; its seats see who is connected
        in every view they get)."""
        if not self.stored.public:
            return
        await self._send_all({"type": "watchers", "n": self.watchers(), **self.presence()}, new)
        self.tables.lobby_changed()

    # -- results: profiles and ratings ----------------------------------------------------------

    async def _record(self, deal_index: int) -> None:
        """A deal has ended (and maybe the session): its facts per seat for the profiles;
        at a rated table's end, the ratings (docs/CLUB.md).  Each is written on its own by
        the table's :class:`~ulti.server.tables.results.Keeper`: a write the store refuses
        is logged as an error and kept until the store takes it, never skipped."""
        keys = [self.player_key(i) for i in range(self.seats_n)]
        at = Seating(self.id, self.game, self.family(), keys)
        writes: list[tuple[str, Callable[[], object]]] = []
        if self.session.is_over() and deal_index == len(self.session.deals) - 1:
            totals = self.totals()
            gone = forfeits(self.stored.seats)
            rated = [k for k in keys if k is not None]
            if self.stored.rated and len(rated) == len(keys):
                rate = functools.partial(new_ratings, rated, totals=totals, forfeits=gone)
                call = functools.partial(self.store.rate_session, self.id, at.family, rated, rate)
                writes.append(("ratings", call))
            done = session_rows(at, totals, self.stored.rated, gone)
            if done:
                writes.append(
                    ("session results", functools.partial(self.store.add_session_results, done))
                )
        try:
            rows = deal_rows(at, deal_index + 1, self.deal_facts(self.session.deals[deal_index]))
        except Exception as exc:  # a fault of ours: said loudly, and the mark waits
            log.exception(
                "table %s: deal %d's results cannot be worked out", self.id, deal_index + 1
            )
            writes.append(("deal results", refused(exc)))
        else:
            if rows:
                writes.append(
                    ("deal results", functools.partial(self.store.add_deal_results, rows))
                )
        await self.results.keep(deal_index + 1, writes)

    def _results_kept(self, mark: int) -> None:
        """The results of the first ``mark`` deals are kept: all of them, at a session's end,
        is said to the server (:meth:`Host.session_kept`)."""
        if self.session.is_over() and mark >= len(self.session.deals):
            self.tables.session_kept(self)

    def catch_up_results(self) -> None:
        """The finished deals after the table's mark (results the store had not all kept
        when the server stopped) are written again, in the background."""
        todo = [
            i
            for i, d in enumerate(self.session.deals)
            if d.is_over() and i + 1 > self.results.recorded
        ]
        if todo:
            self.tables.background(self._catch_up(todo))

    async def _catch_up(self, todo: list[int]) -> None:
        for i in todo:
            await self._record(i)

    # -- finished deals (shown whole: the deal is over, D2) ---------------------------------

    def finished(self, number: int) -> S:
        """Deal ``number`` (from 1), once it is over (TableError otherwise)."""
        if not 1 <= number <= len(self.session.deals):
            raise TableError("no-deal", "no-deal", number=number)
        d = self.session.deals[number - 1]
        if not d.is_over():
            raise TableError("not-over", "not-over")
        return d

    def record(self, number: int) -> Json:
        """Deal ``number``'s record (a download), once it is over."""
        return self.records.to_record(self.finished(number), self.names)

    def _render(self, d: S, lang: str) -> str:
        """A finished deal as text."""
        return self.records.render(d, self.names, lang)

    def finished_deals(self) -> list[Json]:
        """The finished deals: number, dealer, what the game says of each, result."""
        return [
            {"deal": i + 1, "dealer": d.dealer, **self._summary(d), "result": list(d.returns())}
            for i, d in enumerate(self.session.deals)
            if d.is_over()
        ]

    def steps(self, number: int) -> Json:
        """A finished deal step by step, every card shown (the deal is over, D2), and its
        text in both languages."""
        d = self.finished(number)
        replay = self.info.deal(d.rules, d.seed, d.dealer, d.deck if d.custom_deck else None)

        def picture(a: A | None, who: int) -> Json:
            return {
                "action": None if a is None else str(a),
                # the action as the record stores it (the what-if board's line: board.js)
                "code": None if a is None else self._code(a),
                **({} if a is None else self.titles(a, d.trump)),
                "player": self.names[who] if who >= 0 else "",
                "names": self.names,
                **self._shown(replay),
            }

        out = [picture(None, -1)]
        for who, a in d.history:
            replay.apply(a)
            out.append(picture(a, who))
        # the deal's account as the replay page shows it: in plain words (the record keeps
        # the rule ids: record.txt)
        return {
            "steps": out,
            "text": plain(self._render(d, "en"), "en"),
            "text_hu": plain(self._render(d, "hu"), "hu"),
        }

    # -- analysis and teaching mode (a game's own, where it has them) ------------------------

    def analysable(self, number: int) -> tuple[Any, list[str]]:
        """Deal ``number``, finished, as the analysis reads it (a three-handed Ulti deal) and
        the names of the seats that played it (TableError: the game has none)."""
        raise analysis_error("ulti-only", "err-ulti-only")

    async def teach(
        self, conn: Connection, card: object, version: object, threshold: object
    ) -> None:
        """Teaching mode's question from ``conn``'s seat (TableError: the game has none)."""
        raise analysis_error("ulti-only", "err-ulti-only")

    async def hint(self, conn: Connection, version: object) -> None:
        """A hint asked by ``conn``'s seat (TableError: the game gives none this way)."""
        raise analysis_error("ulti-only", "err-ulti-only")

    @property
    def in_event(self) -> bool:
        """Whether an event made this table (one of its rounds')."""
        return (self.stored.creator or "").startswith(EVENT_CREATOR)

    @property
    def hints_allowed(self) -> bool:
        """Whether a seat may ask for hints here: not at a rated table, nor an event's."""
        return not self.stored.rated and not self.in_event

    # -- the game -------------------------------------------------------------------------

    @property
    def deal(self) -> S:
        return self.session.deal

    def _advance(self) -> None:
        """Start the next deal when one is over (derived state: nothing to store)."""
        if self.deal.is_over() and not self.session.is_over():
            self.session.next_deal()

    def seat_for_token(self, seat: object, token: object) -> int:
        """``seat``, if ``token`` is that seat's (a websocket's hello names both)."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.seats_n:
            raise self._bad_seat()
        if self.seat_of_token(token) != seat:
            raise TableError("bad-token", "bad-token-seat")
        return seat

    def seat_of_token(self, token: object) -> int:
        """The seat whose token this is (every seat compared, in constant time)."""
        found = -1
        digest = hash_token(token) if isinstance(token, str) else "-"
        for seat, s in enumerate(self.stored.seats):
            if hmac.compare_digest(str(s.get("token_hash") or "x"), digest):
                found = seat
        if found < 0:
            raise TableError("bad-token", "bad-token-table")
        return found

    def has_people(self) -> bool:
        """Whether a person is connected (their table's computer players think first)."""
        return any(c.seat != SPECTATOR and c.seat not in self.bots for c in self.connections)

    def _parse(self, text: str) -> A:
        """A client's action text, read (TableError ``bad-action`` when it is none)."""
        try:
            return self.info.parse_action(text)
        except UltiError as exc:  # the game's parse error
            raise TableError("bad-action", "bad-action", why=str(exc)[:200]) from None

    async def submit(self, seat: int, text: object, version: object) -> None:
        """A seat's action: checked, committed, applied, broadcast.  Raises TableError and
        changes nothing when refused."""
        if not isinstance(text, str) or len(text) > ACTION_MAX:
            raise TableError("malformed", "action-text")
        if not isinstance(version, int) or isinstance(version, bool):
            raise TableError("malformed", "version-int")
        action = self._parse(text)
        async with self.lock:
            await self._commit(seat, action, version)

    def _turn_of(self, seat: int, version: int) -> S:
        """The deal, when it is ``seat``'s turn in it at ``version`` (TableError: the table
        is waiting, the version is stale, the deal is over, it is someone else's turn)."""
        d = self.deal
        if self.waiting:
            raise TableError("waiting", "waiting")
        if version != self.version:
            raise TableError("stale", "stale", now=self.version, seen=version)
        if d.is_over():
            raise self._over()
        if d.current_player != seat:
            raise TableError("not-your-turn", "not-your-turn", name=self.names[d.current_player])
        return d

    async def _commit(self, seat: int, action: A, version: int, from_bot: bool = False) -> None:
        d = self._turn_of(seat, version)
        refusal = self._refuse(d, action)
        if refusal is not None:
            raise refusal
        deal_index = len(self.session.deals) - 1
        seq = self.version + 1
        # durability: stored before anything changes or anyone hears of it
        await self._storing(self.store.append, self.id, seq, deal_index, seat, self._code(action))
        self._storage_fine()
        if self.clocks is not None:
            self.clocks.decided(seat, now())
        d.apply(action)
        self.tables.accepted += 1
        self.version = seq
        self.events.append((seq, deal_index, seat, action))
        finished = d.is_over()
        self._advance()
        self._time_turn()
        await self.broadcast(seq, deal_index, seat, action, finished)
        self.tables.turn_moved(self)
        if finished:
            await self._record(deal_index)
            self.tables.lobby_changed()
        if not from_bot:
            self.schedule_bot()

    async def _storing(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
        """A store call in the store's threads; when the database refuses, nothing changed
        and the caller hears so (TableError ``storage``)."""
        try:
            return await self.tables.storage(fn, *args, **kwargs)
        except Exception as exc:
            self._storage_trouble(exc)
            raise TableError("storage", "storage") from exc

    def _storage_trouble(self, exc: BaseException) -> None:
        """One log line when this table's storage starts failing, not one per try."""
        if self.storage_ok:
            self.storage_ok = False
            log.warning(
                "table %s: storage is failing (%s: %s); actions are refused until it works again",
                self.id,
                type(exc).__name__,
                str(exc)[:200],
            )

    def _storage_fine(self) -> None:
        if not self.storage_ok:
            self.storage_ok = True
            log.warning("table %s: storage works again", self.id)

    # -- computer players -------------------------------------------------------------------

    def schedule_bot(self) -> None:
        d = self.deal
        if d.is_over() or d.current_player not in self.bots or self.tables.closing or self.waiting:
            return
        if self._bot_task is None or self._bot_task.done():
            self._bot_task = asyncio.get_running_loop().create_task(self._bot_turn())

    async def _bot_turn(self) -> None:
        """Computer players move, one after another, while it is one's turn.  They think in
        the server's worker processes (:mod:`ulti.players.pool`); the table stays open to
        everyone meanwhile.  A failed decision is replaced by the fallback player's move."""
        backoff = 0.0
        while not self.tables.closing:
            async with self.lock:
                d = self.deal
                seat = d.current_player
                if d.is_over() or seat not in self.bots or self.waiting:
                    return
                game = len(self.session.deals) - 1
                if (game, seat) not in self._started:
                    self.bots[seat].start(seat, self.rules, game)
                    self.fallbacks[seat].start(seat, self.rules, game)
                    self._started.add((game, seat))
                    self.bot_failures[seat] = 0
                bot = self.bots[seat]
                obs = d.observation(seat)
                legal: list[A] = d.legal_actions()
                version = self.version
            got = await self._think(seat, bot, obs, legal)
            if got is None:
                return  # the server is closing
            action, after = got
            try:
                async with self.lock:
                    if self.version != version:
                        continue  # the table moved on meanwhile: think again
                    await self._commit(seat, action, version, from_bot=True)
                    if after is not None:
                        self.bots[seat] = after  # the player as it is after deciding
                backoff = 0.0
            except TableError as exc:
                if exc.code != "storage":  # pragma: no cover - checked before committing
                    log.warning("table %s: computer seat %d: %s", self.id, seat, exc.message)
                # storage trouble (logged once by the table): wait longer each time
                backoff = min(BACKOFF_CAP, max(BACKOFF_FIRST, backoff * 2))
                await asyncio.sleep(backoff)

    async def _think(
        self, seat: int, bot: Bot[A], obs: object, legal: list[A]
    ) -> tuple[A, Bot[A] | None] | None:
        """The seat's action, and its player after deciding (None: unchanged); None when
        the server is closing."""
        if len(legal) == 1:
            return legal[0], None
        if self.bot_failures[seat] < MAX_BOT_FAILURES:
            try:
                action, after = await self._decide(bot, obs, legal)
            except DecisionError as exc:
                if exc.reason == "closed":
                    return None
                self.bot_failures[seat] += 1
                self._bot_trouble(seat, exc)
            else:
                self.bot_failures[seat] = 0
                if self.bot_state[seat] != "ok":
                    self.bot_state[seat] = "ok"
                    log.warning("table %s: computer seat %d decides again", self.id, seat)
                return action, after
        try:
            return self.fallbacks[seat].act(obs, legal), None
        except Exception as exc:  # the fallback failed too: the first legal action
            self._bot_trouble(seat, DecisionError("error", f"fallback: {exc}"))
            return legal[0], None

    async def _decide(self, bot: Bot[A], obs: object, legal: list[A]) -> tuple[A, Bot[A]]:
        """A decision in the worker pool (a table a person has joined meanwhile goes first;
        among those, each client in turn: :meth:`_pool_group`).  The pool is typed with
        Ulti's players but sends any game's (it pickles them)."""
        action, after = await self.tables.pool.decide(
            cast(PoolPlayer, bot),
            cast(PoolObservation, obs),
            cast(list[PoolAction], legal),
            priority=lambda: 0 if self.has_people() else 1,
            group=self._pool_group(),
        )
        return cast(A, action), cast(Bot[A], after)

    def _pool_group(self) -> str:
        """Whose turn in the worker pool this table's decision takes: the address of a
        person connected here (one address's many tables share one turn, so they do not
        hold up another person's), else the table's own."""
        people = sorted(
            client_of(c.address)
            for c in self.connections
            if c.seat != SPECTATOR and c.seat not in self.bots
        )
        return people[0] if people else f"table:{self.id}"

    def _bot_trouble(self, seat: int, exc: DecisionError) -> None:
        """One log line per change of a computer seat's state, not one per decision."""
        if self.bot_state[seat] != exc.reason:
            self.bot_state[seat] = exc.reason
            spec = self.stored.seats[seat].get("spec")
            log.warning(
                "table %s: computer seat %d (%s) failed a decision (%s); it plays "
                "the rules player's move instead",
                self.id,
                seat,
                spec,
                str(exc)[:300],
            )

    # -- connections ------------------------------------------------------------------------

    async def attach(self, conn: Connection, since: object) -> None:
        """A seat's new live connection: it takes the seat over from any other one (one
        seat, one live connection), which is told so and closed."""
        async with self.lock:
            others = [c for c in self.connections if c.seat == conn.seat and conn.seat != SPECTATOR]
            for old in others:
                self.drop(old, quiet=True)
            self.connections.append(conn)
            if conn.seat != SPECTATOR:
                self.clock.back(conn.seat)
            await conn.send(self.hello(conn.seat, since))
            await self._presence_changed(conn)
        for old in others:
            try:
                await old.send(
                    {
                        "type": "replaced",
                        "message": "this seat is now open in another tab or window",
                    }
                )
                await old.close(4409, "replaced")
            except Exception:  # it was going away anyway
                pass
        self.schedule_bot()

    async def broadcast(
        self, version: int, deal_index: int, seat: int, action: A, finished: bool
    ) -> None:
        """An accepted action, to every connection as its seat may see it."""

        def frame(viewer: int) -> Json:
            return {
                "type": "event",
                "version": version,
                "event": self.event_for(viewer, version, deal_index, seat, action),
                "finished": finished,
                "view": self.view(viewer),
            }

        await self._send_each(frame)

    def hello(self, seat: int, since: object) -> Json:
        """The frame for a (re)connecting seat: missed events, or a full resync."""
        if (
            isinstance(since, int)
            and not isinstance(since, bool)
            and 0 <= since <= self.version
            and self.version - since <= REPLAY_WINDOW
        ):
            kind = "replay"
            events = [e for e in self.events if e[0] > since]
        else:
            kind = "sync"
            events = [e for e in self.events if e[1] == len(self.session.deals) - 1]
        return {
            "type": kind,
            "version": self.version,
            "events": [self.event_for(seat, v, di, who, a) for v, di, who, a in events],
            "table": self.public(),
            "view": self.view(seat),
            "chat": self.chat.log,
        }

    def drop(self, conn: Connection, quiet: bool = False) -> None:
        """A connection gone; the others hear who is here now, and a person's seat left
        empty starts its reconnect window (:mod:`.seats`)."""
        if conn not in self.connections:
            return
        self.connections.remove(conn)
        if quiet or self.tables.closing:
            return
        if conn.seat != SPECTATOR and not self.connected(conn.seat):
            self._away(conn.seat)
        with contextlib.suppress(RuntimeError):  # no running loop: nobody to tell
            self.tables.background(self._presence_changed())

    # -- the server stops -------------------------------------------------------------------

    def tasks(self) -> list[asyncio.Task[None]]:
        """The table's own tasks: its computer players' turn, its results' writes tried
        again."""
        return [t for t in (self._bot_task, self.results.task) if t is not None]


#: A live table of any game (where the game does not matter).
Table: TypeAlias = GameTable[Any, Any, Any]
