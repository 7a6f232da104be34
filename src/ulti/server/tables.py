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
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
from collections.abc import Awaitable, Callable, Coroutine, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ulti import messages
from ulti.actions import (
    Action,
    ActionKind,
    ActionParseError,
    bid,
    describe,
    kontra_title,
    parse_action,
)
from ulti.bids import KIND_TITLES, KIND_TITLES_HU
from ulti.cards import sort_for_display
from ulti.deal import Deal, IllegalAction, derive_seed
from ulti.players import Player, make_player
from ulti.players.pool import BotPool, DecisionError
from ulti.players.rules import RulesPlayer
from ulti.record import action_code, to_record
from ulti.rules import Ruleset
from ulti.server.guard import RateLimit, ServerSettings
from ulti.server.store import Store, StoredTable, hash_token
from ulti.session import Session

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


Send = Callable[[dict[str, Any]], Awaitable[None]]


Close = Callable[[int, str], Coroutine[Any, Any, None]]


@dataclass(eq=False)
class Connection:
    """One live websocket of a seat.  ``close`` ends it (a newer tab took the seat over, or
    it reads too slowly)."""

    seat: int
    send: Send
    close: Close
    limit: RateLimit = field(default_factory=RateLimit)


class TableError(Exception):
    """A refused frame: ``code`` for programs, ``message`` (English) and ``message_hu`` for
    people: the words of ``error.KEY`` in the catalogue (:mod:`ulti.messages`), or ``texts``
    given in both languages (an illegal action's reason)."""

    def __init__(
        self,
        code: str,
        key: str,
        texts: Mapping[str, str] | None = None,
        **fields: object,
    ) -> None:
        words = dict(texts) if texts is not None else messages.both(f"error.{key}", **fields)
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


def rules_title(preset: str, options: Mapping[str, Any], lang: str) -> str:
    """A table's rules in words: the preset's name and each option changed from it
    (``casual + Four Aces: off``; in Hungarian ``baráti + négy ász: ki``)."""
    out = messages.text(f"preset.{preset}", lang)
    for k, v in options.items():
        name = messages.text(f"option.{k}", lang) if f"option.{k}" in messages.CATALOGUE else k
        value = messages.text(f"web.{'on' if v else 'off'}", lang) if isinstance(v, bool) else v
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

    def view(self, seat: int) -> dict[str, Any]:
        raise NotImplementedError

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
        return any(c.seat not in self.bots for c in self.connections)

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

    async def _commit(self, seat: int, action: Any, version: int, from_bot: bool = False) -> None:
        d = self.deal
        if version != self.version:
            raise TableError("stale", "stale", now=self.version, seen=version)
        if d.is_over():
            raise self._over()
        if d.current_player != seat:
            raise TableError("not-your-turn", "not-your-turn", name=self.names[d.current_player])
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
        if d.is_over() or d.current_player not in self.bots or self.tables.closing:
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
                if d.is_over() or seat not in self.bots:
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
            others = [c for c in self.connections if c.seat == conn.seat]
            for old in others:
                self.drop(old)
            self.connections.append(conn)
            await conn.send(self.hello(conn, since))
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
        }

    def drop(self, conn: Connection) -> None:
        if conn in self.connections:
            self.connections.remove(conn)

    def finished(self, number: int) -> Any:
        """Deal ``number`` (from 1), once it is over (TableError otherwise)."""
        if not 1 <= number <= len(self.session.deals):
            raise TableError("no-deal", "no-deal", number=number)
        d = self.session.deals[number - 1]
        if not d.is_over():
            raise TableError("not-over", "not-over")
        return d


class LiveTable(GameTable):
    """An Ulti table: three seats, a session of deals (ulti.session)."""

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
            texts = {lang: f"{why.rule}: {why.text(lang)}" for lang in messages.LANGS}
            return TableError("illegal", "illegal", texts)
        except Exception:
            return TableError("illegal", "illegal")
        return TableError("illegal", "illegal")  # pragma: no cover

    def _start_bot(self, seat: int, game: int) -> None:
        self.bots[seat].start(seat, self.rules, game)
        self.fallbacks[seat].start(seat, self.rules, game)

    @property
    def deal(self) -> Deal:
        return self.session.deal

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
                lang: rules_title(self.rules.preset, options, lang) for lang in messages.LANGS
            },
            # each bid's names, for showing the auction in either language
            "bids": {
                str(bid(key)): [b.title, b.title_hu] for key, b in self.rules.ladder.by_key.items()
            },
        }

    def view(self, seat: int) -> dict[str, Any]:
        """Everything ``seat`` may see now (its projection, and public facts)."""
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
                lay = messages.both("ui.lay")
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
        hidden = messages.both("act.discard")
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
                        lang: f"{why.text(lang)} ({why.rule})" for lang in messages.LANGS
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
            typed.update(messages.both("act.discard"))
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
        from ulti.record import render

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
        return {"steps": out, "text": render(d, self.names)}

    def finished(self, number: int) -> Deal:
        d: Deal = super().finished(number)
        return d

    def record(self, number: int) -> dict[str, Any]:
        return to_record(self.finished(number), self.names)


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
        self.live: dict[str, GameTable] = {}
        for t in store.tables():
            self.live[t.id] = self._table(t)

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
    ) -> tuple[GameTable, dict[int, str]]:
        """A new table of ``game`` (``rules``: its settings, with ``to_dict()``) and one
        token per person's seat."""
        from ulti.server.store import new_token

        tokens: dict[int, str] = {}
        stored_seats = []
        for i, s in enumerate(seats):
            entry = {"kind": s["kind"], "name": s["name"], "spec": s.get("spec")}
            if s["kind"] == "person":
                tokens[i] = new_token()
                entry["token_hash"] = hash_token(tokens[i])
            stored_seats.append(entry)
        stored = await self.storage(
            self.store.create_table, rules.to_dict(), seed, 0, stored_seats, lang, game
        )
        table = self._table(stored)
        self.live[table.id] = table
        return table, tokens

    def get(self, table_id: str) -> GameTable:
        t = self.live.get(table_id)
        if t is None:
            raise TableError("no-table", "no-table")
        return t

    def start_bots(self) -> None:
        for t in self.live.values():
            t.schedule_bot()

    async def close(self) -> None:
        """Stop the computer players and the store's threads (the server is stopping)."""
        self.closing = True
        tasks = [t._bot_task for t in self.live.values() if t._bot_task is not None]
        await self.pool.close()
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.store_exec.shutdown(wait=True)


def dumps(frame: dict[str, Any]) -> str:
    return json.dumps(frame, ensure_ascii=False, separators=(",", ":"))
