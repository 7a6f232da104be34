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
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ulti import i18n
from ulti.arena.events.matchpoints import Result, Scored, score_boards, standings
from ulti.arena.events.schedule import FILLER, EventError, balance, check_event, make_schedule
from ulti.core.seeds import derive_seed
from ulti.games.registry import GAMES
from ulti.server.events.store import EventStore, EventTable, StoredEvent
from ulti.server.store import DealResultRow, User, now
from ulti.server.tables import Table
from ulti.server.tables.registry import Tables, table_class

log = logging.getLogger("ulti.server.events")

#: The kinds of event the server runs.
KINDS = ("duplicate",)
#: The computer player of a seat no person holds, unless the organiser names another (the
#: club level).
DEFAULT_BOT = "pimc:samples=12,ms=80"
#: What a table of an event is created by (the event, not a person).
CREATOR = "event:{id}"
#: The options that keep a game's table to the round's deals: a session tied for first
#: would play a tie-break round (S3), boards only some tables of the round play, that the
#: whole round waits for.  In a duplicate event the matchpoints rank, not a table's winner.
NO_TIEBREAK: dict[str, dict[str, Any]] = {"ulti": {"tiebreak_deals": 0}}


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
    kind: Literal["duplicate"] = "duplicate"
    game: str = "ulti"
    preset: str = Field(default="standard", max_length=32)
    options: dict[str, Any] = Field(default_factory=dict, max_length=64)
    #: a round's deals (Ulti: a multiple of 3; four at the table: of 4); Snapszli plays a
    #: match a round (its ``match_points``)
    deals: int | None = Field(default=None, ge=1, le=48)
    match_points: int | None = Field(default=None, ge=1, le=99)
    rounds: int = Field(ge=0, le=64)
    starts: datetime | None = None
    start_count: int | None = Field(default=None, ge=2, le=10_000)
    max_players: int | None = Field(default=None, ge=2, le=10_000)
    bot_spec: str = Field(default=DEFAULT_BOT, max_length=64)
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

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
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
        if e.rounds < 1:
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
            if n is not None:
                try:
                    check_event(n, size, e.rounds)
                except EventError as exc:
                    raise EventRefused(422, exc.key, **exc.fields) from None
        rules = {k: v for k, v in body.items() if k != "seats"}
        stored = StoredEvent(
            id=secrets.token_urlsafe(9),
            name=e.name,
            kind=e.kind,
            game=e.game,
            rules=rules,
            rounds=e.rounds,
            deals=e.deals or 0,
            size=size,
            starts=e.starts,
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
            if e.state != "open":
                raise EventRefused(409, "started")
            count: int = await self._db(self.db.count, event_id)
            if e.max_players is not None and count >= e.max_players:
                raise EventRefused(409, "full", most=e.max_players)
            if not await self._db(self.db.register, event_id, user.id):
                raise EventRefused(409, "registered-already")
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
        """A player leaves a running event: a computer player sits for them from the next
        round (their table of this round plays on as any table does)."""
        async with self.lock:
            e = await self.event(event_id)
            if e.state != "running":
                raise EventRefused(409, "not-running")
            mine = [x for x in await self._db(self.db.entrants, event_id) if x.user_id == user.id]
            if not mine or mine[0].left_round is not None:
                raise EventRefused(409, "not-registered")
            await self._db(self.db.left, event_id, user.id, e.round + 1)

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
            try:
                schedule = make_schedule(len(entrants), e.size, e.rounds, e.seed)
            except EventError as exc:
                raise EventRefused(409, exc.key, **exc.fields) from None
            numbers = {x.user_id: i for i, x in enumerate(entrants)}
            await self._db(self.db.start, event_id, numbers, schedule)
            e = await self.event(event_id)
            await self._seat(e, 1)
            return await self.event(event_id)

    async def _seat(self, e: StoredEvent, round_: int) -> None:
        """Round ``round_``'s tables, made and kept with the event's round in one write.

        The tables' settings are read once (every table of the round has the same: only the
        seats differ), and the tables are made at once, not one after another: their writes
        wait in the store's threads together (PostgreSQL commits several at a time): a round
        of a hundred tables is seated in under a second (benchmarks/bench_event.py).
        """
        assert e.schedule is not None
        entrants = await self._db(self.db.entrants, e.id)
        by_number = {x.number: x for x in entrants}
        plans: list[tuple[list[dict[str, Any]], tuple[int, ...]]] = []
        for group in e.schedule.rounds[round_ - 1]:
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
        made: list[tuple[Table, dict[int, str]]] = await asyncio.gather(
            *(
                self.tables.create(
                    settings,
                    [{**s, "token_hash": None} if s["kind"] == "person" else s for s in seats],
                    e.lang,
                    round_seed(e.seed, round_),
                    e.game,
                    public=True,
                    rated=True,
                    creator=CREATOR.format(id=e.id),
                )
                for seats, _ in plans
            )
        )
        kept = [
            EventTable(round_, number, table.id, held)
            for number, ((table, _), (_, held)) in enumerate(zip(made, plans, strict=True))
        ]
        await self._db(self.db.seat_round, e.id, round_, kept)
        for table, _ in made:
            table.schedule_bot()
        log.info("event %s: round %d seated at %d tables", e.id, round_, len(made))

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
            current = [t for t in await self._db(self.db.tables, event_id) if t.round == e.round]
            if not current or not all(self._done(t.table_id) for t in current):
                return
            if e.round >= e.rounds:
                await self._db(self.db.finish, event_id)
                log.info("event %s: over after %d rounds", event_id, e.round)
                return
            await self._seat(e, e.round + 1)

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
                await self.start_due()
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
        return tables, rows, score_boards(results_of(tables, rows))

    async def standings(self, e: StoredEvent) -> list[dict[str, Any]]:
        """The standings (persons only), each with its name."""
        entrants = await self._db(self.db.entrants, e.id)
        names = {x.number: x.name for x in entrants if x.number is not None}
        _, _, scored = await self.results(e)
        return [
            {**s.to_dict(), "name": names.get(s.player, "?")}
            for s in standings(scored, players=sorted(names))
        ]

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
        """The event's page: its settings, who registered, the current round's tables (the
        viewer's own marked) and the schedule's balance once it started."""
        entrants = await self._db(self.db.entrants, e.id)
        tables: list[EventTable] = await self._db(self.db.tables, e.id)
        mine = next((x for x in entrants if user is not None and x.user_id == user.id), None)
        names = {x.number: x.name for x in entrants if x.number is not None}
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
            "start_count": e.start_count,
            "max_players": e.max_players,
            "state": e.state,
            "round": e.round,
            "organiser": e.organiser,
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
                }
                for t in tables
                if t.round == e.round
            ],
        }
        if e.schedule is not None:
            shown = self._balances.get(e.id)
            if shown is None:
                shown = self._balances[e.id] = balance(e.schedule).to_dict()
            out["balance"] = shown
        return out


def results_of(tables: Sequence[EventTable], rows: Sequence[DealResultRow]) -> list[Result]:
    """The kept results of an event's tables as boards' results: deal ``d`` of round ``r``
    is board ``(r, d)``; a seat's player is the event's (``FILLER``: a computer player); a seat
    that sat the deal out (four at the table) has no score."""
    at = {t.table_id: t for t in tables}
    out = []
    for r in rows:
        t = at.get(r.table_id)
        if t is None or not 0 <= r.seat < len(t.seats):
            continue
        score = None if r.role == "none" else r.units
        out.append(Result((t.round, r.deal), r.seat, t.number, t.seats[r.seat], score))
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
