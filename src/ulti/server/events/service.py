"""People's events run by the server: an organiser's duplicate (barometer) event from
registration to its final standings (issue 30, docs/CLUB.md "Events").

- **Made** by an account holding the ``organiser`` role: a game and its rules (read as a new
  table's are: every preset and option of the game), rounds, a round's deals, a start (a
  time, or when so many have registered, or the organiser's word), at most so many players.
- **Registration** until the start: register and unregister; twice, after the start, or for
  a full event, refused in the player's language, nothing changed.
- **The start** numbers the players in registration order and makes the whole schedule
  (:func:`ulti.arena.events.schedule.make_schedule`, kept with the event), then seats round 1.
- **A round** is one table per group of the schedule, every table with the round's one seed
  (:func:`round_seed`: the same deals, the dealer order included, at every table); rated and
  public, so spectators watch and ratings move; a seat no person holds is a computer
  player's (the event's ``bot_spec``), named as such and never ranked.  A person who left
  the event has a computer player in their seat from the next round on, marked.  Every
  table plays exactly the round's deals: an Ulti session tied for first plays no tie-break
  round at an event (:data:`NO_TIEBREAK`).
- **The next round** is seated when every table of the round has ended and its results are
  kept (each table tells the registry: :meth:`~ulti.server.tables.registry.Tables.session_kept`);
  the last round's end ends the event.
- **Standings** are recomputed from the kept results of the event's tables (matchpoints against
  everyone who held the same seat of a deal: :mod:`ulti.arena.events.matchpoints`), after
  every deal; each deal's *traveller* lists every table's contract, soloist, result and
  matchpoints, with the replay one click away.

Everything is in the database (the event, its entrants and numbers, its schedule, each round's
tables, the tables' actions and results), so a server that stops, even mid-round, goes on
where it was (:meth:`Events.recover`).
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ulti import i18n
from ulti.arena.events.matchpoints import Result, Scored, Standing, score_boards, standings
from ulti.arena.events.schedule import (
    FILLER,
    EventError,
    Seating,
    balance,
    check_event,
    make_schedule,
)
from ulti.arena.events.swiss import (
    SwissStanding,
    TableResult,
    arena_tables,
    met_pairs,
    swiss_standings,
    swiss_tables,
)
from ulti.core.seeds import derive_seed
from ulti.games.registry import GAMES
from ulti.server.events.store import Entrant, EventStore, EventTable, StoredEvent
from ulti.server.notify.service import Notifier
from ulti.server.schemas import Clock
from ulti.server.store import EVENT_CREATOR, DealResultRow, User, now
from ulti.server.tables import Table
from ulti.server.tables.registry import Tables, table_class
from ulti.server.tables.seats import Asker

log = logging.getLogger("ulti.server.events")

#: The kinds of event the server runs: duplicate (barometer: every table of a round the same
#: deals, ranked by matchpoints), Swiss (rounds of tables formed by standing, points by place),
#: arena (a window in which whoever finishes a session is seated again, points by place).
KINDS = ("duplicate", "swiss", "arena")
#: The computer player of a seat no person holds, unless the organiser names another (the
#: club level).
DEFAULT_BOT = "pimc:samples=12,ms=80"
#: What a table of an event is created by (the event, not a person).
CREATOR = EVENT_CREATOR + "{id}"
#: The options that keep a game's table to the round's deals: a session tied for first
#: would play a tie-break round (S3), boards only some tables of the round play, that the
#: whole round waits for.  In a duplicate event the matchpoints rank, not a table's winner.
NO_TIEBREAK: dict[str, dict[str, Any]] = {
    "ulti": {"tiebreak_deals": 0},
    "ulti4": {"tiebreak_deals": 0},  # (a table of four without them plays no tie-break)
}


class EventRefused(EventError):
    """An event's door refused: the words are ``events.KEY`` in either language; ``status``
    the HTTP answer."""

    def __init__(self, status: int, key: str, **fields: object) -> None:
        self.status = status
        super().__init__(key, **fields)


class NewEvent(BaseModel):
    """What an organiser's new event says."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=128)
    kind: Literal["duplicate", "swiss", "arena"] = "duplicate"
    game: str = "ulti"
    preset: str = Field(default="standard", max_length=32)
    options: dict[str, Any] = Field(default_factory=dict, max_length=64)
    #: a round's deals (Ulti: a multiple of 3; four at the table: of 4); Snapszli plays a
    #: match a round (its ``match_points``)
    deals: int | None = Field(default=None, ge=1, le=48)
    match_points: int | None = Field(default=None, ge=1, le=99)
    #: a duplicate or Swiss event's rounds (an arena has none: it has minutes)
    rounds: int | None = Field(default=None, ge=0, le=64)
    #: an arena's window, from its start
    minutes: int | None = Field(default=None, ge=5, le=24 * 60)
    starts: datetime | None = None
    start_count: int | None = Field(default=None, ge=2, le=10_000)
    max_players: int | None = Field(default=None, ge=2, le=10_000)
    bot_spec: str = Field(default=DEFAULT_BOT, max_length=64)
    #: every table's clocks (a reserve and an increment, seconds)
    clock: Clock | None = None
    lang: Literal["en", "hu"] = "en"


def round_seed(event_seed: int, round_: int) -> int:
    """The seed every table of round ``round_`` (from 1) plays: the same deals everywhere."""
    return derive_seed(event_seed, round_)


@dataclass(frozen=True)
class _Settings:
    """A round's tables' settings, as the table's own reading of a new table gave them."""

    data: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return self.data


class Events:
    """The events of one server."""

    def __init__(self, tables: Tables, notifier: Notifier) -> None:
        self.tables = tables
        self.notifier = notifier
        self.db = EventStore(tables.store)
        self.lock = asyncio.Lock()  # one change of an event's state at a time
        #: each started event's schedule's balance, worked out once (the schedule is kept as
        #: it was made; 300 players' balance takes tens of milliseconds, and everyone opens
        #: the event's page at each round)
        self._balances: dict[str, dict[str, Any]] = {}
        tables.session_listeners.append(self._table_kept)

    async def _db(self, fn: Any, *args: Any) -> Any:
        return await self.tables.storage(fn, *args)

    # -- making and registering -------------------------------------------------------------

    def table_body(
        self, e: NewEvent | StoredEvent, seats: Sequence[dict[str, Any]]
    ) -> dict[str, Any]:
        """A round's table as a new table's request says it (read by the game's own table)."""
        if isinstance(e, StoredEvent):
            return {**e.rules, "seats": list(seats)}
        body: dict[str, Any] = {"game": e.game, "preset": e.preset, "lang": e.lang}
        options = {**e.options, **NO_TIEBREAK.get(e.game, {})}
        if options:
            body["options"] = options
        if e.deals is not None:
            body["deals"] = e.deals
        if e.match_points is not None:
            body["match_points"] = e.match_points
        if e.clock is not None:
            body["clock"] = e.clock.model_dump()
        return {**body, "public": True, "rated": True, "seats": list(seats)}

    def _settings(self, body: dict[str, Any]) -> Any:
        game = body.get("game")
        if game not in GAMES:
            raise EventRefused(422, "bad-game", game=game, games=", ".join(GAMES))
        try:
            return table_class(str(game)).read_new(body)[1]
        except (ValidationError, ValueError) as exc:
            raise EventRefused(422, "bad-rules", why=_why(exc)) from None

    async def create(self, organiser: User, raw: object) -> StoredEvent:
        """A new event, open for registration (its settings checked as a round's table)."""
        try:
            e = NewEvent.model_validate(raw)
        except ValidationError as exc:
            raise EventRefused(422, "bad-event", why=_why(exc)) from None
        if e.game not in GAMES:
            raise EventRefused(422, "bad-game", game=e.game, games=", ".join(GAMES))
        size = GAMES[e.game].seats
        placeholder = [{"kind": "bot", "name": f"{i + 1}", "spec": "rules"} for i in range(size)]
        body = self.table_body(e, placeholder)
        self._settings(body)
        try:  # the seats nobody holds: a computer player the server may run
            table_class(e.game).check_bot(self.tables.settings, e.bot_spec)
        except ValueError as exc:
            raise EventRefused(422, "bad-event", why=_why(exc)) from None
        if e.kind == "arena":
            if e.minutes is None:
                raise EventRefused(422, "no-minutes")
        elif not e.rounds:
            raise EventRefused(422, "no-rounds")
        if e.starts is not None and e.starts <= now():
            raise EventRefused(422, "starts-past")
        least = size + 1
        for n in (e.start_count, e.max_players):
            if n is not None and n < least:
                raise EventRefused(422, "too-few", players=n, least=least)
        if e.start_count and e.max_players and e.start_count > e.max_players:
            raise EventRefused(422, "count-over-max", count=e.start_count, most=e.max_players)
        for n in (e.start_count, e.max_players):
            if n is not None and e.kind == "duplicate":
                try:
                    check_event(n, size, e.rounds or 0)
                except EventError as exc:
                    raise EventRefused(422, exc.key, **exc.fields) from None
        rules = {k: v for k, v in body.items() if k != "seats"}
        stored = StoredEvent(
            id=secrets.token_urlsafe(9),
            name=e.name,
            kind=e.kind,
            game=e.game,
            rules=rules,
            rounds=e.rounds or 0,
            deals=e.deals or 0,
            size=size,
            starts=e.starts,
            minutes=e.minutes,
            ends=None,
            start_count=e.start_count,
            max_players=e.max_players,
            bot_spec=e.bot_spec,
            organiser=organiser.id,
            seed=self.tables.new_seed(),
            state="open",
            round=0,
            schedule=None,
            lang=e.lang,
            created=now(),
        )
        made: StoredEvent = await self._db(self.db.create, stored)
        return made

    async def event(self, event_id: str) -> StoredEvent:
        e: StoredEvent | None = await self._db(self.db.event, event_id)
        if e is None:
            raise EventRefused(404, "no-event")
        return e

    async def register(self, event_id: str, user: User) -> None:
        async with self.lock:
            e = await self.event(event_id)
            # a late joiner waits for the next round (Swiss) or seating (arena); a duplicate
            # event's schedule was made for those who came
            late = e.state == "running" and e.kind in ("swiss", "arena")
            if e.state != "open" and not late:
                raise EventRefused(409, "started")
            count: int = await self._db(self.db.count, event_id)
            if e.max_players is not None and count >= e.max_players:
                raise EventRefused(409, "full", most=e.max_players)
            if not await self._db(self.db.register, event_id, user.id):
                raise EventRefused(409, "registered-already")
            if late:  # a Swiss or arena event under way: seated from its next round on
                await self._db(self.db.number_late, event_id, user.id)
                return
            full = count + 1
        if e.start_count is not None and full >= e.start_count:
            await self.start(event_id)

    async def unregister(self, event_id: str, user: User) -> None:
        async with self.lock:
            e = await self.event(event_id)
            if e.state != "open":
                raise EventRefused(409, "started")
            if not await self._db(self.db.unregister, event_id, user.id):
                raise EventRefused(409, "not-registered")

    async def leave(self, event_id: str, user: User) -> None:
        """A player leaves a running event: a computer player takes their seat at once, for
        the rest of the round (the deals it plays are the computer's, not theirs: compared
        with, never ranked), and sits for them in every round after; marked as left."""
        async with self.lock:
            e = await self.event(event_id)
            if e.state != "running":
                raise EventRefused(409, "not-running")
            mine = [x for x in await self._db(self.db.entrants, event_id) if x.user_id == user.id]
            if not mine or mine[0].left_round is not None:
                raise EventRefused(409, "not-registered")
            me = mine[0]
            finished = 0
            for t in await self._db(self.db.tables, event_id):
                table = self.tables.live.get(t.table_id)
                if table is None or me.number not in t.seats or self._done(t.table_id):
                    continue
                finished = sum(1 for d in table.session.deals if d.is_over())
                seat = t.seats.index(me.number)
                if table.stored.seats[seat]["kind"] == "person":
                    await table.hand_over(seat, e.bot_spec, Asker(None, user.id, False))
            await self._db(self.db.left, event_id, user.id, max(e.round, 1), finished)

    # -- running ----------------------------------------------------------------------------

    async def start(self, event_id: str, by: User | None = None) -> StoredEvent:
        """The event starts: numbers, the schedule, round 1 seated (``by``: the organiser who
        said so; None: its time or its count came)."""
        async with self.lock:
            e = await self.event(event_id)
            if by is not None and by.id != e.organiser:
                raise EventRefused(403, "not-organiser")
            if e.state != "open":
                raise EventRefused(409, "started")
            entrants = await self._db(self.db.entrants, event_id)
            n = len(entrants)
            schedule, ends = None, None
            try:
                if e.kind == "duplicate":
                    schedule = make_schedule(n, e.size, e.rounds, e.seed)
                elif n < e.size + (e.kind == "swiss"):
                    raise EventError("too-few", players=n, least=e.size + (e.kind == "swiss"))
            except EventError as exc:
                raise EventRefused(409, exc.key, **exc.fields) from None
            if e.kind == "arena":
                ends = now() + timedelta(minutes=e.minutes or 0)
            numbers = {x.user_id: i for i, x in enumerate(entrants)}
            await self._db(self.db.start, event_id, numbers, schedule, ends)
            e = await self.event(event_id)
            if e.kind == "arena":
                await self._seat_waiting(e)
            else:
                await self._seat(e, 1, await self._groups(e, 1))
            return await self.event(event_id)

    async def _groups(self, e: StoredEvent, round_: int) -> list[Seating]:
        """Round ``round_``'s tables of a duplicate event (its schedule's) or a Swiss one
        (the first by a shuffle of the event's seed, the others by standing)."""
        if e.kind == "duplicate":
            assert e.schedule is not None
            return list(e.schedule.rounds[round_ - 1])
        entrants = await self._db(self.db.entrants, e.id)
        numbers = [x.number for x in entrants if x.number is not None]
        if round_ == 1:
            order = list(numbers)
            random.Random(e.seed).shuffle(order)
            order += [FILLER] * (-len(order) % e.size)
            return [tuple(order[i : i + e.size]) for i in range(0, len(order), e.size)]
        played = await self.table_results(e)
        return swiss_tables(
            swiss_standings(played, numbers), met_pairs(played), e.size, seed=e.seed + round_
        )

    async def _seat(self, e: StoredEvent, round_: int, groups: Sequence[Seating]) -> None:
        """Round ``round_``'s tables, one a group, made and kept with the event's round in
        one write (an arena's round: one seating of those waiting).

        The tables' settings are read once (every table of the round has the same: only the
        seats differ), and the tables are made at once, not one after another: their writes
        wait in the store's threads together (PostgreSQL commits several at a time): a round
        of a hundred tables is seated in under a second (benchmarks/bench_event.py).
        """
        entrants = await self._db(self.db.entrants, e.id)
        by_number = {x.number: x for x in entrants}
        plans: list[tuple[list[dict[str, Any]], tuple[int, ...]]] = []
        for group in groups:
            seats: list[dict[str, Any]] = []
            held: list[int] = []
            for p in group:
                x = by_number.get(p) if p != FILLER else None
                if x is None or (x.left_round is not None and x.left_round <= round_):
                    name = i18n.text("events.computer", e.lang, n=len(seats) + 1)
                    seats.append({"kind": "bot", "name": name, "spec": e.bot_spec})
                    held.append(FILLER)
                else:
                    seats.append({"kind": "person", "name": x.name, "user": x.user_id})
                    held.append(p)
            plans.append((seats, tuple(held)))
        body = self.table_body(e, [_request_seat(s) for s in plans[0][0]])
        settings = _Settings(self._settings(body).to_dict())
        adopted = await self._orphans(e, round_, plans)

        async def make(seats: list[dict[str, Any]], i: int) -> tuple[Table, dict[int, str]]:
            if i in adopted:  # made before the server stopped, the round not kept yet
                return adopted[i], {}
            return await self.tables.create(
                settings,
                [{**s, "token_hash": None} if s["kind"] == "person" else s for s in seats],
                e.lang,
                round_seed(e.seed, round_),
                e.game,
                public=True,
                rated=True,
                creator=CREATOR.format(id=e.id),
                time_control=e.rules.get("clock"),
            )

        made: list[tuple[Table, dict[int, str]]] = await asyncio.gather(
            *(make(seats, i) for i, (seats, _) in enumerate(plans))
        )
        kept = [
            EventTable(round_, number, table.id, held)
            for number, ((table, _), (_, held)) in enumerate(zip(made, plans, strict=True))
        ]
        await self._db(self.db.seat_round, e.id, round_, kept)
        for table, _ in made:
            table.schedule_bot()
        log.info("event %s: round %d seated at %d tables", e.id, round_, len(made))
        for at in kept:  # each person: their table is ready
            for p in at.seats:
                x = by_number.get(p) if p != FILLER else None
                if x is not None:
                    await self.notifier.notify(
                        x.user_id,
                        "round-seated",
                        "notify.round-seated",
                        f"/t/{at.table_id}",
                        event=e.name,
                        round=round_,
                    )

    async def _orphans(
        self,
        e: StoredEvent,
        round_: int,
        plans: Sequence[tuple[list[dict[str, Any]], tuple[int, ...]]],
    ) -> dict[int, Table]:
        """The tables of this round a server made and then stopped before keeping the round
        (a crash mid-seating): each plan's own, found by its seed and seats, so that seating
        the round again makes no second table for anyone."""
        known = {t.table_id for t in await self._db(self.db.tables, e.id)}
        creator, seed = CREATOR.format(id=e.id), round_seed(e.seed, round_)
        spare = [
            t
            for t in self.tables.live.values()
            if t.stored.creator == creator and t.stored.seed == seed and t.id not in known
        ]
        out: dict[int, Table] = {}
        for i, (seats, _) in enumerate(plans):
            want = [(s["kind"], s.get("user"), s["name"]) for s in seats]
            for t in spare:
                if [(x["kind"], x.get("user"), x["name"]) for x in t.stored.seats] == want:
                    out[i] = t
                    spare.remove(t)
                    break
        for t in spare:  # made for a seating that is not this one: said, left as it is
            log.warning("event %s: table %s of round %d is not in the round", e.id, t.id, round_)
        return out

    def _timeouts(self, table_id: str) -> list[int] | None:
        """Each seat's timeouts at a table with clocks (None: no clocks)."""
        t = self.tables.live.get(table_id)
        return None if t is None or t.clocks is None else list(t.clocks.timeouts)

    def _done(self, table_id: str) -> bool:
        """Whether a table's session is over and all its results are kept."""
        t = self.tables.live.get(table_id)
        if t is None:
            t = self.tables.get(table_id)
        return bool(t.session.is_over() and t.results.recorded >= len(t.session.deals))

    async def _table_kept(self, table: Table) -> None:
        """A table's session ended and its results are kept: if it was the round's last, the
        next round is seated (or the event ends)."""
        event_id: str | None = await self._db(self.db.event_of_table, table.id)
        if event_id is not None:
            await self.advance(event_id)

    async def advance(self, event_id: str) -> None:
        """Seat the next round, or end the event, if every table of its round is done."""
        async with self.lock:
            e = await self.event(event_id)
            if e.state != "running":
                return
            if e.kind == "arena":
                await self._seat_waiting(e)
                return
            current = [t for t in await self._db(self.db.tables, event_id) if t.round == e.round]
            if not current or not all(self._done(t.table_id) for t in current):
                return
            if e.round >= e.rounds:
                await self._finish(e)
                return
            await self._seat(e, e.round + 1, await self._groups(e, e.round + 1))

    async def _seat_waiting(self, e: StoredEvent) -> None:
        """An arena: those waiting seated with the nearest in points while its window is
        open (a last few, when no table plays on, with computer players); once it has
        closed and every table is done, the event ends."""
        tables = await self._db(self.db.tables, e.id)
        playing = [t for t in tables if not self._done(t.table_id)]
        open_window = e.ends is not None and now() < e.ends
        if not open_window:
            if not playing:
                await self._finish(e)
            return
        entrants = await self._db(self.db.entrants, e.id)
        busy = {p for t in playing for p in t.seats}
        played = Counter(p for t in tables for p in t.seats)
        waiting = sorted(
            (x for x in entrants if x.number is not None and x.left_round is None),
            key=lambda x: (played[x.number], x.registered, x.user_id),
        )
        numbers = [x.number for x in waiting if x.number not in busy and x.number is not None]
        everyone = [x.number for x in entrants if x.number is not None]
        ranked = swiss_standings(await self.table_results(e), everyone)
        points = {s.player: s.points for s in ranked}
        groups, left = arena_tables(numbers, points, e.size)
        if left and not groups and not playing:  # nobody else will come: computers fill
            groups = [tuple(left) + (FILLER,) * (e.size - len(left))]
        if groups:
            await self._seat(e, e.round + 1, groups)

    async def end_window(self, event_id: str, by: User) -> None:
        """The organiser closes an arena's window now: no table is seated after the ones
        playing, and the event ends with them."""
        async with self.lock:
            e = await self.event(event_id)
            if by.id != e.organiser:
                raise EventRefused(403, "not-organiser")
            if e.kind != "arena" or e.state != "running":
                raise EventRefused(409, "not-running")
            await self._db(self.db.end_window, event_id, now())
            await self._seat_waiting(await self.event(event_id))

    async def _finish(self, e: StoredEvent) -> None:
        """The event is over: kept so, and every player told that the results are in."""
        await self._db(self.db.finish, e.id)
        log.info("event %s: over after %d rounds", e.id, e.round)
        for x in await self._db(self.db.entrants, e.id):
            await self.notifier.notify(
                x.user_id, "results", "notify.results", f"/e/{e.id}", event=e.name
            )

    async def remind(self, within: timedelta = timedelta(minutes=10)) -> None:
        """The players of an open event that starts within ``within`` are told, once."""
        for e in await self._db(self.db.events, ["open"]):
            if e.starts is None or not now() < e.starts <= now() + within:
                continue
            link = f"/e/{e.id}"
            minutes = max(1, round((e.starts - now()).total_seconds() / 60))
            for x in await self._db(self.db.entrants, e.id):
                if not await self._db(self.notifier.db.told, x.user_id, "event-soon", link):
                    await self.notifier.notify(
                        x.user_id,
                        "event-soon",
                        "notify.event-soon",
                        link,
                        event=e.name,
                        minutes=minutes,
                    )

    async def recover(self) -> None:
        """At the server's start: every running event whose round ended while the server was
        down goes on; every open event whose time has come starts."""
        for e in await self._db(self.db.events, ["running"]):
            await self.advance(e.id)
        await self.start_due()

    async def run_clock(self, every: float = 5.0) -> None:
        """Start each open event whose time has come, looking every ``every`` seconds, while
        the server runs."""
        while True:
            try:
                await self.remind()
                await self.start_due()
                for e in await self._db(self.db.events, ["running"]):
                    if e.kind == "arena" and e.ends is not None and e.ends <= now():
                        await self.advance(e.id)
            except Exception:  # a fault of ours: said, and the clock goes on
                log.exception("the events' clock failed")
            await asyncio.sleep(every)

    async def start_due(self) -> None:
        """Start the open events whose start time has passed."""
        for e in await self._db(self.db.events, ["open"]):
            if e.starts is not None and e.starts <= now():
                try:
                    await self.start(e.id)
                except EventRefused as exc:  # too few came: said in the log, left open
                    log.warning("event %s could not start: %s", e.id, exc)

    # -- what the pages show ----------------------------------------------------------------

    async def results(
        self, e: StoredEvent
    ) -> tuple[list[EventTable], list[DealResultRow], list[Scored]]:
        """The event's tables, every kept result on them, and those results scored."""
        tables: list[EventTable] = await self._db(self.db.tables, e.id)
        rows: list[DealResultRow] = await self._db(
            self.tables.store.deal_results_at, [t.table_id for t in tables]
        )
        entrants = await self._db(self.db.entrants, e.id)
        return tables, rows, score_boards(results_of(tables, rows, entrants))

    async def table_results(self, e: StoredEvent) -> list[TableResult]:
        """Each finished table of the event: who sat where, each seat's units."""
        tables, rows, _ = await self.results(e)
        units: dict[tuple[str, int], int] = defaultdict(int)
        for r in rows:
            units[r.table_id, r.seat] += r.units
        entrants = await self._db(self.db.entrants, e.id)
        gone = {x.number: x.left_round for x in entrants if x.left_round is not None}

        def held(t: EventTable) -> Seating:  # who left during a table gave it up
            return tuple(FILLER if gone.get(p, t.round + 1) <= t.round else p for p in t.seats)

        return [
            TableResult(held(t), tuple(units[t.table_id, s] for s in range(len(t.seats))))
            for t in tables
            if self._done(t.table_id)
        ]

    async def standings(
        self, e: StoredEvent, scored: Sequence[Scored] | None = None
    ) -> list[dict[str, Any]]:
        """The standings (persons only), each with its name: a duplicate event's by
        matchpoints (``scored``: its results scored, when the caller has them already), a
        Swiss or arena event's by points by place and their tie-breaks."""
        entrants = await self._db(self.db.entrants, e.id)
        names = {x.number: x.name for x in entrants if x.number is not None}
        if e.kind == "duplicate":
            if scored is None:
                _, _, scored = await self.results(e)
            ranked: Sequence[Standing | SwissStanding] = standings(scored, players=sorted(names))
        else:
            ranked = swiss_standings(await self.table_results(e), sorted(names))
        return [{**s.to_dict(), "name": names.get(s.player, "?")} for s in ranked]

    async def traveller(self, e: StoredEvent, round_: int, deal: int, lang: str) -> dict[str, Any]:
        """Deal ``deal`` of round ``round_`` at every table: the contract, soloist, result,
        each seat's units and matchpoints, and the replay."""
        if e.state == "open" or not 1 <= round_ <= e.round:
            raise EventRefused(404, "no-board")
        entrants = await self._db(self.db.entrants, e.id)
        names = {x.number: x.name for x in entrants if x.number is not None}
        tables, kept, scored = await self.results(e)
        facts = {(r.table_id, r.deal, r.seat): r for r in kept}
        at = {t.table_id: t for t in tables if t.round == round_}
        rows = []
        for t in sorted(at.values(), key=lambda t: t.number):
            mine = [
                s for s in scored if s.result.board == (round_, deal) and s.result.table == t.number
            ]
            if not mine:
                continue
            seats = []
            soloist, contract, made = None, None, None
            for s in sorted(mine, key=lambda s: s.result.seat):
                row = s.result
                who = names.get(row.player) if row.player != FILLER else None
                seats.append(
                    {
                        "seat": row.seat,
                        "player": who,
                        "computer": row.player == FILLER,
                        "units": row.score,
                        "matchpoints": float(s.matchpoints),
                        "top": s.top,
                    }
                )
                f = facts.get((t.table_id, deal, row.seat))
                if f is not None and f.role == "soloist":
                    soloist = row.seat
                    contract = f.contract_hu if lang == "hu" else f.contract
                    made = f.made
            rows.append(
                {
                    "table": t.number + 1,
                    "table_id": t.table_id,
                    "replay": f"/replay/{t.table_id}/{deal}",
                    "contract": contract,
                    "soloist": soloist,
                    "made": made,
                    "seats": seats,
                }
            )
        if not rows:
            raise EventRefused(404, "no-board")
        return {"round": round_, "deal": deal, "tables": rows}

    async def view(self, e: StoredEvent, user: User | None) -> dict[str, Any]:
        """The event's page: its settings, who registered, the current round's tables (an
        arena's: every one still playing, and the last seated; the viewer's own marked) and
        a duplicate event's schedule's balance once it started."""
        entrants = await self._db(self.db.entrants, e.id)
        tables: list[EventTable] = await self._db(self.db.tables, e.id)
        mine = next((x for x in entrants if user is not None and x.user_id == user.id), None)
        names = {x.number: x.name for x in entrants if x.number is not None}
        organiser: User | None = await self._db(self.tables.store.user_by_id, e.organiser)
        out: dict[str, Any] = {
            "id": e.id,
            "name": e.name,
            "kind": e.kind,
            "game": e.game,
            "rules": {k: v for k, v in e.rules.items() if k not in ("public", "rated")},
            "rounds": e.rounds,
            "deals": e.deals,
            "size": e.size,
            "starts": None if e.starts is None else e.starts.isoformat(),
            "minutes": e.minutes,
            "ends": None if e.ends is None else e.ends.isoformat(),
            "start_count": e.start_count,
            "max_players": e.max_players,
            "state": e.state,
            "round": e.round,
            "organiser": e.organiser,
            "organiser_name": None if organiser is None else organiser.name,
            "bot_spec": e.bot_spec,
            "lang": e.lang,
            "registered": [x.name for x in entrants],
            "me": None
            if mine is None
            else {"number": mine.number, "left": mine.left_round is not None},
            "tables": [
                {
                    "round": t.round,
                    "table": t.number + 1,
                    "id": t.table_id,
                    "link": f"/t/{t.table_id}",
                    "players": [names.get(p) if p != FILLER else None for p in t.seats],
                    "mine": mine is not None and mine.number in t.seats,
                    "over": self._done(t.table_id),
                    # each seat's moves the server made when its clock ran out
                    "timeouts": self._timeouts(t.table_id),
                }
                for t in tables
                if t.round == e.round or (e.kind == "arena" and not self._done(t.table_id))
            ],
        }
        if e.schedule is not None:
            shown = self._balances.get(e.id)
            if shown is None:
                shown = self._balances[e.id] = balance(e.schedule).to_dict()
            out["balance"] = shown
        return out


def results_of(
    tables: Sequence[EventTable], rows: Sequence[DealResultRow], entrants: Sequence[Entrant]
) -> list[Result]:
    """The kept results of an event's tables as boards' results: deal ``d`` of round ``r``
    is board ``(r, d)``; a seat's player is the event's (``FILLER``: a computer player, and
    the one who sat for a player after they left); a seat that sat the deal out (four at the
    table) has no score."""
    at = {t.table_id: t for t in tables}
    by_number = {x.number: x for x in entrants if x.number is not None}
    out = []
    for r in rows:
        t = at.get(r.table_id)
        if t is None or not 0 <= r.seat < len(t.seats):
            continue
        score = None if r.role == "none" else r.units
        player = t.seats[r.seat]
        x = by_number.get(player)
        if x is not None and not x.played(t.round, r.deal):
            player = FILLER
        out.append(Result((t.round, r.deal), r.seat, t.number, player, score))
    return out


def _request_seat(s: dict[str, Any]) -> dict[str, Any]:
    """A seat as a new table's request names it (for the game's own reading of the body)."""
    if s["kind"] == "person":
        return {"kind": "person", "name": s["name"]}
    return {"kind": "bot", "name": s["name"], "spec": s["spec"]}


def _why(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        return "; ".join(
            f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors()[:3]
        )[:300]
    return str(exc)[:300]
