"""Storage of tables and their actions (SQLAlchemy 2): SQLite by default, PostgreSQL by URL.

A table is its game (``ulti``, or ``snapszli`` for the two-player game), its settings (rules,
number of deals, seats, the session's secret seed) and the sequence of accepted actions;
everything else — deals, scores, records — is rebuilt by replay, so a table survives a restart
exactly.  Each action is committed before it is acknowledged.  A database written before tables
had a game gains the column when it is opened; its tables (without one) stay Ulti tables.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    inspect,
    select,
    text,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from ulti.core.errors import UltiError


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "ulti_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    rules: Mapped[str] = mapped_column(Text)  # the ruleset, JSON
    seed: Mapped[str] = mapped_column(String(24))  # the session's seed: secret (D2)
    first_dealer: Mapped[int] = mapped_column(Integer)
    seats: Mapped[str] = mapped_column(Text)  # JSON: [{kind, name, spec, token_hash}]
    lang: Mapped[str] = mapped_column(String(8), default="en")
    #: the game: None (a table stored before there was a choice) or "ulti" is Ulti,
    #: "snapszli" the two-player game
    game: Mapped[str | None] = mapped_column(String(16), nullable=True, default=None)


class ActionRow(Base):
    __tablename__ = "ulti_actions"
    __table_args__ = (UniqueConstraint("table_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("ulti_tables.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)  # the table's version after this action
    deal_index: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(96))  # record form (compact card codes)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(18)


def normalize_url(url: str) -> str:
    """``postgresql://`` uses the psycopg driver; a bare path is an SQLite file."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    if "://" not in url:
        return f"sqlite:///{Path(url).expanduser()}"
    return url


def default_url() -> str:
    import platformdirs

    folder = Path(platformdirs.user_data_dir("ulti"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'server.sqlite3'}"


@dataclass(frozen=True)
class StoredTable:
    id: str
    rules: dict[str, Any]
    seed: int
    first_dealer: int
    seats: list[dict[str, Any]]
    lang: str
    game: str = "ulti"


#: The games a table may be stored with.
GAMES = ("ulti", "snapszli")


@dataclass(frozen=True)
class StoredAction:
    seq: int
    deal_index: int
    seat: int
    action: str


class StoreError(UltiError):
    """The database cannot be opened (a bad URL, a folder that is not there, a server that does
    not answer)."""


class Store:
    """The database of a server."""

    def __init__(self, url: str) -> None:
        self.url = normalize_url(url)
        kwargs: dict[str, Any] = {}
        sqlite = self.url.startswith("sqlite")
        if sqlite:
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        self.engine: Engine = create_engine(self.url, **kwargs)
        if sqlite and ":memory:" not in self.url:

            @event.listens_for(self.engine, "connect")
            def _pragmas(dbapi_conn: Any, _record: Any) -> None:
                cur = dbapi_conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
                cur.execute("PRAGMA synchronous=FULL")  # a committed action survives power loss
                cur.close()

        # SQLite has one writer at a time; serialising here avoids "database is locked"
        # under many tables.  PostgreSQL takes concurrent commits itself.
        self._write_lock = threading.Lock() if sqlite else None
        Base.metadata.create_all(self.engine)
        self._add_game_column()

    def _add_game_column(self) -> None:
        """A database from before the choice of games gains the (empty) ``game`` column."""
        columns = {c["name"] for c in inspect(self.engine).get_columns(TableRow.__tablename__)}
        if "game" not in columns:
            with self.engine.begin() as conn:
                name = TableRow.__tablename__
                conn.execute(text(f"ALTER TABLE {name} ADD COLUMN game VARCHAR(16)"))

    def create_table(
        self,
        rules: dict[str, Any],
        seed: int,
        first_dealer: int,
        seats: list[dict[str, Any]],
        lang: str,
        game: str = "ulti",
    ) -> StoredTable:
        if game not in GAMES:
            raise ValueError(f"unknown game {game!r}; games: {', '.join(GAMES)}")
        table_id = secrets.token_urlsafe(9)
        row = TableRow(
            id=table_id,
            created=datetime.now(UTC),
            rules=json.dumps(rules),
            seed=str(seed),
            first_dealer=first_dealer,
            seats=json.dumps(seats),
            lang=lang,
            game=game,
        )
        if self._write_lock is None:
            self._add(row)
        else:
            with self._write_lock:
                self._add(row)
        return StoredTable(table_id, rules, seed, first_dealer, seats, lang, game)

    def tables(self) -> list[StoredTable]:
        with Session(self.engine) as s:
            rows = s.scalars(select(TableRow).order_by(TableRow.created)).all()
            return [
                StoredTable(
                    r.id,
                    json.loads(r.rules),
                    int(r.seed),
                    r.first_dealer,
                    json.loads(r.seats),
                    r.lang,
                    r.game or "ulti",
                )
                for r in rows
            ]

    def actions(self, table_id: str) -> list[StoredAction]:
        with Session(self.engine) as s:
            rows = s.scalars(
                select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.seq)
            ).all()
            return [StoredAction(r.seq, r.deal_index, r.seat, r.action) for r in rows]

    def append(self, table_id: str, seq: int, deal_index: int, seat: int, action: str) -> None:
        """Commit one accepted action (raises if it cannot be stored)."""
        row = ActionRow(
            table_id=table_id,
            seq=seq,
            deal_index=deal_index,
            seat=seat,
            action=action,
            created=datetime.now(UTC),
        )
        if self._write_lock is None:
            self._add(row)
        else:
            with self._write_lock:
                self._add(row)

    def _add(self, row: Base) -> None:
        with Session(self.engine) as s, s.begin():
            s.add(row)

    def dispose(self) -> None:
        self.engine.dispose()
