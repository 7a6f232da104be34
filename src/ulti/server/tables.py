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
import hmac
import json
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from ulti.actions import Action, ActionKind, ActionParseError, bid, parse_action
from ulti.cards import sort_for_display
from ulti.deal import Deal, derive_seed
from ulti.players import Player, make_player
from ulti.record import action_code, to_record
from ulti.rules import Ruleset
from ulti.server.store import Store, StoredTable, hash_token
from ulti.session import Session

log = logging.getLogger(__name__)

#: Missed events a reconnecting client is sent one by one; beyond this, a full resync.
REPLAY_WINDOW = 200


@dataclass
class RateLimit:
    """A token bucket: ``rate`` messages a second, bursts of ``burst``."""

    rate: float = 10.0
    burst: float = 30.0
    tokens: float = 30.0
    last: float = field(default_factory=time.monotonic)

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


Send = Callable[[dict[str, Any]], Awaitable[None]]


@dataclass
class Connection:
    seat: int
    send: Send
    limit: RateLimit = field(default_factory=RateLimit)


class TableError(Exception):
    """A refused frame: ``code`` for programs, ``message`` for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class LiveTable:
    def __init__(self, stored: StoredTable, store: Store) -> None:
        self.stored = stored
        self.store = store
        self.id = stored.id
        self.rules = Ruleset.from_dict(stored.rules)
        self.names = [s["name"] for s in stored.seats]
        self.session = Session(self.rules, stored.seed, stored.first_dealer, self.names)
        self.events: list[tuple[int, int, int, Action]] = []  # (version, deal, seat, action)
        self.version = 0
        self.connections: list[Connection] = []
        self.lock = asyncio.Lock()
        self.bots: dict[int, Player] = {}
        for seat, s in enumerate(stored.seats):
            if s["kind"] == "bot":
                self.bots[seat] = make_player(s["spec"], derive_seed(stored.seed, 9000 + seat))
        self._bot_task: asyncio.Task[None] | None = None
        self._started: set[tuple[int, int]] = set()
        # rebuild from the stored actions (a restart loses nothing)
        for a in store.actions(self.id):
            while len(self.session.deals) - 1 < a.deal_index:
                self.session.next_deal()
            action = parse_action(a.action)
            self.session.deal.apply(action)
            self.version = a.seq
            self.events.append((a.seq, a.deal_index, a.seat, action))
        self._advance()

    # -- the game -------------------------------------------------------------------------

    @property
    def deal(self) -> Deal:
        return self.session.deal

    def _advance(self) -> None:
        """Start the next deal when one is over (derived state: nothing to store)."""
        if self.deal.is_over() and not self.session.is_over():
            self.session.next_deal()

    def seat_for_token(self, seat: Any, token: Any) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in (0, 1, 2):
            raise TableError("bad-seat", "seat: 0, 1 or 2")
        s = self.stored.seats[seat]
        if not isinstance(token, str) or not hmac.compare_digest(
                str(s.get("token_hash") or ""), hash_token(token)):  # constant time
            raise TableError("bad-token", "this link is not valid for this seat")
        return seat

    async def submit(self, seat: int, text: Any, version: Any) -> None:
        """A seat's action: checked, committed, applied, broadcast.  Raises TableError and
        changes nothing when refused."""
        if not isinstance(text, str) or len(text) > 96:
            raise TableError("malformed", "an action is a short text")
        if not isinstance(version, int) or isinstance(version, bool):
            raise TableError("malformed", "the version seen is an integer")
        try:
            action = parse_action(text)
        except ActionParseError as exc:
            raise TableError("bad-action", str(exc)) from None
        async with self.lock:
            await self._commit(seat, action, version)

    async def _commit(self, seat: int, action: Action, version: int,
                      from_bot: bool = False) -> None:
        d = self.deal
        if version != self.version:
            raise TableError("stale", f"the table is at version {self.version}, not {version}")
        if d.is_over():
            raise TableError("over", "the session is over")
        if d.current_player != seat:
            raise TableError("not-your-turn", f"it is seat {d.current_player}'s turn")
        legal = d.legal_actions()
        if action not in legal:
            try:  # the engine's precise reason, on a copy
                d.clone().apply(action)
            except Exception as exc:
                raise TableError("illegal", str(exc)) from None
            raise TableError("illegal", "not a legal action now")  # pragma: no cover
        deal_index = len(self.session.deals) - 1
        seq = self.version + 1
        # durability: stored before anything changes or anyone hears of it
        try:
            await asyncio.to_thread(self.store.append, self.id, seq, deal_index, seat,
                                    action_code(action))
        except Exception as exc:  # the database refused: nothing changed, say so
            log.exception("table %s: could not store action %s", self.id, action)
            raise TableError("storage", "the server could not store that action; "
                             "nothing changed, please try again") from exc
        d.apply(action)
        self.version = seq
        self.events.append((seq, deal_index, seat, action))
        finished = d.is_over()
        self._advance()
        await self.broadcast(seq, deal_index, seat, action, finished)
        if not from_bot:
            self.schedule_bot()

    def schedule_bot(self) -> None:
        d = self.deal
        if d.is_over() or d.current_player not in self.bots:
            return
        if self._bot_task is None or self._bot_task.done():
            self._bot_task = asyncio.get_event_loop().create_task(self._bot_turn())

    async def _bot_turn(self) -> None:
        """Computer players move, one after another, while it is one's turn.  They think in
        a worker thread; the table stays open to everyone meanwhile."""
        while True:
            async with self.lock:
                d = self.deal
                seat = d.current_player
                if d.is_over() or seat not in self.bots:
                    return
                game = len(self.session.deals) - 1
                bot = self.bots[seat]
                if (game, seat) not in self._started:
                    bot.start(seat, self.rules, game)
                    self._started.add((game, seat))
                obs = d.observation(seat)
                legal = d.legal_actions()
                version = self.version
            action = await asyncio.to_thread(bot.act, obs, legal)
            try:
                async with self.lock:
                    if self.version != version:
                        continue  # the table moved on meanwhile: think again
                    await self._commit(seat, action, version, from_bot=True)
            except TableError as exc:  # storage trouble: the bot tries again shortly
                log.warning("table %s: computer seat %d: %s", self.id, seat, exc.message)
                await asyncio.sleep(1.0)

    # -- what a seat sees -------------------------------------------------------------------

    def public(self) -> dict[str, Any]:
        base = Ruleset.from_preset(self.rules.preset).to_dict()
        return {
            "id": self.id,
            "players": [{"name": s["name"], "kind": s["kind"],
                         "spec": s.get("spec") if s["kind"] == "bot" else None}
                        for s in self.stored.seats],
            "lang": self.stored.lang,
            "deals": self.session.planned_deals,
            "rules": self.rules.preset,
            "options": {k: v for k, v in self.rules.to_dict().items()
                        if v != base.get(k) and k not in ("preset", "session_deals")},
            # each bid's names, for showing the auction in either language
            "bids": {str(bid(key)): [b.title, b.title_hu]
                     for key, b in self.rules.ladder.by_key.items()},
        }

    def view(self, seat: int) -> dict[str, Any]:
        """Everything ``seat`` may see now (its projection, and public facts)."""
        d = self.deal
        obs = d.observation(seat)
        v = obs.to_dict()
        no_trump = d.contract is not None and not d.contract.trump
        v["hand"] = sort_for_display(sum(1 << c for c in obs.hand),
                                     obs.trump if obs.trump >= 0 else None, no_trump)
        legal = []
        if obs.current_player == seat and not obs.over:
            for a in d.legal_actions():
                item: dict[str, Any] = {"action": str(a), "kind": a.kind.name.lower()}
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
                legal.append({"action": "discard", "kind": "discard"})
        v["legal"] = legal
        # why this seat's other cards may not be played now (its own hand, the public trick)
        v["reasons"] = {}
        if obs.current_player == seat and d.phase.name == "PLAY":
            allowed = set(d.legal_cards())
            for c in obs.hand:
                if c not in allowed:
                    rule, why = d.why_illegal(c)
                    v["reasons"][str(c)] = f"{why} ({rule})"
        if obs.bid:
            b = d.ladder[obs.bid]
            v["bid_info"] = {"title": b.title, "title_hu": b.title_hu, "value": b.value,
                             "rank": b.rank}
        if obs.contract:
            b = d.ladder[obs.contract]
            v["contract_info"] = {"title": b.title, "title_hu": b.title_hu, "value": b.value,
                                  "open": b.open}
        v["version"] = self.version
        v["deal_number"] = len(self.session.deals)
        v["totals"] = list(self.session.totals)
        v["sheet"] = [{"deal": n, "dealer": dealer, "contract": contract,
                       "result": list(res), "running": list(run)}
                      for n, dealer, contract, res, run in self.session.score_sheet()]
        v["session_over"] = self.session.is_over()
        v["winners"] = self.session.winners() if self.session.is_over() else []
        prev = self.session.deals[-2] if len(self.session.deals) > 1 else None
        if prev is not None and prev.settlement is not None:
            v["previous"] = {"deal": len(self.session.deals) - 1,
                             "end_reason": prev.end_reason,
                             "settlement": prev.settlement.to_dict()}
        else:
            v["previous"] = None
        return v

    def event_for(self, seat: int, version: int, deal_index: int, who: int, action: Action,
                  ) -> dict[str, Any]:
        """An action as ``seat`` may see it: another seat's discard shows no cards."""
        text = str(action)
        if action.kind == ActionKind.DISCARD and who != seat:
            text = "discard"
        return {"v": version, "deal": deal_index, "seat": who, "action": text}

    async def broadcast(self, version: int, deal_index: int, seat: int, action: Action,
                        finished: bool) -> None:
        for conn in list(self.connections):
            frame = {"type": "event", "version": version,
                     "event": self.event_for(conn.seat, version, deal_index, seat, action),
                     "finished": finished, "view": self.view(conn.seat)}
            try:
                await conn.send(frame)
            except Exception:
                self.drop(conn)

    def hello(self, conn: Connection, since: Any) -> dict[str, Any]:
        """The frame for a (re)connecting seat: missed events, or a full resync."""
        seat = conn.seat
        if (isinstance(since, int) and not isinstance(since, bool) and
                0 <= since <= self.version and self.version - since <= REPLAY_WINDOW):
            missed = [self.event_for(seat, v, di, who, a) for v, di, who, a in self.events
                      if v > since]
            return {"type": "replay", "version": self.version, "events": missed,
                    "table": self.public(), "view": self.view(seat)}
        recent = [self.event_for(seat, v, di, who, a) for v, di, who, a in self.events
                  if di == len(self.session.deals) - 1]
        return {"type": "sync", "version": self.version, "events": recent,
                "table": self.public(), "view": self.view(seat)}

    def drop(self, conn: Connection) -> None:
        if conn in self.connections:
            self.connections.remove(conn)

    # -- records --------------------------------------------------------------------------

    def finished_deals(self) -> list[dict[str, Any]]:
        out = []
        for i, d in enumerate(self.session.deals):
            if d.is_over():
                out.append({"deal": i + 1, "dealer": d.dealer,
                            "contract": d.contract.title if d.contract else None,
                            "result": d.returns()})
        return out

    def steps(self, number: int) -> dict[str, Any]:
        """A finished deal step by step, every card shown (the deal is over, D2)."""
        from ulti.record import render

        d = self.finished(number)
        replay = Deal(d.rules, d.seed, d.dealer, d.deck if d.custom_deck else None)

        def picture(action: str | None, who: int) -> dict[str, Any]:
            return {"action": action, "player": self.names[who] if who >= 0 else "",
                    "names": self.names,
                    "hands": [sort_for_display(h) for h in replay.hands],
                    "trick": list(replay.trick), "talon": sort_for_display(replay.talon)}

        out = [picture(None, -1)]
        for who, a in d.history:
            replay.apply(a)
            out.append(picture(str(a), who))
        return {"steps": out, "text": render(d, self.names)}

    def finished(self, number: int) -> Deal:
        if not 1 <= number <= len(self.session.deals):
            raise TableError("no-deal", f"no deal {number}")
        d = self.session.deals[number - 1]
        if not d.is_over():
            raise TableError("not-over", "a deal is shown whole once it is over (D2)")
        return d

    def record(self, number: int) -> dict[str, Any]:
        return to_record(self.finished(number), self.names)


class Tables:
    """Every live table of a server."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.live: dict[str, LiveTable] = {}
        for t in store.tables():
            self.live[t.id] = LiveTable(t, store)

    def create(self, rules: Ruleset, seats: list[dict[str, Any]], lang: str, seed: int
               ) -> tuple[LiveTable, dict[int, str]]:
        from ulti.server.store import new_token

        tokens: dict[int, str] = {}
        stored_seats = []
        for i, s in enumerate(seats):
            entry = {"kind": s["kind"], "name": s["name"], "spec": s.get("spec")}
            if s["kind"] == "person":
                tokens[i] = new_token()
                entry["token_hash"] = hash_token(tokens[i])
            stored_seats.append(entry)
        stored = self.store.create_table(rules.to_dict(), seed, 0, stored_seats, lang)
        table = LiveTable(stored, self.store)
        self.live[table.id] = table
        return table, tokens

    def get(self, table_id: str) -> LiveTable:
        t = self.live.get(table_id)
        if t is None:
            raise TableError("no-table", "no such table")
        return t

    def start_bots(self) -> None:
        for t in self.live.values():
            t.schedule_bot()


def dumps(frame: dict[str, Any]) -> str:
    return json.dumps(frame, ensure_ascii=False, separators=(",", ":"))
