"""Where people's events are kept: the events, who registered, the tables of each round
(migration 0007).  The rows live in the server's one database, beside the tables whose
results they rank (:class:`~ulti.server.store.Store`'s ``ulti_deal_results``); every write is
one transaction, so an event's state after a crash is the last one committed: a round is
seated with its tables or not at all.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from datetime import datetime
from typing import Any

from sqlalchemy import DateTime, ForeignKey, Integer, String, Text, delete, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from ulti.arena.events.schedule import Schedule
from ulti.server.store import Base, Store, UserRow, now, utc


class EventRow(Base):
    __tablename__ = "ulti_events"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(128))
    #: duplicate (barometer), swiss or arena
    kind: Mapped[str] = mapped_column(String(16))
    game: Mapped[str] = mapped_column(String(16))
    rules: Mapped[str] = mapped_column(Text)  # JSON: the tables' settings
    rounds: Mapped[int] = mapped_column(Integer)
    deals: Mapped[int] = mapped_column(Integer)  # a round's
    size: Mapped[int] = mapped_column(Integer)  # seats a table
    starts: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    #: an arena's window: its length, and its end once it started
    minutes: Mapped[int | None] = mapped_column(Integer, nullable=True)
    ends: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    start_count: Mapped[int | None] = mapped_column(Integer, nullable=True)
    max_players: Mapped[int | None] = mapped_column(Integer, nullable=True)
    bot_spec: Mapped[str] = mapped_column(String(96))  # who fills a seat nobody holds
    organiser: Mapped[int] = mapped_column(ForeignKey("ulti_users.id"))
    seed: Mapped[str] = mapped_column(String(24))  # the rounds' deals' (secret while it runs)
    #: open (registering), running, over
    state: Mapped[str] = mapped_column(String(16), index=True)
    round: Mapped[int] = mapped_column(Integer)  # the round seated last (0: none yet)
    schedule: Mapped[str | None] = mapped_column(Text, nullable=True)  # JSON, once started
    lang: Mapped[str] = mapped_column(String(8))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class EventPlayerRow(Base):
    __tablename__ = "ulti_event_players"

    event_id: Mapped[str] = mapped_column(ForeignKey("ulti_events.id"), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("ulti_users.id"), primary_key=True)
    registered: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    #: the player's number in the schedule (registration order), once the event starts
    number: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: when they left (None: they play on): the round, and the deals of it their table had
    #: finished (the rest of that round, and every round after, a computer player's)
    left_round: Mapped[int | None] = mapped_column(Integer, nullable=True)
    left_deal: Mapped[int | None] = mapped_column(Integer, nullable=True)


class EventTableRow(Base):
    __tablename__ = "ulti_event_tables"

    event_id: Mapped[str] = mapped_column(ForeignKey("ulti_events.id"), primary_key=True)
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("ulti_tables.id"), unique=True)
    seats: Mapped[str] = mapped_column(Text)  # JSON: the event's player at each seat, -1 none


@dataclass(frozen=True)
class StoredEvent:
    """An event as kept."""

    id: str
    name: str
    kind: str
    game: str
    rules: dict[str, Any]
    rounds: int
    deals: int
    size: int
    starts: datetime | None
    minutes: int | None
    ends: datetime | None
    start_count: int | None
    max_players: int | None
    bot_spec: str
    organiser: int
    seed: int
    state: str
    round: int
    schedule: Schedule | None
    lang: str
    created: datetime


@dataclass(frozen=True)
class Entrant:
    """A registered player: the account, its name, when it registered, its number in the
    schedule (once started), and the round it left in and the deals of that round its table
    had finished then (None: it plays on)."""

    user_id: int
    name: str
    registered: datetime
    number: int | None
    left_round: int | None
    left_deal: int | None = None

    def played(self, round_: int, deal: int) -> bool:
        """Whether deal ``deal`` of round ``round_`` at its table was its own (not the
        computer player's who sat for it after it left)."""
        if self.left_round is None or self.left_deal is None:
            return True
        return round_ < self.left_round or (round_ == self.left_round and deal <= self.left_deal)


@dataclass(frozen=True)
class EventTable:
    """A table of a round: its number in the round, the table, the event's player at each of
    its seats (-1: a computer player)."""

    round: int
    number: int
    table_id: str
    seats: tuple[int, ...]


class EventStore:
    """The events of one server, in its :class:`~ulti.server.store.Store`'s database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # -- events ---------------------------------------------------------------------------

    def create(self, event: StoredEvent) -> StoredEvent:
        with self.store.writing() as s:
            s.add(EventRow(**_columns(event)))
        got = self.event(event.id)
        assert got is not None
        return got

    def event(self, event_id: str) -> StoredEvent | None:
        with self.store.reading() as s:
            row = s.get(EventRow, event_id)
            return None if row is None else _event(row)

    def events(self, states: Sequence[str] | None = None, limit: int = 200) -> list[StoredEvent]:
        """The newest events first (``states``: only those)."""
        q = select(EventRow).order_by(EventRow.created.desc(), EventRow.id).limit(limit)
        if states is not None:
            q = q.where(EventRow.state.in_(list(states)))
        with self.store.reading() as s:
            return [_event(r) for r in s.scalars(q)]

    # -- registration ---------------------------------------------------------------------

    def register(self, event_id: str, user_id: int) -> bool:
        """``user_id`` registered for the event: True, or False when it was already."""
        try:
            with self.store.writing() as s:
                s.add(EventPlayerRow(event_id=event_id, user_id=user_id, registered=now()))
        except IntegrityError:
            return False
        return True

    def unregister(self, event_id: str, user_id: int) -> bool:
        with self.store.writing() as s:
            gone = s.execute(
                delete(EventPlayerRow).where(
                    EventPlayerRow.event_id == event_id, EventPlayerRow.user_id == user_id
                )
            )
            return bool(getattr(gone, "rowcount", 0))

    def entrants(self, event_id: str) -> list[Entrant]:
        """Who registered, in the order they did."""
        q = (
            select(EventPlayerRow, UserRow.name)
            .join(UserRow, UserRow.id == EventPlayerRow.user_id)
            .where(EventPlayerRow.event_id == event_id)
            .order_by(EventPlayerRow.registered, EventPlayerRow.user_id)
        )
        with self.store.reading() as s:
            return [
                Entrant(p.user_id, name, p.registered, p.number, p.left_round, p.left_deal)
                for p, name in s.execute(q)
            ]

    def events_of(self, user_id: int, limit: int = 50) -> list[StoredEvent]:
        """The events ``user_id`` registered for, newest first."""
        q = (
            select(EventRow)
            .join(EventPlayerRow, EventPlayerRow.event_id == EventRow.id)
            .where(EventPlayerRow.user_id == user_id)
            .order_by(EventRow.created.desc(), EventRow.id)
            .limit(limit)
        )
        with self.store.reading() as s:
            return [_event(r) for r in s.scalars(q)]

    def count(self, event_id: str) -> int:
        with self.store.reading() as s:
            q = select(func.count()).where(EventPlayerRow.event_id == event_id)
            return int(s.scalar(q) or 0)

    def left(self, event_id: str, user_id: int, round_: int, deal: int) -> None:
        """``user_id`` left in round ``round_``, after its table's first ``deal`` deals: a
        computer player sits for them from then on."""
        with self.store.writing() as s:
            s.execute(
                update(EventPlayerRow)
                .where(EventPlayerRow.event_id == event_id, EventPlayerRow.user_id == user_id)
                .values(left_round=round_, left_deal=deal)
            )

    def number_late(self, event_id: str, user_id: int) -> int:
        """A late joiner's number (the next after everyone's so far)."""
        with self.store.writing() as s:
            q = select(func.max(EventPlayerRow.number)).where(EventPlayerRow.event_id == event_id)
            most = s.scalar(q)
            number = 0 if most is None else int(most) + 1
            s.execute(
                update(EventPlayerRow)
                .where(EventPlayerRow.event_id == event_id, EventPlayerRow.user_id == user_id)
                .values(number=number)
            )
            return number

    # -- running --------------------------------------------------------------------------

    def start(
        self,
        event_id: str,
        numbers: Mapping[int, int],
        schedule: Schedule | None,
        ends: datetime | None = None,
    ) -> None:
        """The event starts: each entrant's number, a duplicate event's schedule, an arena's
        end, the state ``running``."""
        with self.store.writing() as s:
            for user_id, number in numbers.items():
                s.execute(
                    update(EventPlayerRow)
                    .where(EventPlayerRow.event_id == event_id, EventPlayerRow.user_id == user_id)
                    .values(number=number)
                )
            s.execute(
                update(EventRow)
                .where(EventRow.id == event_id)
                .values(
                    state="running",
                    schedule=None if schedule is None else json.dumps(schedule.to_dict()),
                    ends=ends,
                )
            )

    def seat_round(self, event_id: str, round_: int, tables: Sequence[EventTable]) -> None:
        """Round ``round_`` seated at ``tables``, in one transaction with the event's round."""
        with self.store.writing() as s:
            for t in tables:
                s.add(
                    EventTableRow(
                        event_id=event_id,
                        round=round_,
                        number=t.number,
                        table_id=t.table_id,
                        seats=json.dumps(list(t.seats)),
                    )
                )
            s.execute(update(EventRow).where(EventRow.id == event_id).values(round=round_))

    def end_window(self, event_id: str, when: datetime) -> None:
        """An arena's window ends at ``when`` (its organiser ended it early)."""
        with self.store.writing() as s:
            s.execute(update(EventRow).where(EventRow.id == event_id).values(ends=when))

    def finish(self, event_id: str) -> None:
        with self.store.writing() as s:
            s.execute(update(EventRow).where(EventRow.id == event_id).values(state="over"))

    def tables(self, event_id: str) -> list[EventTable]:
        """Every table of the event, by round and number."""
        q = (
            select(EventTableRow)
            .where(EventTableRow.event_id == event_id)
            .order_by(EventTableRow.round, EventTableRow.number)
        )
        with self.store.reading() as s:
            return [_table(r) for r in s.scalars(q)]

    def event_of_table(self, table_id: str) -> str | None:
        """The event a table was seated for (None: a table of no event)."""
        with self.store.reading() as s:
            q = select(EventTableRow.event_id).where(EventTableRow.table_id == table_id)
            return s.scalar(q)


def _columns(e: StoredEvent) -> dict[str, Any]:
    """An event's row's columns: each field its column of the same name, but the rules and
    the schedule (JSON) and the seed (text); the inverse of :func:`_event`."""
    values = {f.name: getattr(e, f.name) for f in fields(e)}
    values |= {
        "rules": json.dumps(e.rules),
        "seed": str(e.seed),
        "schedule": None if e.schedule is None else json.dumps(e.schedule.to_dict()),
    }
    return values


def _event(r: EventRow) -> StoredEvent:
    """An event from its row (times in UTC: SQLite gives them back without a zone)."""
    values = {f.name: getattr(r, f.name) for f in fields(StoredEvent)}
    values |= {
        "rules": json.loads(r.rules),
        "seed": int(r.seed),
        "schedule": None if r.schedule is None else Schedule.from_dict(json.loads(r.schedule)),
        "created": utc(r.created),
        "starts": None if r.starts is None else utc(r.starts),
        "ends": None if r.ends is None else utc(r.ends),
    }
    return StoredEvent(**values)


def _table(r: EventTableRow) -> EventTable:
    return EventTable(r.round, r.number, r.table_id, tuple(int(p) for p in json.loads(r.seats)))
