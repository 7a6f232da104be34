"""Live tables: the authoritative game state of each table, its seats and connections.

The server is authoritative: a client sends an action text with the version it saw; the table
checks the seat (authenticated by its token when the connection opened), the turn, the version
and the legality, commits the action to the store, and only then applies it and sends every
seat its own projection.  What a seat receives is built only from ``deal.observation(seat)`` and
public facts (names, scores, settlements): never another hand, a talon it did not lay, or the
seed (D2).

Versions: a table's version is the number of actions accepted so far.  A reconnecting client
says which version it last saw; it is sent the (projected) events it missed, or, when too far
behind, a full resynchronisation.

Analysis (:mod:`ulti.analysis.ulti`): a finished Ulti deal is analysed on request (the replay
page), and a seat playing against computer players may ask, before a card, whether it would
lose units (teaching mode: from its own observation only).  Both run in the computer players'
worker processes (:mod:`ulti.players.pool`, one solver per single-threaded worker), never in
the event loop: an analysis after the computer players' decisions, a teaching question before
them (a person waits for it).  Finished analyses are kept per (table, deal).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hmac
import json
import logging
import math
import random
import secrets
import unicodedata
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Coroutine, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from ulti import i18n
from ulti.core.cards import sort_for_display
from ulti.core.seeds import derive_seed
from ulti.games.ulti.actions import (
    Action,
    ActionKind,
    ActionParseError,
    bid,
    describe,
    kontra_title,
    parse_action,
    play,
)
from ulti.games.ulti.bids import KIND_TITLES, KIND_TITLES_HU
from ulti.games.ulti.deal import Deal, IllegalAction
from ulti.games.ulti.observation import Observation
from ulti.games.ulti.record import action_code, to_record
from ulti.games.ulti.rules import Ruleset
from ulti.games.ulti.session import Session
from ulti.players import Player, make_player
from ulti.players.base import Budget
from ulti.players.pool import BotPool, DecisionError
from ulti.players.ulti.rules import RulesPlayer
from ulti.server.guard import RateLimit, ServerSettings
from ulti.server.store import Store, StoredTable, hash_token

log = logging.getLogger(__name__)

#: Missed events a reconnecting client is sent one by one; beyond this, a full resync.
REPLAY_WINDOW = 200
#: A computer seat that fails this many decisions in a row plays fallback moves to the end
#: of the deal (a player that crashes every time must not restart a worker every move).
MAX_BOT_FAILURES = 3
#: Storage trouble: a computer seat waits this long, doubling up to the cap, between tries.
BACKOFF_FIRST = 0.5
BACKOFF_CAP = 30.0

T = TypeVar("T")

#: The seat of a connection that watches (docs/CLUB.md: spectators).
SPECTATOR = -1
#: Chat messages a (re)connecting client is sent.
CHAT_SHOWN = 50
#: What a left seat is given to when the table's creator did not say (``bot_spec``).
DEFAULT_BOT = "pimc"
#: The workers' queue: a teaching question before every computer player's decision, an
#: analysis after them (lower goes first; computer players use 0 and 1).
TEACH_PRIORITY = -1
ANALYSIS_PRIORITY = 2
#: Analyses waiting or running, per analysis the server runs at once (``max_analyses``):
#: beyond this, a request is refused (busy) rather than queued.
ANALYSIS_QUEUE = 4


Send = Callable[[dict[str, Any]], Awaitable[None]]


Close = Callable[[int, str], Coroutine[Any, Any, None]]


@dataclass(eq=False)
class Connection:
    """One live websocket of a seat.  ``close`` ends it (a newer tab took the seat over, or
    it reads too slowly)."""

    seat: int  # SPECTATOR (-1) for someone watching
    send: Send
    close: Close
    limit: RateLimit = field(default_factory=RateLimit)
    #: the account behind the connection (its session cookie), and the name it chats with
    user: int | None = None
    name: str | None = None
    #: chat messages: their own token bucket (docs/CLUB.md)
    chat: RateLimit = field(default_factory=lambda: RateLimit(1.0, 5.0, 5.0))
    #: a teaching question of this connection is being answered (one at a time)
    teaching: bool = False


class TableError(Exception):
    """A refused frame: ``code`` for programs, ``message`` (English) and ``message_hu`` for
    people: the words of ``error.KEY`` in the catalogue (:mod:`ulti.i18n`), or ``texts``
    given in both languages (an illegal action's reason)."""

    def __init__(
        self,
        code: str,
        key: str,
        texts: Mapping[str, str] | None = None,
        **fields: object,
    ) -> None:
        words = dict(texts) if texts is not None else i18n.both(f"error.{key}", **fields)
        super().__init__(words["en"])
        self.code = code
        self.message = words["en"]
        self.message_hu = words["hu"]

    def frame(self) -> dict[str, Any]:
        """The error frame a client is sent."""
        return {
            "type": "error",
            "code": self.code,
            "message": self.message,
            "message_hu": self.message_hu,
        }


def analysis_error(code: str, key: str, **fields: object) -> TableError:
    """A refusal with the words of ``analysis.KEY`` (the analysis and teaching mode)."""
    return TableError(code, code, i18n.both(f"analysis.{key}", **fields))


class PoolJob(Player):
    """Work for the computer players' worker processes (:mod:`ulti.players.pool`), sent as
    a decision: the worker calls :meth:`act` and sends the job back with its ``result``
    (plain data).  The pool's crash isolation, deadline, memory cap and queue apply."""

    name = "job"

    def __init__(self, seed: int = 0, budget: Budget | None = None) -> None:
        super().__init__(seed, budget)
        self.result: Any = None


class AnalysisJob(PoolJob):
    """A finished deal's analysis (:func:`ulti.analysis.ulti.analyze`), as JSON data."""

    def __init__(self, deal: Deal, budget: Budget, threshold: float, seed: int) -> None:
        super().__init__(seed, budget)
        self.deal: Deal | None = deal
        self.threshold = threshold

    def act(self, obs: Observation, legal: Sequence[Action]) -> Action:
        from ulti.analysis.ulti import analyze

        assert self.deal is not None
        self.result = analyze(self.deal, self.budget, self.threshold, self.seed).to_dict()
        self.deal = None  # not sent back
        return legal[0]


class TeachJob(PoolJob):
    """Teaching mode's question (:func:`ulti.analysis.ulti.teach`): would ``card`` lose units?
    Asked with the seat's observation only; the result is the warning's data or None."""

    def __init__(
        self, rules: Ruleset, card: int, budget: Budget, threshold: float, seed: int
    ) -> None:
        super().__init__(seed, budget)
        self.rules = rules
        self.card = card
        self.threshold = threshold

    def act(self, obs: Observation, legal: Sequence[Action]) -> Action:
        from ulti.analysis.ulti import teach

        warning = teach(obs, self.rules, self.card, self.budget, self.threshold, self.seed)
        self.result = None if warning is None else warning.to_dict()
        return play(self.card)


def clean_chat(text: str) -> str:
    """A chat message as it is kept: control characters (and other invisible ones) out,
    whitespace runs made one space, trimmed."""
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in unicodedata.normalize("NFC", text)
        if ch.isspace() or not unicodedata.category(ch).startswith("C")
    )
    return " ".join(kept.split())


def chat_message(row: Any) -> dict[str, Any]:
    """A stored chat message as the pages get it (its text is shown as text, never markup)."""
    return {
        "id": row.id,
        "name": row.name,
        "seat": row.seat,
        "text": row.text,
        "at": row.created.isoformat(timespec="seconds"),
    }


def rules_title(preset: str, options: Mapping[str, Any], lang: str) -> str:
    """A table's rules in words: the preset's name and each option changed from it
    (``casual + Four Aces: off``; in Hungarian ``baráti + négy ász: ki``)."""
    out = i18n.text(f"preset.{preset}", lang)
    for k, v in options.items():
        name = i18n.text(f"option.{k}", lang) if f"option.{k}" in i18n.CATALOGUE else k
        if isinstance(v, bool):
            value = i18n.text(f"web.{'on' if v else 'off'}", lang)
        elif isinstance(v, str) and f"option.{k}.{v}" in i18n.CATALOGUE:
            value = i18n.text(f"option.{k}.{v}", lang)  # a text option's value (W3)
        else:
            value = v
        out += f" + {name}: {value}"
    return out


def _titles(a: Action, d: Deal) -> dict[str, str]:
    """An action's words in both languages (buttons and logs): ``title`` and ``title_hu``."""
    return {
        "title": describe(a, "en", trump=d.trump, ladder=d.ladder),
        "title_hu": describe(a, "hu", trump=d.trump, ladder=d.ladder),
    }


class GameTable:
    """What every table shares, whatever its game: its seats and their tokens, the live
    connections, the version, the commit of an action (stored first, then applied and sent
    to every seat as its own projection), the computer seats thinking in the worker pool, the
    replay of the stored actions when the server starts.  A game's table (:class:`LiveTable`
    for Ulti, :class:`ulti.server.snap.SnapTable` for Snapszli) sets up its ``session`` (the
    deals so far: ``deals``, ``deal``, ``next_deal()``, ``is_over()``) and its computer
    players, and says how an action is read, stored and refused, and what a seat sees."""

    #: the game's name (as stored with the table)
    game = "ulti"
    #: the number of seats
    seats_n = 3
    session: Any
    bots: dict[int, Any]
    fallbacks: dict[int, Any]

    def __init__(self, stored: StoredTable, tables: Tables) -> None:
        self.stored = stored
        self.tables = tables
        self.store = tables.store
        self.id = stored.id
        self.names = [s["name"] for s in stored.seats]
        self.events: list[tuple[int, int, int, Any]] = []  # (version, deal, seat, action)
        self.version = 0
        self.connections: list[Connection] = []
        self.lock = asyncio.Lock()
        self.bots = {}
        #: what a computer seat plays when its player fails (in this process: quick, pure)
        self.fallbacks = {}
        self._setup()
        self._bot_task: asyncio.Task[None] | None = None
        self._started: set[tuple[int, int]] = set()
        #: per computer seat: "ok" or why its last decision failed, and failures in a row
        self.bot_state: dict[int, str] = dict.fromkeys(self.bots, "ok")
        self.bot_failures: dict[int, int] = dict.fromkeys(self.bots, 0)
        self.storage_ok = True
        #: the table's chat (the last CHAT_SHOWN messages), and the authors its creator muted
        self.chat_log: list[dict[str, Any]] = [
            chat_message(r) for r in self.store.chat(self.id, CHAT_SHOWN)
        ]
        self.muted: set[str] = set()
        #: per person's seat whose connection is gone: the timer that gives it to a computer
        self._leave_timers: dict[int, asyncio.Task[None]] = {}
        # rebuild from the stored actions (a restart loses nothing)
        for a in self.store.actions(self.id):
            while len(self.session.deals) - 1 < a.deal_index:
                self.session.next_deal()
            action = self._read_stored(a.action)
            self.session.deal.apply(action)
            self.version = a.seq
            self.events.append((a.seq, a.deal_index, a.seat, action))
        self._advance()

    # -- what a game says -------------------------------------------------------------------

    def _setup(self) -> None:
        """The game's rules, session and computer players (``bots``, ``fallbacks``)."""
        raise NotImplementedError

    def _read_stored(self, text: str) -> Any:
        """A stored action, read back."""
        raise NotImplementedError

    def _parse(self, text: str) -> Any:
        """A client's action text, read (TableError ``bad-action`` when it is none)."""
        raise NotImplementedError

    def _code(self, action: Any) -> str:
        """An action as it is stored."""
        raise NotImplementedError

    def _refuse(self, d: Any, action: Any) -> TableError | None:
        """Why ``action`` is not legal now (None: it is), in both languages."""
        raise NotImplementedError

    def _over(self) -> TableError:
        """The refusal of an action once the session is over."""
        return TableError("over", "over")

    def _start_bot(self, seat: int, game: int) -> None:
        """Tell a computer seat (and its fallback) that deal ``game`` starts."""
        raise NotImplementedError

    def _bot_observation(self, d: Any, seat: int) -> Any:
        return d.observation(seat)

    def public(self) -> dict[str, Any]:
        raise NotImplementedError

    def _view(self, seat: int) -> dict[str, Any]:
        """The game's part of what ``seat`` (or SPECTATOR) sees."""
        raise NotImplementedError

    def totals(self) -> list[int]:
        """The session's running totals, per seat."""
        raise NotImplementedError

    def preset(self) -> str:
        """The rules' preset (with the game: the rating family)."""
        raise NotImplementedError

    def deal_facts(self, d: Any) -> list[Any]:
        """The facts of a finished deal per seat (ulti.server.stats)."""
        raise NotImplementedError

    def view(self, seat: int) -> dict[str, Any]:
        """Everything ``seat`` may see now — a spectator (SPECTATOR) what every player may —
        and the table's people: who sits, who is connected, how many watch."""
        v = self._view(seat)
        if seat == SPECTATOR:
            v["seat"] = None
        v.update(self.presence())
        v["creator"] = seat != SPECTATOR and self.is_creator(seat, None)
        v["muted"] = sorted(self.muted) if v["creator"] else []
        v["waiting"] = self.waiting
        v["public"] = self.stored.public
        v["rated"] = self.stored.rated
        v["rematch"] = self.rematch_id
        return v

    # -- the club: seats, people, the creator (docs/CLUB.md) ---------------------------------

    @property
    def waiting(self) -> bool:
        """Whether a seat is still free (no card is played until every seat is taken)."""
        return any(s["kind"] == "open" for s in self.stored.seats)

    @property
    def rematch_id(self) -> str | None:
        return self.stored.rematch

    def watchers(self) -> int:
        return sum(1 for c in self.connections if c.seat == SPECTATOR)

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat for c in self.connections)

    def presence(self) -> dict[str, Any]:
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
        from ulti.server.ratings import bot_key, user_key

        s = self.stored.seats[seat]
        if s.get("user") is not None:
            return user_key(int(s["user"]))  # a person who left stays answerable for the seat
        if s["kind"] == "bot" and s.get("spec"):
            try:
                return bot_key(str(s["spec"]))
            except ValueError:  # a player this server knows but the ratings do not
                return None
        return None

    def family(self) -> str:
        from ulti.server.ratings import family

        return family(self.game, self.preset())

    def lobby_entry(self) -> dict[str, Any]:
        """The table as the lobby lists it (public facts only)."""
        info = self.public()
        out = {
            "id": self.id,
            "game": self.game,
            "rules_title": info["rules_title"],
            "public": self.stored.public,
            "rated": self.stored.rated,
            "free": sum(1 for s in self.stored.seats if s["kind"] == "open"),
            "started": not self.waiting,
            "deal_number": len(self.session.deals),
            **self.presence(),
        }
        if self.game == "snapszli":
            out["match_points"] = info["match_points"]
        else:
            out["deals"] = info["deals"]
        return out

    def _rename(self, seat: int, name: str) -> None:
        self.names[seat] = name
        self.session.players[seat] = name

    async def take_seat(self, seat: int, name: str, user: int | None) -> str:
        """A free seat, taken by ``name`` (an account's, or a guest's): its new token."""
        from ulti.server.store import new_token

        async with self.lock:
            if not 0 <= seat < self.seats_n:
                raise self._bad_seat()
            if self.stored.seats[seat]["kind"] != "open":
                raise TableError("seat-taken", "seat-taken")
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
            self._rename(seat, name)
            started = not self.waiting
            for conn in list(self.connections):
                await self._send(conn, self.hello(conn, None))
        self.tables.lobby_changed()
        if started:
            self.schedule_bot()
        return token

    async def new_token_for(self, user: int) -> tuple[int, str]:
        """A fresh token for the seat an account holds (the old link stops working)."""
        from ulti.server.store import new_token

        async with self.lock:
            seat = next((i for i, s in enumerate(self.stored.seats) if s.get("user") == user), None)
            if seat is None or self.stored.seats[seat]["kind"] != "person":
                raise TableError("not-seated", "not-seated")
            token = new_token()
            seats = [dict(x) for x in self.stored.seats]
            seats[seat]["token_hash"] = hash_token(token)
            await self._store_seats(seats)
        return seat, token

    async def give_to_bot(self, seat: int, spec: str | None = None) -> None:
        """A person's seat, played by a computer from now on (its person has left)."""
        async with self.lock:
            if not 0 <= seat < self.seats_n:
                raise self._bad_seat()
            entry = self.stored.seats[seat]
            if entry["kind"] != "person":
                raise TableError("not-a-person", "not-a-person")
            if self.connected(seat):
                raise TableError("still-here", "still-here", name=entry["name"])
            spec = spec or self.stored.bot_spec or DEFAULT_BOT
            self.tables.settings.check_bot(spec, self.game)
            seats = [dict(x) for x in self.stored.seats]
            seats[seat] = {**entry, "kind": "bot", "spec": spec, "left": True}
            seats[seat].pop("token_hash", None)  # the old link no longer plays the seat
            await self._store_seats(seats)
            self._add_bot(seat, spec)
            self.bot_state[seat] = "ok"
            self.bot_failures[seat] = 0
            timer = self._leave_timers.pop(seat, None)
            if timer is not None and timer is not asyncio.current_task():
                timer.cancel()
            await self._send_all({"type": "watchers", **self.presence()})
            for conn in list(self.connections):
                await self._send(conn, self.hello(conn, None))
        log.info("table %s: seat %d is played by %s from now on", self.id, seat, spec)
        self.tables.lobby_changed()
        self.schedule_bot()

    def _add_bot(self, seat: int, spec: str) -> None:
        """A computer player for ``seat`` (the game makes it)."""
        raise NotImplementedError

    async def _store_seats(self, seats: list[dict[str, Any]]) -> None:
        from dataclasses import replace

        try:
            await self.tables.storage(self.store.set_seats, self.id, seats)
        except Exception as exc:
            self._storage_trouble(exc)
            raise TableError("storage", "storage") from exc
        self.stored = replace(self.stored, seats=seats)

    def _leave_timer(self, seat: int) -> None:
        """The seat's person has gone: after the table's ``bot_after`` seconds, a computer
        player takes the seat (unless they came back)."""
        after = self.stored.bot_after
        if (
            after is None
            or self.session.is_over()
            or self.stored.seats[seat]["kind"] != "person"
            or seat in self._leave_timers
            or self.tables.closing
        ):
            return

        async def later() -> None:
            await asyncio.sleep(after)
            if not self.connected(seat) and self.stored.seats[seat]["kind"] == "person":
                with contextlib.suppress(TableError):
                    await self.give_to_bot(seat)
            self._leave_timers.pop(seat, None)

        self._leave_timers[seat] = asyncio.get_running_loop().create_task(later())

    def start_leave_timers(self) -> None:
        """At start: every person's seat nobody is connected to starts its timer."""
        if self.waiting:
            return
        for seat, s in enumerate(self.stored.seats):
            if s["kind"] == "person" and not self.connected(seat):
                self._leave_timer(seat)

    # -- chat ---------------------------------------------------------------------------------

    async def say(self, conn: Connection, text: Any) -> None:
        """A chat message from a seat or a spectator: checked, stored, sent to everyone."""
        settings = self.tables.settings
        if not isinstance(text, str):
            raise TableError("malformed", "chat-text")
        name = self.names[conn.seat] if conn.seat != SPECTATOR else conn.name
        if not name:
            raise TableError("chat-name", "chat-name")
        if name.casefold() in self.muted:
            raise TableError("muted", "muted")
        clean = clean_chat(text)
        if not clean:
            raise TableError("chat-empty", "chat-empty")
        if len(clean) > settings.chat_max:
            raise TableError("chat-long", "chat-long", most=settings.chat_max)
        if not conn.chat.allow():
            raise TableError("chat-rate", "chat-rate")
        seat = conn.seat if conn.seat != SPECTATOR else None
        try:
            row = await self.tables.storage(self.store.add_chat, self.id, name, seat, clean)
        except Exception as exc:
            self._storage_trouble(exc)
            raise TableError("storage", "storage") from exc
        message = chat_message(row)
        self.chat_log = [*self.chat_log[-(CHAT_SHOWN - 1) :], message]
        await self._send_all({"type": "chat", "message": message})

    async def mute(self, conn: Connection, name: Any, on: bool) -> None:
        """The creator mutes (or unmutes) an author of the chat."""
        if not self.is_creator(conn.seat if conn.seat != SPECTATOR else None, conn.user):
            raise TableError("not-creator", "not-creator")
        if not isinstance(name, str) or not name.strip() or len(name) > 64:
            raise TableError("malformed", "chat-text")
        if on:
            self.muted.add(name.strip().casefold())
        else:
            self.muted.discard(name.strip().casefold())
        await conn.send({"type": "muted", "names": sorted(self.muted)})

    # -- sending ------------------------------------------------------------------------------

    async def _send(self, conn: Connection, frame: dict[str, Any]) -> None:
        try:
            await conn.send(frame)
        except Exception:  # a client too slow to read: dropped and closed (it resyncs)
            self.drop(conn)
            self.tables.background(conn.close(4408, "too slow"))

    async def _send_all(self, frame: dict[str, Any]) -> None:
        for conn in list(self.connections):
            await self._send(conn, frame)

    async def _presence_changed(self, new: Connection | None = None) -> None:
        """Everyone (but ``new``, whose hello said it) hears who is here and how many watch:
        at a public table (a private one has no spectators; its seats see who is connected
        in every view they get)."""
        if not self.stored.public:
            return
        frame = {"type": "watchers", "n": self.watchers(), **self.presence()}
        for conn in list(self.connections):
            if conn is not new:
                await self._send(conn, frame)
        self.tables.lobby_changed()

    # -- results: profiles and ratings ----------------------------------------------------------

    async def _record(self, deal_index: int) -> None:
        """A deal has ended (and maybe the session): its facts per seat for the profiles;
        at a rated table's end, the ratings (docs/CLUB.md)."""
        from ulti.server.store import DealResultRow, SessionResultRow

        d = self.session.deals[deal_index]
        try:
            keys = [self.player_key(i) for i in range(self.seats_n)]
            family = self.family()
            facts = self.deal_facts(d)
            rows = [
                DealResultRow(
                    table_id=self.id,
                    deal=deal_index + 1,
                    seat=i,
                    player=key,
                    game=self.game,
                    family=family,
                    units=f.units,
                    role=f.role,
                    contract=f.contract,
                    contract_hu=f.contract_hu,
                    kind=f.kind,
                    made=f.made,
                    kontras_given=f.kontras_given,
                    kontras_won=f.kontras_won,
                    kontras_lost=f.kontras_lost,
                )
                for i, (key, f) in enumerate(zip(keys, facts, strict=True))
                if key is not None
            ]
            if rows:
                await self.tables.storage(self.store.add_deal_results, rows)
            if not self.session.is_over():
                return
            totals = self.totals()
            ranks = [1 + sum(1 for u in totals if u > t) for t in totals]
            done = [
                SessionResultRow(
                    table_id=self.id,
                    seat=i,
                    player=key,
                    game=self.game,
                    family=family,
                    total=totals[i],
                    rank=ranks[i],
                    players=self.seats_n,
                    rated=self.stored.rated,
                )
                for i, key in enumerate(keys)
                if key is not None
            ]
            if done:
                await self.tables.storage(self.store.add_session_results, done)
            if self.stored.rated and all(k is not None for k in keys):
                await self._rate([k for k in keys if k is not None], totals, family)
        except Exception as exc:  # the game goes on; whoever runs the server hears of it
            log.warning(
                "table %s: could not record deal %d's results (%s: %s)",
                self.id,
                deal_index + 1,
                type(exc).__name__,
                str(exc)[:200],
            )

    async def _rate(self, keys: list[str], totals: list[int], family: str) -> None:
        from ulti.server.ratings import Rating, update

        known = await self.tables.storage(self.store.ratings, keys, family)
        before = [Rating(known[k].mu, known[k].sigma) if k in known else Rating() for k in keys]
        after = update(before, [float(t) for t in totals])
        await self.tables.storage(
            self.store.save_ratings,
            self.id,
            family,
            [(k, r.mu, r.sigma) for k, r in zip(keys, after, strict=True)],
        )

    def event_for(
        self, seat: int, version: int, deal_index: int, who: int, action: Any
    ) -> dict[str, Any]:
        raise NotImplementedError

    def finished_deals(self) -> list[dict[str, Any]]:
        raise NotImplementedError

    def steps(self, number: int) -> dict[str, Any]:
        raise NotImplementedError

    def record(self, number: int) -> dict[str, Any]:
        raise NotImplementedError

    # -- the game -------------------------------------------------------------------------

    @property
    def deal(self) -> Any:
        return self.session.deal

    def _advance(self) -> None:
        """Start the next deal when one is over (derived state: nothing to store)."""
        if self.deal.is_over() and not self.session.is_over():
            self.session.next_deal()

    def seat_for_token(self, seat: Any, token: Any) -> int:
        """``seat``, if ``token`` is that seat's (a websocket's hello names both)."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.seats_n:
            raise self._bad_seat()
        if self.seat_of_token(token) != seat:
            raise TableError("bad-token", "bad-token-seat")
        return seat

    def _bad_seat(self) -> TableError:
        return TableError("bad-seat", "bad-seat")

    def seat_of_token(self, token: Any) -> int:
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

    async def submit(self, seat: int, text: Any, version: Any) -> None:
        """A seat's action: checked, committed, applied, broadcast.  Raises TableError and
        changes nothing when refused."""
        if not isinstance(text, str) or len(text) > 96:
            raise TableError("malformed", "action-text")
        if not isinstance(version, int) or isinstance(version, bool):
            raise TableError("malformed", "version-int")
        action = self._parse(text)
        async with self.lock:
            await self._commit(seat, action, version)

    def _turn_of(self, seat: int, version: int) -> Any:
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

    async def _commit(self, seat: int, action: Any, version: int, from_bot: bool = False) -> None:
        d = self._turn_of(seat, version)
        refusal = self._refuse(d, action)
        if refusal is not None:
            raise refusal
        deal_index = len(self.session.deals) - 1
        seq = self.version + 1
        # durability: stored before anything changes or anyone hears of it
        try:
            await self.tables.storage(
                self.store.append, self.id, seq, deal_index, seat, self._code(action)
            )
        except Exception as exc:  # the database refused: nothing changed, say so
            self._storage_trouble(exc)
            raise TableError("storage", "storage") from exc
        self._storage_fine()
        d.apply(action)
        self.tables.accepted += 1
        self.version = seq
        self.events.append((seq, deal_index, seat, action))
        finished = d.is_over()
        self._advance()
        await self.broadcast(seq, deal_index, seat, action, finished)
        if finished:
            await self._record(deal_index)
            self.tables.lobby_changed()
        if not from_bot:
            self.schedule_bot()

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
                    self._start_bot(seat, game)
                    self._started.add((game, seat))
                    self.bot_failures[seat] = 0
                bot = self.bots[seat]
                obs = self._bot_observation(d, seat)
                legal = d.legal_actions()
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
        self, seat: int, bot: Any, obs: Any, legal: list[Any]
    ) -> tuple[Any, Any] | None:
        """The seat's action, and its player after deciding (None: unchanged)."""
        if len(legal) == 1:
            return legal[0], None
        if self.bot_failures[seat] < MAX_BOT_FAILURES:
            try:
                action, after = await self.tables.pool.decide(
                    bot, obs, legal, priority=lambda: 0 if self.has_people() else 1
                )
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

    async def attach(self, conn: Connection, since: Any) -> None:
        """A seat's new live connection: it takes the seat over from any other one (one
        seat, one live connection), which is told so and closed."""
        async with self.lock:
            others = [c for c in self.connections if c.seat == conn.seat and conn.seat != SPECTATOR]
            for old in others:
                self.drop(old, quiet=True)
            self.connections.append(conn)
            timer = self._leave_timers.pop(conn.seat, None)
            if timer is not None:
                timer.cancel()
            await conn.send(self.hello(conn, since))
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
        self, version: int, deal_index: int, seat: int, action: Any, finished: bool
    ) -> None:
        for conn in list(self.connections):
            frame = {
                "type": "event",
                "version": version,
                "event": self.event_for(conn.seat, version, deal_index, seat, action),
                "finished": finished,
                "view": self.view(conn.seat),
            }
            try:
                await conn.send(frame)  # into the client's outbox: never waits
            except Exception:  # a client too slow to read: dropped and closed (it resyncs)
                self.drop(conn)
                self.tables.background(conn.close(4408, "too slow"))

    def hello(self, conn: Connection, since: Any) -> dict[str, Any]:
        """The frame for a (re)connecting seat: missed events, or a full resync."""
        seat = conn.seat
        if (
            isinstance(since, int)
            and not isinstance(since, bool)
            and 0 <= since <= self.version
            and self.version - since <= REPLAY_WINDOW
        ):
            missed = [
                self.event_for(seat, v, di, who, a) for v, di, who, a in self.events if v > since
            ]
            return {
                "type": "replay",
                "version": self.version,
                "events": missed,
                "table": self.public(),
                "view": self.view(seat),
                "chat": self.chat_log,
            }
        recent = [
            self.event_for(seat, v, di, who, a)
            for v, di, who, a in self.events
            if di == len(self.session.deals) - 1
        ]
        return {
            "type": "sync",
            "version": self.version,
            "events": recent,
            "table": self.public(),
            "view": self.view(seat),
            "chat": self.chat_log,
        }

    def drop(self, conn: Connection, quiet: bool = False) -> None:
        """A connection gone; the others hear who is here now, and a person's seat left
        empty starts its timer (``bot_after``)."""
        if conn not in self.connections:
            return
        self.connections.remove(conn)
        if quiet or self.tables.closing:
            return
        if conn.seat != SPECTATOR and not self.connected(conn.seat):
            self._leave_timer(conn.seat)
        with contextlib.suppress(RuntimeError):  # no running loop: nobody to tell
            self.tables.background(self._presence_changed())

    # -- analysis and teaching mode (Ulti only) ------------------------------------------------

    def analysable(self, number: int) -> Deal:
        """Deal ``number``, finished, for the analysis (TableError: not this game's)."""
        raise analysis_error("ulti-only", "err-ulti-only")

    async def teach(self, conn: Connection, card: Any, version: Any, threshold: Any) -> None:
        """Teaching mode's question from ``conn``'s seat (TableError: not this game's)."""
        raise analysis_error("ulti-only", "err-ulti-only")

    def finished(self, number: int) -> Any:
        """Deal ``number`` (from 1), once it is over (TableError otherwise)."""
        if not 1 <= number <= len(self.session.deals):
            raise TableError("no-deal", "no-deal", number=number)
        d = self.session.deals[number - 1]
        if not d.is_over():
            raise TableError("not-over", "not-over")
        return d


class LiveTable(GameTable):
    """An Ulti table: three seats, a session of deals (ulti.games.ulti.session)."""

    session: Session
    bots: dict[int, Player]
    fallbacks: dict[int, RulesPlayer]

    def _setup(self) -> None:
        stored = self.stored
        self.rules = Ruleset.from_dict(stored.rules)
        self.session = Session(self.rules, stored.seed, stored.first_dealer, self.names)
        for seat, s in enumerate(stored.seats):
            if s["kind"] == "bot":
                self.bots[seat] = make_player(s["spec"], derive_seed(stored.seed, 9000 + seat))
                self.fallbacks[seat] = RulesPlayer(derive_seed(stored.seed, 9100 + seat))

    def _read_stored(self, text: str) -> Action:
        return parse_action(text)

    def _parse(self, text: str) -> Action:
        try:
            return parse_action(text)
        except ActionParseError as exc:
            raise TableError("bad-action", "bad-action", why=str(exc)[:200]) from None

    def _code(self, action: Action) -> str:
        return action_code(action)

    def _refuse(self, d: Deal, action: Action) -> TableError | None:
        if action in d.legal_actions():
            return None
        try:  # the engine's precise reason, on a copy
            d.clone().apply(action)
        except IllegalAction as exc:
            why = exc.reason
            texts = {lang: f"{why.rule}: {why.text(lang)}" for lang in i18n.LANGS}
            return TableError("illegal", "illegal", texts)
        except Exception:
            return TableError("illegal", "illegal")
        return TableError("illegal", "illegal")  # pragma: no cover

    def _start_bot(self, seat: int, game: int) -> None:
        self.bots[seat].start(seat, self.rules, game)
        self.fallbacks[seat].start(seat, self.rules, game)

    def _add_bot(self, seat: int, spec: str) -> None:
        self.bots[seat] = make_player(spec, derive_seed(self.stored.seed, 9000 + seat))
        self.fallbacks[seat] = RulesPlayer(derive_seed(self.stored.seed, 9100 + seat))
        self._started.discard((len(self.session.deals) - 1, seat))

    @property
    def deal(self) -> Deal:
        return self.session.deal

    def totals(self) -> list[int]:
        return list(self.session.totals)

    def preset(self) -> str:
        return self.rules.preset

    def deal_facts(self, d: Deal) -> list[Any]:
        from ulti.server.stats import ulti_deal_facts

        return ulti_deal_facts(d)

    # -- what a seat sees -------------------------------------------------------------------

    def public(self) -> dict[str, Any]:
        base = Ruleset.from_preset(self.rules.preset).to_dict()
        options = {
            k: v
            for k, v in self.rules.to_dict().items()
            if v != base.get(k) and k not in ("preset", "session_deals")
        }
        return {
            "id": self.id,
            "players": [
                {
                    "name": s["name"],
                    "kind": s["kind"],
                    "spec": s.get("spec") if s["kind"] == "bot" else None,
                }
                for s in self.stored.seats
            ],
            "lang": self.stored.lang,
            "deals": self.session.planned_deals,
            "rules": self.rules.preset,
            "options": options,
            "rules_title": {
                lang: rules_title(self.rules.preset, options, lang) for lang in i18n.LANGS
            },
            # each bid's names, for showing the auction in either language
            "bids": {
                str(bid(key)): [b.title, b.title_hu] for key, b in self.rules.ladder.by_key.items()
            },
        }

    def _view(self, seat: int) -> dict[str, Any]:
        """Everything ``seat`` may see now (its projection, and public facts); SPECTATOR:
        the public projection (no hand, no talon, nobody's discards)."""
        d = self.deal
        obs = d.observation(seat)
        v = obs.to_dict()
        no_trump = d.contract is not None and not d.contract.trump
        v["hand"] = sort_for_display(
            sum(1 << c for c in obs.hand), obs.trump if obs.trump >= 0 else None, no_trump
        )
        legal = []
        if obs.current_player == seat and not obs.over:
            for a in d.legal_actions():
                item: dict[str, Any] = {"action": str(a), "kind": a.kind.name.lower()}
                item.update(_titles(a, d))
                if a.kind == ActionKind.BID:
                    b = d.ladder[a.bid]
                    item.update(title=b.title, title_hu=b.title_hu, rank=b.rank, value=b.value)
                elif a.kind in (ActionKind.PLAY,):
                    item["card"] = a.card
                elif a.kind == ActionKind.DISCARD:
                    continue  # any two cards of the hand: the client pairs them
                elif a.kind == ActionKind.KONTRA:
                    item.update(component=int(a.component), level=a.level)
                elif a.kind in (ActionKind.TRUMP, ActionKind.MARRIAGE):
                    item["suit"] = a.suit
                legal.append(item)
            if d.phase.name == "DISCARD":
                lay = i18n.both("ui.lay")
                legal.append(
                    {
                        "action": "discard",
                        "kind": "discard",
                        "title": lay["en"],
                        "title_hu": lay["hu"],
                    }
                )
        v["legal"] = legal
        # every move's words in both languages (another seat's discard: that two were laid)
        hidden = i18n.both("act.discard")
        for move, entry in zip(obs.history, v["history"], strict=True):
            if move.action is not None:
                entry.update(_titles(move.action, d))
            else:
                entry.update(title=hidden["en"], title_hu=hidden["hu"])
        # why this seat's other cards may not be played now (its own hand, the public trick)
        v["reasons"] = {}
        if obs.current_player == seat and d.phase.name == "PLAY":
            allowed = set(d.legal_cards())
            for c in obs.hand:
                if c not in allowed:
                    why = d.why_illegal(c)
                    assert why is not None
                    v["reasons"][str(c)] = {
                        lang: f"{why.text(lang)} ({why.rule})" for lang in i18n.LANGS
                    }
        if obs.bid:
            b = d.ladder[obs.bid]
            v["bid_info"] = {
                "title": b.title,
                "title_hu": b.title_hu,
                "value": b.value,
                "rank": b.rank,
            }
        if obs.contract:
            b = d.ladder[obs.contract]
            v["contract_info"] = {
                "title": b.title,
                "title_hu": b.title_hu,
                "value": b.value,
                "open": b.open,
            }
        # the doubled components, in words (K1, K2): "Ulti: Rekontra" / "ulti: rekontra"
        v["kontra_info"] = [
            {
                "component": int(kind),
                "levels": [a, b],
                **{
                    key: f"{titles[kind]}: {kontra_title(a, lang)}"
                    + (f" / {kontra_title(b, lang)}" if a != b else "")
                    for key, lang, titles in (
                        ("title", "en", KIND_TITLES),
                        ("title_hu", "hu", KIND_TITLES_HU),
                    )
                },
            }
            for kind, a, b in obs.kontras
            if a or b
        ]
        v["version"] = self.version
        v["deal_number"] = len(self.session.deals)
        v["totals"] = list(self.session.totals)
        v["sheet"] = [
            {
                "deal": n,
                "dealer": dealer,
                "contract": contract,
                "contract_hu": contract_hu,
                "result": list(res),
                "running": list(run),
            }
            for (n, dealer, contract, res, run), (*_, contract_hu, _r, _t) in zip(
                self.session.score_sheet(), self.session.score_sheet("hu"), strict=True
            )
        ]
        v["session_over"] = self.session.is_over()
        v["winners"] = self.session.winners() if self.session.is_over() else []
        prev = self.session.deals[-2] if len(self.session.deals) > 1 else None
        if prev is not None and prev.settlement is not None:
            assert prev.outcome is not None
            v["previous"] = {
                "deal": len(self.session.deals) - 1,
                "end_reason": prev.outcome.text("en"),
                "end_reason_hu": prev.outcome.text("hu"),
                "settlement": prev.settlement.to_dict(),
            }
        else:
            v["previous"] = None
        return v

    def event_for(
        self,
        seat: int,
        version: int,
        deal_index: int,
        who: int,
        action: Action,
    ) -> dict[str, Any]:
        """An action as ``seat`` may see it, typed (:meth:`Action.to_dict`): another seat's
        discard shows no cards."""
        typed: dict[str, Any] = dict(action.to_dict())
        if action.kind == ActionKind.DISCARD and who != seat:
            typed = {"kind": "discard", "text": "discard"}
            typed.update(i18n.both("act.discard"))
            typed["title"], typed["title_hu"] = typed.pop("en"), typed.pop("hu")
        else:
            typed.update(_titles(action, self.session.deals[deal_index]))
        return {"v": version, "deal": deal_index, "seat": who, "action": typed}

    # -- records --------------------------------------------------------------------------

    def finished_deals(self) -> list[dict[str, Any]]:
        out = []
        for i, d in enumerate(self.session.deals):
            if d.is_over():
                out.append(
                    {
                        "deal": i + 1,
                        "dealer": d.dealer,
                        "contract": d.contract.title if d.contract else None,
                        "result": d.returns(),
                    }
                )
        return out

    def steps(self, number: int) -> dict[str, Any]:
        """A finished deal step by step, every card shown (the deal is over, D2)."""
        from ulti.games.ulti.record import render

        d = self.finished(number)
        replay = Deal(d.rules, d.seed, d.dealer, d.deck if d.custom_deck else None)

        def picture(a: Action | None, who: int) -> dict[str, Any]:
            return {
                "action": None if a is None else str(a),
                **({} if a is None else _titles(a, d)),
                "player": self.names[who] if who >= 0 else "",
                "names": self.names,
                "hands": [sort_for_display(h) for h in replay.hands],
                "trick": list(replay.trick),
                "talon": sort_for_display(replay.talon),
            }

        out = [picture(None, -1)]
        for who, a in d.history:
            replay.apply(a)
            out.append(picture(a, who))
        return {
            "steps": out,
            "text": render(d, self.names),
            "text_hu": render(d, self.names, "hu"),
        }

    def finished(self, number: int) -> Deal:
        d: Deal = super().finished(number)
        return d

    def record(self, number: int) -> dict[str, Any]:
        return to_record(self.finished(number), self.names)

    # -- analysis and teaching mode -------------------------------------------------------

    def analysable(self, number: int) -> Deal:
        return self.finished(number)

    async def teach(self, conn: Connection, card: Any, version: Any, threshold: Any) -> None:
        """Would ``card`` lose units?  Checked here (the seat's turn, a legal card, a table
        against computer players that is not rated), answered later to ``conn`` alone: a
        ``teach`` frame with the warning's data (None: no warning), worked out in the
        workers from the seat's observation only.  Raises TableError and changes nothing
        when refused."""
        from ulti.analysis.ulti import THRESHOLD

        seat = conn.seat
        if seat == SPECTATOR:
            raise TableError("watching", "watching")
        if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < 32:
            raise analysis_error("malformed", "err-card")
        if not isinstance(version, int) or isinstance(version, bool):
            raise TableError("malformed", "version-int")
        if threshold is None:
            threshold = THRESHOLD
        elif (
            isinstance(threshold, bool)
            or not isinstance(threshold, int | float)
            or not math.isfinite(threshold)
            or not 0.1 <= threshold <= 100
        ):
            raise analysis_error("malformed", "err-threshold")
        if self.stored.rated:
            raise analysis_error("teach-rated", "err-rated")
        if not any(s["kind"] == "bot" for i, s in enumerate(self.stored.seats) if i != seat):
            raise analysis_error("teach-no-bots", "err-bots")
        if conn.teaching:
            raise analysis_error("teach-busy", "err-teach-busy")
        async with self.lock:
            d = self._turn_of(seat, version)
            legal = d.legal_actions()
            if not any(a.kind == ActionKind.PLAY for a in legal):
                raise analysis_error("teach-not-card", "err-not-card")
            refusal = self._refuse(d, play(card))
            if refusal is not None:
                raise refusal
            obs = d.observation(seat)
        conn.teaching = True
        self.tables.background(self._answer_teach(conn, obs, legal, card, version, threshold))

    async def _answer_teach(
        self,
        conn: Connection,
        obs: Observation,
        legal: list[Action],
        card: int,
        version: int,
        threshold: float,
    ) -> None:
        s = self.tables.settings
        job = TeachJob(self.rules, card, Budget(s.teach_samples, s.teach_ms), threshold, version)
        frame: dict[str, Any] = {"type": "teach", "card": card, "version": version}
        try:
            try:
                _, after = await self.tables.pool.decide(job, obs, legal, priority=TEACH_PRIORITY)
            except DecisionError as exc:
                if exc.reason == "closed":
                    return
                log.warning("table %s: a teaching question failed (%s)", self.id, str(exc)[:300])
                failed = analysis_error("teach-failed", "err-teach-failed")
                frame.update(
                    warning=None, failed=True, message=failed.message, message_hu=failed.message_hu
                )
            else:
                frame["warning"] = cast(PoolJob, after).result
            if conn in self.connections:
                await self._send(conn, frame)
        finally:
            conn.teaching = False


class Tables:
    """Every live table of a server, with what they share: the store (and the threads that
    write to it), the computer players' worker processes, the settings."""

    def __init__(self, store: Store, settings: ServerSettings | None = None) -> None:
        self.store = store
        self.settings = settings or ServerSettings()
        self.pool = BotPool(self.settings.bot_workers, self.settings.bot_deadline)
        # writes never wait behind bot thinking: their own threads (SQLite: one writer)
        self.store_exec = ThreadPoolExecutor(
            1 if store.url.startswith("sqlite") else 4, thread_name_prefix="ulti-store"
        )
        self.closing = False
        self.accepted = 0  # actions accepted since the server started
        self._background: set[asyncio.Task[None]] = set()
        #: the lobby's live listeners (docs/CLUB.md: ``/ws/lobby``), each a queue of lists
        self.lobby_listeners: set[asyncio.Queue[list[dict[str, Any]]]] = set()
        self._lobby_pending = False
        #: finished analyses per (table, deal number), the most recently asked last, and the
        #: ones under way (a second request for the same deal waits for the same work)
        self.analyses: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()
        self._analysing: dict[tuple[str, int], asyncio.Task[dict[str, Any]]] = {}
        self._analysis_slots: asyncio.Semaphore | None = None
        self.live: dict[str, GameTable] = {}
        #: the seeds of new tables: the system's secret source, or ``table_seeds``'s sequence
        self._seeds = (
            None if self.settings.table_seeds is None else random.Random(self.settings.table_seeds)
        )
        for t in store.tables():
            self.live[t.id] = self._table(t)

    def new_seed(self) -> int:
        """A new table's secret seed (D2): 63 random bits (``table_seeds``: the next of its
        sequence, the same on every run of a server given the same number)."""
        if self._seeds is None:
            return secrets.randbits(63)
        return self._seeds.getrandbits(63)

    def _table(self, stored: StoredTable) -> GameTable:
        """A stored table, live: Ulti's, or Snapszli's (ulti.server.snap)."""
        if stored.game == "snapszli":
            from ulti.server.snap import SnapTable

            return SnapTable(stored, self)
        return LiveTable(stored, self)

    def background(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` on its own (closing a connection), kept until it is done."""
        task = asyncio.get_running_loop().create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def storage(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a store call in the store's own threads."""
        return await asyncio.get_running_loop().run_in_executor(self.store_exec, fn, *args)

    async def create(
        self,
        rules: Ruleset | Any,
        seats: list[dict[str, Any]],
        lang: str,
        seed: int,
        game: str = "ulti",
        **club: Any,
    ) -> tuple[GameTable, dict[int, str]]:
        """A new table of ``game`` (``rules``: its settings, with ``to_dict()``) and one
        token per person's seat; ``club``: the store's table settings (public, rated,
        creator, bot_after, bot_spec, rematch_of).  A seat that brings its ``token_hash``
        (a rematch) keeps it; an ``open`` seat waits for someone from the lobby."""
        from ulti.server.store import new_token

        tokens: dict[int, str] = {}
        stored_seats = []
        for i, s in enumerate(seats):
            entry: dict[str, Any] = {"kind": s["kind"], "name": s["name"], "spec": s.get("spec")}
            if s.get("user") is not None:
                entry["user"] = s["user"]
            if s["kind"] == "person":
                if s.get("token_hash"):
                    entry["token_hash"] = s["token_hash"]
                else:
                    tokens[i] = new_token()
                    entry["token_hash"] = hash_token(tokens[i])
            elif s["kind"] == "open":
                entry["name"] = ""
            stored_seats.append(entry)
        stored = await self.storage(
            functools.partial(
                self.store.create_table, rules.to_dict(), seed, 0, stored_seats, lang, game, **club
            )
        )
        table = self._table(stored)
        self.live[table.id] = table
        if stored.public:
            self.lobby_changed()
        return table, tokens

    async def rematch(self, old: GameTable) -> GameTable:
        """The same seats (their tokens too), rules and settings at a new table, once the
        session is over; asked twice, the same new table."""
        from dataclasses import replace

        async with old.lock:
            if not old.session.is_over():
                raise TableError("not-over-yet", "not-over-yet")
            if old.stored.rematch is not None and old.stored.rematch in self.live:
                return self.live[old.stored.rematch]
            seats = []
            for s in old.stored.seats:
                entry = dict(s)
                if entry.pop("left", False):  # a person who left and was replaced comes back
                    entry["kind"] = "person"
                    entry["spec"] = None
                seats.append(entry)
            st = old.stored
            table, _ = await self.create(
                _Settings(st.rules),
                seats,
                st.lang,
                self.new_seed(),
                old.game,
                public=st.public,
                rated=st.rated,
                creator=st.creator,
                bot_after=st.bot_after,
                bot_spec=st.bot_spec,
                rematch_of=old.id,
            )
            await self.storage(self.store.set_rematch, old.id, table.id)
            old.stored = replace(old.stored, rematch=table.id)
            await old._send_all({"type": "rematch", "id": table.id, "link": f"/t/{table.id}"})
        table.schedule_bot()
        return table

    async def analysis(self, table: GameTable, number: int) -> dict[str, Any]:
        """Deal ``number`` of ``table`` analysed (:meth:`ulti.analysis.ulti.DealAnalysis.to_dict`,
        with the deal's number and the seats' names): from the cache, or worked out in the
        computer players' workers (``max_analyses`` at a time and never in every worker,
        after the computer players' decisions).  TableError: not an Ulti table, no such
        finished deal, the server busy, the analysis failed."""
        d = table.analysable(number)
        key = (table.id, number)
        done = self.analyses.get(key)
        if done is not None:
            self.analyses.move_to_end(key)
            return done
        task = self._analysing.get(key)
        if task is None:
            if len(self._analysing) >= ANALYSIS_QUEUE * self.settings.max_analyses:
                raise analysis_error("analysis-busy", "err-busy")
            task = asyncio.get_running_loop().create_task(self._analyse(key, d, list(table.names)))
            self._analysing[key] = task

            def finished(t: asyncio.Task[dict[str, Any]]) -> None:
                if self._analysing.get(key) is t:
                    del self._analysing[key]
                if not t.cancelled():
                    t.exception()  # retrieved: a failure whose asker left is not logged again

            task.add_done_callback(finished)
        # the work goes on (and is kept) when the one who asked goes away
        return await asyncio.shield(task)

    async def _analyse(self, key: tuple[str, int], d: Deal, names: list[str]) -> dict[str, Any]:
        from ulti.analysis.ulti import THRESHOLD

        s = self.settings
        if self._analysis_slots is None:  # a worker stays free for the computer players
            self._analysis_slots = asyncio.Semaphore(
                max(1, min(s.max_analyses, self.pool.workers - 1))
            )
        job = AnalysisJob(d, Budget(s.analysis_samples, s.analysis_ms), THRESHOLD, key[1])
        async with self._analysis_slots:
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
        self.analyses[key] = result
        while len(self.analyses) > s.analysis_cache:
            self.analyses.popitem(last=False)
        return result

    def lobby(self) -> list[dict[str, Any]]:
        """The public tables whose session is not over, newest first."""
        return [
            t.lobby_entry()
            for t in reversed(self.live.values())
            if t.stored.public and not t.session.is_over()
        ]

    def lobby_changed(self) -> None:
        """Tell the lobby's listeners (once for a burst of changes)."""
        if self._lobby_pending or not self.lobby_listeners:
            return
        self._lobby_pending = True

        async def push() -> None:
            await asyncio.sleep(0.05)
            self._lobby_pending = False
            tables = self.lobby()
            for q in list(self.lobby_listeners):
                if q.full():
                    with contextlib.suppress(asyncio.QueueEmpty):
                        q.get_nowait()
                q.put_nowait(tables)

        with contextlib.suppress(RuntimeError):
            self.background(push())

    def get(self, table_id: str) -> GameTable:
        t = self.live.get(table_id)
        if t is None:
            raise TableError("no-table", "no-table")
        return t

    def start_bots(self) -> None:
        for t in self.live.values():
            t.schedule_bot()
            t.start_leave_timers()

    async def close(self) -> None:
        """Stop the computer players and the store's threads (the server is stopping)."""
        self.closing = True
        tasks = [t._bot_task for t in self.live.values() if t._bot_task is not None]
        for t in self.live.values():
            tasks.extend(t._leave_timers.values())
        await self.pool.close()
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.store_exec.shutdown(wait=True)


@dataclass(frozen=True)
class _Settings:
    """A stored table's settings, given again to :meth:`Tables.create` (a rematch)."""

    data: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return self.data


def dumps(frame: dict[str, Any]) -> str:
    return json.dumps(frame, ensure_ascii=False, separators=(",", ":"))
