"""Storage of tables, their actions and the club (SQLAlchemy 2): SQLite by default, PostgreSQL by
URL.

A table is its game (``ulti``, or ``snapszli`` for the two-player game), its settings (rules,
number of deals, seats, the session's secret seed, whether it is public or rated) and the
sequence of accepted actions; everything else — deals, scores, records — is rebuilt by replay,
so a table survives a restart exactly.  Each action is committed before it is acknowledged.

The club (docs/CLUB.md) keeps here its accounts (with the keys of what their names look like,
:mod:`ulti.server.names`, their logged-in sessions and the roles the owner granted them), the
server's secret keys, ratings and their history, the results of finished deals and sessions,
and the tables' chat and the authors muted there. A player is a key: ``user:ID`` for an
account, ``bot:SPEC`` for a computer player.  Units are 64-bit integers (the largest stake the
rules allow fits, V11); a table's ``recorded`` mark says how many of its first deals have their
results kept, so that a server started again writes the rest.

The schema is made and changed by Alembic migrations (``ulti/server/migrations``), run when a
store opens.  A database written before migrations (with or without the ``game`` column) is
recognised, stamped as the first revision and brought up to date; its tables without a game
stay Ulti tables.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import secrets
import threading
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, fields
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypedDict, TypeVar, Unpack

import platformdirs
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from sqlalchemy import (
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    delete,
    event,
    false,
    func,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from ulti.core.errors import UltiError
from ulti.games.registry import GAMES as GAME_REGISTRY
from ulti.server.names import KEYS_VERSION, looks
from ulti.server.stats import DealFacts


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "ulti_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    rules: Mapped[str] = mapped_column(Text)  # the ruleset, JSON
    seed: Mapped[str] = mapped_column(String(24))  # the session's seed: secret (D2)
    first_dealer: Mapped[int] = mapped_column(Integer)
    seats: Mapped[str] = mapped_column(Text)  # JSON: [{kind, name, spec, token_hash, ...}]
    lang: Mapped[str] = mapped_column(String(8), default="en")
    #: the game: None (a table stored before there was a choice) or "ulti" is Ulti,
    #: "snapszli" the two-player game
    game: Mapped[str | None] = mapped_column(String(16), nullable=True, default=None)
    #: listed in the lobby, open to spectators
    public: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false(), index=True)
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: who made it: "user:ID" (an account) or "seat:N" (whoever holds that seat's token)
    creator: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: seconds a person's seat may be gone before a computer player takes it, and which
    bot_after: Mapped[int | None] = mapped_column(Integer, nullable=True)
    bot_spec: Mapped[str | None] = mapped_column(String(96), nullable=True)
    #: the table this one is a rematch of, and the rematch made of this one
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    #: how many of its first deals have their results kept (None: a table of a version before
    #: the mark, taken as it was)
    recorded: Mapped[int | None] = mapped_column(Integer, nullable=True, default=0)
    #: the table's time control, JSON (``{"reserve": s, "increment": s}``; None: no clock)
    time_control: Mapped[str | None] = mapped_column(Text, nullable=True)


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


class UserRow(Base):
    __tablename__ = "ulti_users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(64))  # as its owner wrote it
    #: the name compared: NFC, case folded (unique)
    name_key: Mapped[str] = mapped_column(String(128), unique=True)
    pass_hash: Mapped[str] = mapped_column(Text)  # argon2id
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    disabled: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: raised by a password reset or a disabling: older session cookies stop working
    generation: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class NameKeyRow(Base):
    """A key of what an account's name looks like (:func:`ulti.server.names.looks`): no two
    accounts share one."""

    __tablename__ = "ulti_name_keys"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("ulti_users.id"), index=True)
    #: the keys' version (:data:`ulti.server.names.KEYS_VERSION`): others are made anew
    version: Mapped[str] = mapped_column(String(32))


class SessionRow(Base):
    """A logged-in session: the session cookie names it (its hash is kept, never the value);
    logging out, a password reset and a disabling delete it."""

    __tablename__ = "ulti_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("ulti_users.id"), index=True)
    csrf: Mapped[str] = mapped_column(String(64))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class RoleRow(Base):
    """A role an account holds (:data:`ulti.server.accounts.ROLES`: ``organiser``), when it
    was granted and by whom (``owner``: the server owner's ``ulti user grant``)."""

    __tablename__ = "ulti_roles"

    user_id: Mapped[int] = mapped_column(ForeignKey("ulti_users.id"), primary_key=True)
    role: Mapped[str] = mapped_column(String(32), primary_key=True)
    granted: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    granted_by: Mapped[str | None] = mapped_column(String(64), nullable=True)


class SecretRow(Base):
    __tablename__ = "ulti_secrets"

    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[bytes] = mapped_column(LargeBinary)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingDbRow(Base):
    __tablename__ = "ulti_ratings"

    player: Mapped[str] = mapped_column(String(128), primary_key=True)
    family: Mapped[str] = mapped_column(String(64), primary_key=True, index=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingHistoryRow(Base):
    __tablename__ = "ulti_rating_history"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    player: Mapped[str] = mapped_column(String(128), index=True)
    family: Mapped[str] = mapped_column(String(64))
    table_id: Mapped[str] = mapped_column(String(32), index=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)


class SeatResultColumns:
    """The columns of a seat's result (a deal's, a session's): its own number, the table,
    the seat and its player, the game and its rules family, when it was kept."""

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(String(32))
    seat: Mapped[int] = mapped_column(Integer)
    player: Mapped[str] = mapped_column(String(128), index=True)
    game: Mapped[str] = mapped_column(String(16))
    family: Mapped[str] = mapped_column(String(64))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class DealResultDbRow(SeatResultColumns, Base):
    __tablename__ = "ulti_deal_results"
    __table_args__ = (UniqueConstraint("table_id", "deal", "seat"),)

    deal: Mapped[int] = mapped_column(Integer)
    units: Mapped[int] = mapped_column(BigInteger)
    role: Mapped[str] = mapped_column(String(16))
    contract: Mapped[str | None] = mapped_column(String(128), nullable=True)
    contract_hu: Mapped[str | None] = mapped_column(String(128), nullable=True)
    kind: Mapped[str | None] = mapped_column(String(32), nullable=True)
    made: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    kontras_given: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    kontras_won: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    kontras_lost: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class SessionResultDbRow(SeatResultColumns, Base):
    __tablename__ = "ulti_session_results"
    __table_args__ = (UniqueConstraint("table_id", "seat"),)

    total: Mapped[int] = mapped_column(BigInteger)
    rank: Mapped[int] = mapped_column(Integer)
    players: Mapped[int] = mapped_column(Integer)
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class ChatDbRow(Base):
    __tablename__ = "ulti_chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(String(32), index=True)
    name: Mapped[str] = mapped_column(String(64))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    text: Mapped[str] = mapped_column(Text)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    #: the author's account (None: a guest), and the keyed hash of the author's address
    user_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    tag: Mapped[str | None] = mapped_column(String(32), nullable=True)


class ChatMuteRow(Base):
    """An author a table's creator muted: ``who`` is ``user:ID`` (an account), ``seat:N`` (a
    guest's seat) or ``guest:TAG`` (a guest watching); ``tag`` the address's keyed hash (the
    guests who watch from there are muted with them)."""

    __tablename__ = "ulti_chat_mutes"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    who: Mapped[str] = mapped_column(String(64), primary_key=True)
    tag: Mapped[str | None] = mapped_column(String(32), nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(18)


def name_key(name: str) -> str:
    """A name as names are compared: NFC, case folded ("Béla" and "BÉLA" are one)."""
    return unicodedata.normalize("NFC", name).casefold()


def normalize_url(url: str) -> str:
    """``postgresql://`` uses the psycopg driver; a bare path is an SQLite file."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    if "://" not in url:
        return f"sqlite:///{Path(url).expanduser()}"
    return url


def default_url() -> str:
    folder = Path(platformdirs.user_data_dir("ulti"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'server.sqlite3'}"


def _utc(when: datetime) -> datetime:
    """A stored time, in UTC (SQLite gives it back without a zone)."""
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)


#: How a table an event made names its creator: this and the event's id.
EVENT_CREATOR = "event:"


@dataclass(frozen=True)
class StoredTable:
    id: str
    rules: dict[str, Any]
    seed: int
    first_dealer: int
    seats: list[dict[str, Any]]
    lang: str
    game: str = "ulti"
    public: bool = False
    rated: bool = False
    #: "user:ID", "seat:N" or an event's (:data:`EVENT_CREATOR` and its id)
    creator: str | None = None
    bot_after: int | None = None
    bot_spec: str | None = None
    rematch_of: str | None = None
    rematch: str | None = None
    #: how many of its first deals have their results kept (None: stored before the mark)
    recorded: int | None = 0
    #: when it was made (UTC; None: not stored yet)
    created: datetime | None = None
    #: its time control (:class:`ulti.server.tables.timecontrol.TimeControl` as a dict)
    time_control: dict[str, Any] | None = None


#: The games a table may be stored with: the games' registry.
GAMES = tuple(GAME_REGISTRY)


class ClubSettings(TypedDict, total=False):
    """A table's settings in the club (docs/CLUB.md), as :class:`StoredTable` keeps them
    (those not given: its defaults)."""

    public: bool
    rated: bool
    #: "user:ID" or "seat:N"
    creator: str | None
    bot_after: int | None
    bot_spec: str | None
    rematch_of: str | None
    time_control: dict[str, Any] | None


@dataclass(frozen=True)
class StoredAction:
    seq: int
    deal_index: int
    seat: int
    action: str
    #: when it was stored (UTC): the clocks are rebuilt from these
    created: datetime | None = None


@dataclass(frozen=True)
class User:
    id: int
    name: str
    created: datetime
    disabled: bool
    generation: int


@dataclass(frozen=True)
class RatingRow:
    """A player's current rating in a rules family (OpenSkill's mu and sigma)."""

    player: str
    family: str
    mu: float
    sigma: float
    games: int


@dataclass(frozen=True)
class SeatResult:
    """Whose result a row is: the table, the seat and its player, the game and its rules
    family."""

    table_id: str
    seat: int
    player: str
    game: str
    family: str


@dataclass(frozen=True)
class DealResultRow(SeatResult, DealFacts):
    """What one finished deal (``deal`` from 1) meant for one seat's player: its facts
    (:class:`~ulti.server.stats.DealFacts`)."""

    deal: int
    created: datetime | None = None


@dataclass(frozen=True)
class SessionResultRow(SeatResult):
    """How one seat's player ended a finished session (``rank`` 1 is first; ties share)."""

    total: int
    rank: int
    players: int
    rated: bool
    created: datetime | None = None


@dataclass(frozen=True)
class ChatRow:
    id: int
    table_id: str
    name: str
    seat: int | None
    text: str
    created: datetime
    #: the author's account (None: a guest) and the keyed hash of the author's address
    user_id: int | None = None
    tag: str | None = None


@dataclass(frozen=True)
class Mute:
    """An author muted at a table (:class:`ChatMuteRow`)."""

    who: str
    tag: str | None
    name: str


#: a seat's result, as it is read back
Result = TypeVar("Result", DealResultRow, SessionResultRow)
#: the rows kept of a player, each with its time and its own number
Kept = TypeVar("Kept", RatingHistoryRow, DealResultDbRow)


class StoreError(UltiError):
    """The database cannot be opened (a bad URL, a folder that is not there, a server that does
    not answer), or refuses what was asked of it."""


class NameTaken(StoreError):
    """An account of that name (compared without regard to case) is there already."""


#: Where the migrations live (a folder of this package: no alembic.ini needed).
MIGRATIONS = Path(__file__).with_name("migrations")
#: The revision a database from before migrations is recognised as.
FIRST_REVISION = "0001"


def migrate(conn: Connection) -> None:
    """Bring the database behind ``conn`` up to the newest revision (in its transaction).  A
    database from before migrations (``ulti_tables`` but no ``alembic_version``) is stamped as
    the first revision first."""
    if conn.dialect.name == "postgresql":  # two servers opening one database: one at a time
        conn.execute(text("SELECT pg_advisory_xact_lock(7160512)"))
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = conn
    insp = inspect(conn)
    if insp.has_table(TableRow.__tablename__) and not insp.has_table("alembic_version"):
        command.stamp(cfg, FIRST_REVISION)
    command.upgrade(cfg, "head")


def revision(conn: Connection) -> str | None:
    """The database's revision (None: not made by migrations)."""
    return MigrationContext.configure(conn).get_current_revision()


def head_revision() -> str:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    head = ScriptDirectory.from_config(cfg).get_current_head()
    assert head is not None
    return head


class Store:
    """The database of a server.  Every method may be called from any thread; SQLite's writes
    are serialised here (one writer at a time), PostgreSQL takes concurrent commits itself."""

    def __init__(self, url: str) -> None:
        self.url = normalize_url(url)
        kwargs: dict[str, Any] = {}
        is_sqlite = self.url.startswith("sqlite")
        if is_sqlite:
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        self.engine: Engine = create_engine(self.url, **kwargs)
        if is_sqlite and ":memory:" not in self.url:

            @event.listens_for(self.engine, "connect")
            def _pragmas(dbapi_conn: Any, _record: Any) -> None:
                cur = dbapi_conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
                cur.execute("PRAGMA synchronous=FULL")  # a committed action survives power loss
                cur.close()

        # SQLite has one writer at a time; serialising here avoids "database is locked"
        # under many tables.  PostgreSQL takes concurrent commits itself.
        self._write_lock = threading.Lock() if is_sqlite else None
        self._secrets: dict[str, bytes] = {}
        try:
            with self._writing(), self.engine.begin() as conn:
                migrate(conn)
        except CommandError as exc:  # a revision this version does not know: a newer ulti's
            self.engine.dispose()
            raise StoreError(
                f"the database's schema is not one this version of ulti knows ({exc}); "
                "was it written by a newer version?"
            ) from None
        self._refresh_name_keys()

    @contextlib.contextmanager
    def _writing(self) -> Iterator[None]:
        """Hold the write lock (SQLite) while a write is made."""
        if self._write_lock is None:
            yield
        else:
            with self._write_lock:
                yield

    @contextlib.contextmanager
    def _write(self) -> Iterator[Session]:
        """A session in a transaction, committed at the end, under the write lock."""
        with self._writing(), Session(self.engine, expire_on_commit=False) as s, s.begin():
            yield s

    def writing(self) -> contextlib.AbstractContextManager[Session]:
        """A session in a transaction, committed at the end, under the write lock: for the
        server's stores kept beside this one (:mod:`ulti.server.events.store`)."""
        return self._write()

    def reading(self) -> Session:
        """A session for reading (the caller closes it: ``with store.reading() as s``)."""
        return Session(self.engine)

    def _upsert(self, conn_dialect: str) -> Any:
        return postgresql.insert if conn_dialect == "postgresql" else sqlite.insert

    # -- tables and actions ---------------------------------------------------------------

    def create_table(
        self,
        rules: dict[str, Any],
        seed: int,
        first_dealer: int,
        seats: list[dict[str, Any]],
        lang: str,
        game: str = "ulti",
        **club: Unpack[ClubSettings],
    ) -> StoredTable:
        if game not in GAMES:
            raise ValueError(f"unknown game {game!r}; games: {', '.join(GAMES)}")
        table_id = secrets.token_urlsafe(9)
        table = StoredTable(
            table_id,
            rules,
            seed,
            first_dealer,
            seats,
            lang,
            game,
            created=datetime.now(UTC),
            **club,
        )
        self._add(TableRow(**_columns(table)))
        return table

    @staticmethod
    def _stored(r: TableRow) -> StoredTable:
        """A table from its row: each field its column of the same name, but the rules and
        seats (JSON), the seed (text) and the game (None: a table from before the choice)."""
        values = {f.name: getattr(r, f.name) for f in fields(StoredTable)}
        values |= {
            "rules": json.loads(r.rules),
            "seed": int(r.seed),
            "seats": json.loads(r.seats),
            "game": r.game or "ulti",
            "public": bool(r.public),
            "rated": bool(r.rated),
            "created": _utc(r.created),
            "time_control": None if r.time_control is None else json.loads(r.time_control),
        }
        return StoredTable(**values)

    def tables(self) -> list[StoredTable]:
        with Session(self.engine) as s:
            rows = s.scalars(select(TableRow).order_by(TableRow.created)).all()
            return [self._stored(r) for r in rows]

    def table(self, table_id: str) -> StoredTable | None:
        with Session(self.engine) as s:
            r = s.get(TableRow, table_id)
            return None if r is None else self._stored(r)

    def set_seats(self, table_id: str, seats: list[dict[str, Any]]) -> None:
        """Store a table's seats anew (a seat taken, a seat given to a computer player)."""
        self._update_table(table_id, seats=json.dumps(seats))

    def set_rematch(self, table_id: str, rematch_id: str) -> None:
        """Note the rematch made of a table."""
        self._update_table(table_id, rematch=rematch_id)

    def set_recorded(self, table_id: str, deals: int) -> None:
        """Note that the results of a table's first ``deals`` deals are kept (the mark only
        rises; a table of an earlier version gets its first mark)."""
        with self._write() as s:
            s.execute(
                update(TableRow)
                .where(
                    TableRow.id == table_id,
                    (TableRow.recorded.is_(None)) | (TableRow.recorded < deals),
                )
                .values(recorded=deals)
            )

    def _update_table(self, table_id: str, **values: Any) -> None:
        with self._write() as s:
            done = s.execute(update(TableRow).where(TableRow.id == table_id).values(**values))
            if getattr(done, "rowcount", 1) == 0:
                raise KeyError(table_id)

    def actions(self, table_id: str) -> list[StoredAction]:
        with Session(self.engine) as s:
            rows = s.scalars(
                select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.seq)
            ).all()
            return [
                StoredAction(r.seq, r.deal_index, r.seat, r.action, _utc(r.created)) for r in rows
            ]

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
        self._add(row)

    def _add(self, row: Base) -> None:
        with self._write() as s:
            s.add(row)

    # -- accounts -------------------------------------------------------------------------

    @staticmethod
    def _user(r: UserRow) -> User:
        return User(r.id, r.name, _utc(r.created), bool(r.disabled), r.generation)

    def add_user(self, name: str, pass_hash: str) -> User:
        """A new account, with the keys of what its name looks like (NameTaken when the name,
        compared without regard to case, or an account's that looks like it, is)."""
        row = UserRow(
            name=name,
            name_key=name_key(name),
            pass_hash=pass_hash,
            created=datetime.now(UTC),
            disabled=False,
            generation=0,
        )
        try:
            with self._write() as s:
                s.add(row)
                s.flush()
                for key in sorted(looks(name)):
                    s.add(NameKeyRow(key=key, user_id=row.id, version=KEYS_VERSION))
                user = self._user(row)
        except IntegrityError:
            raise NameTaken(f"the name {name!r} is taken") from None
        return user

    def name_owner(self, name: str) -> User | None:
        """The account whose name looks like ``name`` (:func:`~ulti.server.names.looks`), if
        any: the account of that very name first."""
        exact = self.user_by_name(name)
        if exact is not None:
            return exact
        with Session(self.engine) as s:
            r = s.scalars(
                select(UserRow)
                .join(NameKeyRow, NameKeyRow.user_id == UserRow.id)
                .where(NameKeyRow.key.in_(sorted(looks(name))))
                .order_by(UserRow.id)
            ).first()
            return None if r is None else self._user(r)

    def _refresh_name_keys(self) -> None:
        """Every account's name keys of today's version (:data:`KEYS_VERSION`): made for the
        accounts from before the keys, and anew after ICU's data changed.  Where two old
        accounts now look alike, the older keeps the key."""
        with self._write() as s:
            s.execute(delete(NameKeyRow).where(NameKeyRow.version != KEYS_VERSION))
            keyed = select(NameKeyRow.user_id)
            missing = s.execute(
                select(UserRow.id, UserRow.name)
                .where(UserRow.id.not_in(keyed))
                .order_by(UserRow.id)
            ).all()
            if not missing:
                return
            insert = self._upsert(s.get_bind().dialect.name)
            for uid, name in missing:
                for key in sorted(looks(name)):
                    s.execute(
                        insert(NameKeyRow)
                        .values(key=key, user_id=uid, version=KEYS_VERSION)
                        .on_conflict_do_nothing(index_elements=[NameKeyRow.key])
                    )

    def user_by_name(self, name: str) -> User | None:
        with Session(self.engine) as s:
            r = s.scalars(select(UserRow).where(UserRow.name_key == name_key(name))).first()
            return None if r is None else self._user(r)

    def user_by_id(self, user_id: int) -> User | None:
        with Session(self.engine) as s:
            r = s.get(UserRow, user_id)
            return None if r is None else self._user(r)

    def users(self) -> list[User]:
        with Session(self.engine) as s:
            return [self._user(r) for r in s.scalars(select(UserRow).order_by(UserRow.id))]

    def password_hash(self, user_id: int) -> str:
        """The account's password hash (KeyError: no such account)."""
        with Session(self.engine) as s:
            h = s.scalar(select(UserRow.pass_hash).where(UserRow.id == user_id))
            if h is None:
                raise KeyError(user_id)
            return h

    def set_password(self, user_id: int, pass_hash: str) -> None:
        """A new password hash; the generation rises and every session of the account ends.
        KeyError: no such account."""
        self._update_user(user_id, pass_hash=pass_hash, generation=UserRow.generation + 1)

    def rehash_password(self, user_id: int, pass_hash: str) -> None:
        """The same password hashed anew (stronger parameters): sessions go on."""
        self._update_user(user_id, pass_hash=pass_hash)

    def set_disabled(self, user_id: int, disabled: bool) -> None:
        """Disable or enable an account; the generation rises and every session of the
        account ends.  KeyError: no such account."""
        self._update_user(user_id, disabled=disabled, generation=UserRow.generation + 1)

    def _update_user(self, user_id: int, **values: Any) -> None:
        """Change an account; one whose generation rises loses its sessions in the same
        transaction."""
        with self._write() as s:
            done = s.execute(update(UserRow).where(UserRow.id == user_id).values(**values))
            if getattr(done, "rowcount", 1) == 0:
                raise KeyError(user_id)
            if "generation" in values:
                s.execute(delete(SessionRow).where(SessionRow.user_id == user_id))

    # -- roles ----------------------------------------------------------------------------

    def grant(self, user_id: int, role: str, by: str | None = None) -> bool:
        """The account ``user_id`` holds ``role`` from now on, noted with the time and ``by``
        whom: True, or False when it held the role already (nothing changes: the first
        grant's time and granter stay).  KeyError: no such account."""
        with self._write() as s:
            if s.scalar(select(UserRow.id).where(UserRow.id == user_id)) is None:
                raise KeyError(user_id)
            held = select(RoleRow.role).where(RoleRow.user_id == user_id, RoleRow.role == role)
            if s.scalar(held) is not None:
                return False
            # (an INSERT's row count is not known on PostgreSQL: asked first.)  Another
            # process granting it at the same moment leaves one row, not an error.
            insert = self._upsert(s.get_bind().dialect.name)
            s.execute(
                insert(RoleRow)
                .values(user_id=user_id, role=role, granted=_now(), granted_by=by)
                .on_conflict_do_nothing(index_elements=[RoleRow.user_id, RoleRow.role])
            )
            return True

    def revoke(self, user_id: int, role: str) -> bool:
        """The account ``user_id`` no longer holds ``role``: True, or False when it did not
        hold it (nothing changes).  KeyError: no such account."""
        with self._write() as s:
            if s.scalar(select(UserRow.id).where(UserRow.id == user_id)) is None:
                raise KeyError(user_id)
            done = s.execute(
                delete(RoleRow).where(RoleRow.user_id == user_id, RoleRow.role == role)
            )
            return bool(getattr(done, "rowcount", 1))

    def roles_of(self, user_id: int) -> list[str]:
        """The roles the account ``user_id`` holds, sorted (none for an unknown account)."""
        with Session(self.engine) as s:
            return list(
                s.scalars(
                    select(RoleRow.role).where(RoleRow.user_id == user_id).order_by(RoleRow.role)
                )
            )

    def roles_by_user(self) -> dict[int, list[str]]:
        """The roles of every account that holds one (sorted), by account id: one query for
        a list of all accounts."""
        out: dict[int, list[str]] = {}
        with Session(self.engine) as s:
            for uid, role in s.execute(
                select(RoleRow.user_id, RoleRow.role).order_by(RoleRow.user_id, RoleRow.role)
            ):
                out.setdefault(uid, []).append(role)
        return out

    # -- sessions -------------------------------------------------------------------------

    def add_session(
        self,
        user_id: int,
        token_hash: str,
        csrf: str,
        now: datetime,
        expires: datetime,
        keep: int,
    ) -> None:
        """A new logged-in session of an account, made ``now``; the sessions past their end
        go, and the account keeps its newest ``keep``."""
        with self._write() as s:
            s.execute(delete(SessionRow).where(SessionRow.expires <= now))
            s.add(
                SessionRow(
                    token_hash=token_hash, user_id=user_id, csrf=csrf, created=now, expires=expires
                )
            )
            s.flush()
            newest = (
                select(SessionRow.token_hash)
                .where(SessionRow.user_id == user_id)
                .order_by(SessionRow.created.desc(), SessionRow.token_hash)
                .limit(keep)
            )
            s.execute(
                delete(SessionRow).where(
                    SessionRow.user_id == user_id, SessionRow.token_hash.not_in(newest)
                )
            )

    def session(self, token_hash: str, now: datetime) -> tuple[User, str] | None:
        """The account and CSRF token of a session that has not ended by ``now`` (None: no
        such session, or its account is disabled)."""
        with Session(self.engine) as s:
            found = s.execute(
                select(UserRow, SessionRow.csrf, SessionRow.expires)
                .join(SessionRow, SessionRow.user_id == UserRow.id)
                .where(SessionRow.token_hash == token_hash)
            ).first()
            if found is None:
                return None
            row, csrf, expires = found
            if _utc(expires) <= now or row.disabled:
                return None
            return self._user(row), csrf

    def end_session(self, token_hash: str) -> None:
        """A session ends (logging out); one that is not there: nothing happens."""
        with self._write() as s:
            s.execute(delete(SessionRow).where(SessionRow.token_hash == token_hash))

    def count_sessions_of(self, user_id: int) -> int:
        with Session(self.engine) as s:
            n = s.scalar(
                select(func.count()).select_from(SessionRow).where(SessionRow.user_id == user_id)
            )
            return int(n or 0)

    def secret(self, name: str) -> bytes:
        """The server's secret key ``name``: 32 random bytes made on first use and kept (two
        processes asking at once get the same one)."""
        known = self._secrets.get(name)
        if known is not None:
            return known
        value = self._read_secret(name)
        if value is None:
            # another process may make it first: then theirs is the one
            with contextlib.suppress(IntegrityError):
                self._add(SecretRow(name=name, value=secrets.token_bytes(32), created=_now()))
            value = self._read_secret(name)
            assert value is not None
        self._secrets[name] = value
        return value

    def _read_secret(self, name: str) -> bytes | None:
        with Session(self.engine) as s:
            value = s.scalar(select(SecretRow.value).where(SecretRow.name == name))
            return None if value is None else bytes(value)

    # -- ratings --------------------------------------------------------------------------

    def ratings(self, players: list[str], family: str) -> dict[str, RatingRow]:
        """The current ratings of those of ``players`` rated in ``family``."""
        if not players:
            return {}
        with Session(self.engine) as s:
            rows = s.scalars(
                select(RatingDbRow).where(
                    RatingDbRow.family == family, RatingDbRow.player.in_(set(players))
                )
            ).all()
            return {r.player: _rating(r) for r in rows}

    def save_ratings(
        self, table_id: str, family: str, rows: list[tuple[str, float, float]]
    ) -> None:
        """The new ratings ``(player, mu, sigma)`` after a rated session at ``table_id``: each
        player's current rating (one game more) and a line of its history, in one
        transaction."""
        with self._write() as s:
            self._save_ratings(s, table_id, family, rows)

    def _save_ratings(
        self, s: Session, table_id: str, family: str, rows: list[tuple[str, float, float]]
    ) -> None:
        now = _now()
        insert = self._upsert(s.get_bind().dialect.name)
        for player, mu, sigma in rows:
            stmt = insert(RatingDbRow).values(
                player=player, family=family, mu=mu, sigma=sigma, games=1, updated=now
            )
            stmt = stmt.on_conflict_do_update(
                index_elements=[RatingDbRow.player, RatingDbRow.family],
                set_={
                    "mu": stmt.excluded.mu,
                    "sigma": stmt.excluded.sigma,
                    "updated": stmt.excluded.updated,
                    "games": RatingDbRow.games + 1,
                },
            )
            s.execute(stmt)
            s.add(
                RatingHistoryRow(
                    player=player,
                    family=family,
                    table_id=table_id,
                    created=now,
                    mu=mu,
                    sigma=sigma,
                )
            )

    def rate_session(
        self,
        table_id: str,
        family: str,
        players: list[str],
        rate: Callable[[dict[str, RatingRow]], list[tuple[str, float, float]]],
    ) -> bool:
        """A rated session's new ratings, once: in one transaction, unless the history has
        the table's ratings in ``family`` already (False), the players' current ratings are
        read (locked, on PostgreSQL), ``rate`` gives the new ``(player, mu, sigma)`` and they
        are kept as :meth:`save_ratings` keeps them (True).  Asked again after a failure, it
        neither loses nor doubles a session."""
        with self._write() as s:
            done = s.scalars(
                select(RatingHistoryRow.id)
                .where(RatingHistoryRow.table_id == table_id, RatingHistoryRow.family == family)
                .limit(1)
            ).first()
            if done is not None:
                return False
            rows = s.scalars(
                select(RatingDbRow)
                .where(RatingDbRow.family == family, RatingDbRow.player.in_(set(players)))
                .with_for_update()
            ).all()
            self._save_ratings(s, table_id, family, rate({r.player: _rating(r) for r in rows}))
            return True

    def leaderboard(self, family: str, limit: int = 100) -> list[RatingRow]:
        """The best ``limit`` of ``family`` by the conservative estimate ``mu - 3 sigma``."""
        ordinal = RatingDbRow.mu - 3 * RatingDbRow.sigma
        with Session(self.engine) as s:
            rows = s.scalars(
                select(RatingDbRow)
                .where(RatingDbRow.family == family)
                .order_by(ordinal.desc(), RatingDbRow.games.desc(), RatingDbRow.player)
                .limit(limit)
            ).all()
            return [_rating(r) for r in rows]

    def families(self) -> list[str]:
        """The rules families anyone is rated in, sorted."""
        with Session(self.engine) as s:
            return list(
                s.scalars(select(RatingDbRow.family).distinct().order_by(RatingDbRow.family))
            )

    def rating_history(self, player: str) -> list[tuple[str, datetime, float, float, str]]:
        """``(family, when, mu, sigma, table_id)`` of each rated session, oldest first."""
        rows = self._oldest_first(RatingHistoryRow, player)
        return [(r.family, _utc(r.created), r.mu, r.sigma, r.table_id) for r in rows]

    def _oldest_first(self, table: type[Kept], player: str) -> list[Kept]:
        """``player``'s rows of ``table``, oldest first."""
        with Session(self.engine) as s:
            return list(
                s.scalars(
                    select(table).where(table.player == player).order_by(table.created, table.id)
                )
            )

    # -- results --------------------------------------------------------------------------

    def add_deal_results(self, rows: list[DealResultRow]) -> None:
        """Keep what finished deals meant for their players (a row already kept, the same
        table, deal and seat, is left as it is)."""
        for r in rows:
            _fits(r.units, "units")
        self._add_results(DealResultDbRow, rows, ["table_id", "deal", "seat"])

    def deal_results(self, player: str) -> list[DealResultRow]:
        """Every finished deal of ``player``, oldest first."""
        return [_result(DealResultRow, r) for r in self._oldest_first(DealResultDbRow, player)]

    def deal_results_at(self, table_ids: Sequence[str]) -> list[DealResultRow]:
        """Every kept deal result of the tables ``table_ids`` (an event's), by table, deal
        and seat."""
        if not table_ids:
            return []
        with Session(self.engine) as s:
            rows = s.scalars(
                select(DealResultDbRow)
                .where(DealResultDbRow.table_id.in_(list(table_ids)))
                .order_by(DealResultDbRow.table_id, DealResultDbRow.deal, DealResultDbRow.seat)
            )
            return [_result(DealResultRow, r) for r in rows]

    def add_session_results(self, rows: list[SessionResultRow]) -> None:
        """Keep how finished sessions ended for their players (a row already kept, the same
        table and seat, is left as it is)."""
        for r in rows:
            _fits(r.total, "total")
        self._add_results(SessionResultDbRow, rows, ["table_id", "seat"])

    def _add_results(
        self,
        table: type[DealResultDbRow | SessionResultDbRow],
        rows: Sequence[DealResultRow | SessionResultRow],
        key: list[str],
    ) -> None:
        """Insert each of ``rows`` into ``table`` (its time now, unless it has one) but those
        whose ``key`` columns a kept row holds already."""
        now = _now()
        with self._write() as s:
            insert = self._upsert(s.get_bind().dialect.name)
            for r in rows:
                values = {f.name: getattr(r, f.name) for f in fields(r)}
                values["created"] = r.created or now
                s.execute(insert(table).values(**values).on_conflict_do_nothing(index_elements=key))

    def session_results(self, player: str, limit: int = 20) -> list[SessionResultRow]:
        """The last ``limit`` finished sessions of ``player``, newest first."""
        with Session(self.engine) as s:
            rows = s.scalars(
                select(SessionResultDbRow)
                .where(SessionResultDbRow.player == player)
                .order_by(SessionResultDbRow.created.desc(), SessionResultDbRow.id.desc())
                .limit(limit)
            ).all()
            return [_result(SessionResultRow, r) for r in rows]

    def shown_sessions(
        self, player: str, viewer: str | None, limit: int = 20
    ) -> list[SessionResultRow]:
        """The last ``limit`` finished sessions of ``player`` that ``viewer`` (a player key;
        None: a guest) may see, newest first: those of public tables, and of private tables
        the viewer played at too (docs/CLUB.md: private tables are shown only to their
        players)."""
        with Session(self.engine) as s:
            public = select(TableRow.id).where(TableRow.public.is_(True))
            theirs = select(SessionResultDbRow.table_id).where(
                SessionResultDbRow.player == (viewer or "")
            )
            rows = s.scalars(
                select(SessionResultDbRow)
                .where(
                    SessionResultDbRow.player == player,
                    SessionResultDbRow.table_id.in_(public)
                    | SessionResultDbRow.table_id.in_(theirs),
                )
                .order_by(SessionResultDbRow.created.desc(), SessionResultDbRow.id.desc())
                .limit(limit)
            ).all()
            return [_result(SessionResultRow, r) for r in rows]

    def count_sessions(self, player: str) -> int:
        with Session(self.engine) as s:
            n = s.scalar(
                select(func.count())
                .select_from(SessionResultDbRow)
                .where(SessionResultDbRow.player == player)
            )
            return int(n or 0)

    # -- chat -----------------------------------------------------------------------------

    def add_chat(
        self,
        table_id: str,
        name: str,
        seat: int | None,
        text: str,
        user_id: int | None = None,
        tag: str | None = None,
    ) -> ChatRow:
        """A chat message, kept: its author's name, seat (None: watching), account and
        address tag."""
        row = ChatDbRow(
            table_id=table_id,
            name=name,
            seat=seat,
            text=text,
            created=_now(),
            user_id=user_id,
            tag=tag,
        )
        with self._write() as s:
            s.add(row)
            s.flush()
            return _chat_row(row)

    def chat(self, table_id: str, limit: int = 50) -> list[ChatRow]:
        """The last ``limit`` messages at a table, oldest first."""
        with Session(self.engine) as s:
            rows = s.scalars(
                select(ChatDbRow)
                .where(ChatDbRow.table_id == table_id)
                .order_by(ChatDbRow.id.desc())
                .limit(limit)
            ).all()
            return [_chat_row(r) for r in reversed(rows)]

    def chat_message(self, table_id: str, message_id: int) -> ChatRow | None:
        """One message of a table's chat (None: not one of that table's)."""
        with Session(self.engine) as s:
            r = s.get(ChatDbRow, message_id)
            return None if r is None or r.table_id != table_id else _chat_row(r)

    def mutes(self, table_id: str) -> list[Mute]:
        """The authors muted at a table, in the order they were muted."""
        with Session(self.engine) as s:
            rows = s.scalars(
                select(ChatMuteRow)
                .where(ChatMuteRow.table_id == table_id)
                .order_by(ChatMuteRow.created, ChatMuteRow.who)
            ).all()
            return [Mute(r.who, r.tag, r.name) for r in rows]

    def set_mute(self, table_id: str, mute: Mute, on: bool) -> None:
        """Mute an author at a table (again: its tag and name are renewed), or unmute."""
        with self._write() as s:
            s.execute(
                delete(ChatMuteRow).where(
                    ChatMuteRow.table_id == table_id, ChatMuteRow.who == mute.who
                )
            )
            if on:
                s.add(
                    ChatMuteRow(
                        table_id=table_id,
                        who=mute.who,
                        tag=mute.tag,
                        name=mute.name,
                        created=_now(),
                    )
                )

    def dispose(self) -> None:
        self.engine.dispose()


def _now() -> datetime:
    return datetime.now(UTC)


#: The time now, in UTC, as the store keeps times; a kept time, in UTC.
now = _now
utc = _utc


#: What a column of units holds (64 bits, signed).
UNITS = range(-(1 << 63), 1 << 63)


def _fits(value: int, what: str) -> None:
    """A number of units the columns hold, or a StoreError that says why not (only a table
    of a version before the kontra cap, V11, can reach beyond)."""
    if value not in UNITS:
        raise StoreError(
            f"{what} {value:.3g} do not fit a 64-bit column (kontras without a cap, V11: a "
            "table of an earlier version)"
        )


def _chat_row(r: ChatDbRow) -> ChatRow:
    return ChatRow(r.id, r.table_id, r.name, r.seat, r.text, _utc(r.created), r.user_id, r.tag)


def _rating(r: RatingDbRow) -> RatingRow:
    return RatingRow(r.player, r.family, r.mu, r.sigma, r.games)


def _columns(table: StoredTable) -> dict[str, Any]:
    """A table's row's columns (the inverse of :meth:`Store._stored`)."""
    values = {f.name: getattr(table, f.name) for f in fields(table)}
    values |= {
        "rules": json.dumps(table.rules),
        "seed": str(table.seed),
        "seats": json.dumps(table.seats),
        "time_control": None if table.time_control is None else json.dumps(table.time_control),
    }
    return values


def _result(kind: type[Result], r: DealResultDbRow | SessionResultDbRow) -> Result:
    """A kept result as ``kind``: each field its column of the same name, the time in UTC."""
    values = {f.name: getattr(r, f.name) for f in fields(kind)}
    values["created"] = _utc(r.created)
    return kind(**values)
