"""The database's migrations (Alembic, run when a store opens): a database written by the store
of November 2026 (tests/data/old_store_2026_11.py, a frozen copy), with or without the ``game``
column, is recognised, stamped and brought up to date, and the server plays on at its tables; a
fresh database is made whole; opening again changes nothing; the schema the migrations make is
the one the models describe.  On SQLite and PostgreSQL alike."""

from __future__ import annotations

import importlib.util
import random
import secrets
import sqlite3
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.engine import Connection

from fixtures import DATA
from server_util import Running, Seat, new_pg_database, postgres, run_alembic
from ulti.games.ulti.actions import ActionKind
from ulti.games.ulti.record import action_code
from ulti.games.ulti.rules import Ruleset
from ulti.games.ulti.session import Session
from ulti.server.store import (
    Base,
    DealResultRow,
    SessionResultRow,
    Store,
    StoreError,
    hash_token,
    head_revision,
    normalize_url,
    revision,
)

#: the tables of the first revision, and those the club added
OLD_TABLES = {"ulti_tables", "ulti_actions"}
CLUB_TABLES = {
    "ulti_users",
    "ulti_secrets",
    "ulti_ratings",
    "ulti_rating_history",
    "ulti_deal_results",
    "ulti_session_results",
    "ulti_chat",
}
#: the tables of the accounts' sessions, the keys of their names, the chat's mutes
ACCOUNT_TABLES = {"ulti_sessions", "ulti_name_keys", "ulti_chat_mutes"}
#: the table of the roles accounts hold (0006)
ROLE_TABLES = {"ulti_roles"}
#: the tables of people's events: the events, who registered, each round's tables (0007)
EVENT_TABLES = {"ulti_events", "ulti_event_players", "ulti_event_tables"}
#: the tables of notifications: notices, Web Push subscriptions, each account's choices (0008)
NOTIFY_TABLES = {"ulti_notifications", "ulti_push_subscriptions", "ulti_notify_settings"}
#: the tables of puzzles: the puzzles, their solvers, every attempt, the rushes (0009)
PUZZLE_TABLES = {
    "ulti_puzzles",
    "ulti_puzzle_solvers",
    "ulti_puzzle_attempts",
    "ulti_puzzle_rushes",
}
NEW_TABLE_COLUMNS = {
    "public",
    "rated",
    "creator",
    "bot_after",
    "bot_spec",
    "rematch_of",
    "rematch",
}


def _old_store_module() -> ModuleType:
    """tests/data/old_store_2026_11.py: the store as it was before migrations, verbatim."""
    path = DATA / "old_store_2026_11.py"
    spec = importlib.util.spec_from_file_location("old_store_2026_11", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (SQLAlchemy reads its annotations there)
    spec.loader.exec_module(module)
    return module


#: the old store (it makes its two tables with ``create_all``: no migrations)
OldStore: Any = _old_store_module().Store


# -- databases ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pg_server() -> Iterator[str]:
    """One throwaway PostgreSQL server for the module's tests (each gets its own database)."""
    with postgres() as url:
        yield url


def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'ulti.sqlite3'}"


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database: an SQLite file, or a PostgreSQL database."""
    if request.param == "sqlite":
        return sqlite_url(tmp_path)
    server: str = request.getfixturevalue("pg_server")
    return new_pg_database(server)


def run_sql(url: str, *statements: str) -> None:
    engine = create_engine(normalize_url(url))
    with engine.begin() as conn:
        for s in statements:
            conn.execute(text(s))
    engine.dispose()


def inspect_db(url: str, fn: Callable[[Connection], object]) -> object:
    engine = create_engine(normalize_url(url))
    try:
        with engine.connect() as conn:
            return fn(conn)
    finally:
        engine.dispose()


def columns(url: str, table: str) -> set[str]:
    found = inspect_db(url, lambda c: {col["name"] for col in inspect(c).get_columns(table)})
    assert isinstance(found, set)
    return found


def table_names(url: str) -> set[str]:
    found = inspect_db(url, lambda c: set(inspect(c).get_table_names()))
    assert isinstance(found, set)
    return found


def version_rows(url: str) -> list[str]:
    rows = inspect_db(
        url, lambda c: [r[0] for r in c.execute(text("SELECT version_num FROM alembic_version"))]
    )
    assert isinstance(rows, list)
    return rows


def schema_differences(url: str) -> list[object]:
    """What Alembic's autogenerate finds between the database and the models (nothing, when
    the migrations make what the models describe)."""
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    diffs = inspect_db(
        url,
        lambda c: compare_metadata(
            MigrationContext.configure(c, opts={"compare_type": True}), Base.metadata
        ),
    )
    assert isinstance(diffs, list)
    return diffs


# -- an old database, with a deal under way ------------------------------------------------


class OldTable:
    """An Ulti table stored by the old store, with the first actions of its first deal."""

    def __init__(
        self, url: str, actions: int = 6, drop_game: bool = False, max_kontra: int | None = None
    ) -> None:
        rules = Ruleset().with_options(session_deals=3)
        if max_kontra is not None:  # as the old store's server wrote them (0: no cap, V11)
            rules = Ruleset.from_dict({**rules.to_dict(), "max_kontra": max_kontra}, recorded=True)
        self.seed = 20261101
        self.names = ["Anna", "Béla", "Cili"]
        self.tokens = [secrets.token_urlsafe(18) for _ in self.names]
        seats = [
            {"kind": "person", "name": n, "spec": None, "token_hash": hash_token(t)}
            for n, t in zip(self.names, self.tokens, strict=True)
        ]
        old = OldStore(url)
        stored = old.create_table(rules.to_dict(), self.seed, 0, seats, "hu")
        self.id = stored.id
        # the server's own game: the same rules, seed, dealer and names (tables.UltiTable)
        self.session = Session(rules, self.seed, 0, self.names)
        rng = random.Random(7)
        for seq in range(1, actions + 1):
            deal = self.session.deal
            action = rng.choice([a for a in deal.legal_actions() if a.kind != ActionKind.CLAIM])
            old.append(self.id, seq, 0, deal.current_player, action_code(action))
            deal.apply(action)
        self.actions = actions
        old.dispose()
        assert "alembic_version" not in table_names(url)
        if drop_game:  # a database from before tables had a game
            run_sql(url, "ALTER TABLE ulti_tables DROP COLUMN game")
            assert "game" not in columns(url, "ulti_tables")

    def next_action(self) -> tuple[int, str]:
        """The seat to act and a legal action of it (as a client writes it)."""
        deal = self.session.deal
        action = next(a for a in deal.legal_actions() if a.kind != ActionKind.CLAIM)
        return deal.current_player, action_code(action)


def play_one_more(url: str, old: OldTable) -> None:
    """The server opens the old database, has the table with its actions replayed, and takes
    one more legal action over the websocket, which it stores."""
    with Running(url) as srv:
        store: Store = srv.app.state.store
        live = srv.app.state.tables.get(old.id)
        assert live.version == old.actions
        assert live.deal.key() == old.session.deal.key()
        seat, action = old.next_action()
        s = Seat(srv, old.id, seat, old.tokens[seat])
        assert s.version == old.actions and s.my_turn()
        assert action in {a["action"] for a in s.view["legal"]}
        s.act(action)
        deadline = time.monotonic() + 20
        while s.version < old.actions + 1:
            assert time.monotonic() < deadline, "the action was not taken"
            f = s.recv()
            assert f["type"] != "error", f
        s.close()
        stored = store.actions(old.id)
        assert [a.seq for a in stored] == list(range(1, old.actions + 2))
        assert (stored[-1].seat, stored[-1].action) == (seat, action)
    # and it is all still there after a restart
    store = Store(url)
    try:
        assert len(store.actions(old.id)) == old.actions + 1
        t = store.table(old.id)
        assert t is not None
        assert (t.game, t.public, t.rated, t.creator) == ("ulti", False, False, None)
        assert [s["name"] for s in t.seats] == old.names and t.lang == "hu"
    finally:
        store.dispose()


def assert_at_head(url: str) -> None:
    assert head_revision() == "0009"
    assert version_rows(url) == [head_revision()]
    assert (
        table_names(url)
        == {"alembic_version"}
        | OLD_TABLES
        | CLUB_TABLES
        | ACCOUNT_TABLES
        | ROLE_TABLES
        | EVENT_TABLES
        | NOTIFY_TABLES
        | PUZZLE_TABLES
    )
    assert columns(url, "ulti_tables") >= {"game", "recorded"} | NEW_TABLE_COLUMNS
    assert schema_differences(url) == []


# -- the tests ----------------------------------------------------------------------------


def test_an_old_database_is_migrated_and_the_server_plays_on(db_url: str) -> None:
    old = OldTable(db_url)
    assert "game" in columns(db_url, "ulti_tables")
    play_one_more(db_url, old)
    assert_at_head(db_url)


def test_a_database_from_before_games_is_migrated_and_plays_on(db_url: str) -> None:
    old = OldTable(db_url, drop_game=True)
    play_one_more(db_url, old)
    assert_at_head(db_url)
    # its table (no game stored) stays an Ulti table; a new one keeps its game
    store = Store(db_url)
    try:
        snap = store.create_table({}, 1, 0, [], "en", "snapszli")
        games = {t.id: t.game for t in store.tables()}
        assert games == {old.id: "ulti", snap.id: "snapszli"}
    finally:
        store.dispose()
    stored = inspect_db(
        db_url, lambda c: dict(c.execute(text("SELECT id, game FROM ulti_tables")).all())
    )
    assert stored == {old.id: None, snap.id: "snapszli"}


def test_a_table_without_a_kontra_cap_plays_on_and_units_are_64_bits(db_url: str) -> None:
    """V11: a table an earlier version stored with its default rules (``max_kontra`` 0, no
    cap) is replayed and played on as it was; the units of results are 64-bit columns
    (PostgreSQL's integer stopped at 2**31), and what does not fit 64 bits is refused with
    words, changing nothing; the tables stored before the ``recorded`` mark have none."""
    old = OldTable(db_url, max_kontra=0)
    play_one_more(db_url, old)
    assert_at_head(db_url)
    big = (1 << 40) + 7  # beyond 32 bits
    store = Store(db_url)
    try:
        assert store.table(old.id).recorded is None  # type: ignore[union-attr]
        row = DealResultRow(
            table_id=old.id,
            deal=1,
            seat=0,
            player="user:1",
            game="ulti",
            family="ulti/standard",
            units=big,
            role="soloist",
            contract="Ulti",
            contract_hu="ulti",
            kind="ulti",
            made=True,
            kontras_given=3,
            kontras_won=1,
            kontras_lost=0,
        )
        store.add_deal_results([row])
        store.add_session_results(
            [SessionResultRow(old.id, 0, "user:1", "ulti", "ulti/standard", -big, 1, 3, False)]
        )
        assert store.deal_results("user:1")[0].units == big
        assert store.session_results("user:1")[0].total == -big
        with pytest.raises(StoreError, match="64-bit"):
            store.add_deal_results([replace(row, deal=2, units=1 << 63)])
        with pytest.raises(StoreError, match="64-bit"):
            store.add_deal_results([replace(row, deal=2, units=-(1 << 63) - 1)])
        assert len(store.deal_results("user:1")) == 1
        store.set_recorded(old.id, 2)
        store.set_recorded(old.id, 1)  # the mark only rises
        assert store.table(old.id).recorded == 2  # type: ignore[union-attr]
    finally:
        store.dispose()


def test_the_rematch_of_a_table_without_a_kontra_cap_has_one(tmp_path: Path) -> None:
    """V11: a finished session an earlier version stored without a kontra cap stays as it was
    played; its rematch (the same rules otherwise) takes the preset's cap, Wheeled Bicycle."""
    url = sqlite_url(tmp_path)
    rules = Ruleset.from_dict({"session_deals": 3, "max_kontra": 0}, recorded=True)
    token, names = secrets.token_urlsafe(18), ["Anna", "Béla", "Cili"]
    seats = [
        {"kind": "person", "name": n, "spec": None, "token_hash": hash_token(token)} for n in names
    ]
    store = Store(url)
    table = store.create_table(rules.to_dict(), 11, 0, seats, "hu")
    session = Session(rules, 11, 0, names)
    rng, seq = random.Random(3), 0
    while not session.is_over():
        if session.deal.is_over():
            session.next_deal()
        deal = session.deal
        action = rng.choice([a for a in deal.legal_actions() if a.kind != ActionKind.CLAIM])
        seq += 1
        store.append(
            table.id, seq, len(session.deals) - 1, deal.current_player, action_code(action)
        )
        deal.apply(action)
    store.dispose()
    with Running(url) as srv:
        old = srv.app.state.tables.get(table.id)
        assert old.session.is_over() and old.rules.kontra_cap > 1000  # as it was played
        auth = {"Authorization": f"Bearer {token}"}
        r = httpx.post(f"{srv.base}/api/tables/{table.id}/rematch", headers=auth)
        assert r.status_code == 201, r.text
        new = srv.app.state.tables.get(r.json()["id"])
        assert new.rules == rules.with_options(max_kontra=7)
        assert new.stored.rules["max_kontra"] == 7 and old.stored.rules["max_kontra"] == 0


def test_a_fresh_database_is_made_whole(db_url: str) -> None:
    assert table_names(db_url) == set()
    Store(db_url).dispose()
    assert_at_head(db_url)


def test_opening_again_changes_nothing(db_url: str) -> None:
    old = OldTable(db_url, actions=3)
    first = Store(db_url)
    user = first.add_user("Béla", "hash")
    first.dispose()
    for _ in range(2):
        again = Store(db_url)
        assert [a.seq for a in again.actions(old.id)] == [1, 2, 3]
        assert again.user_by_name("BÉLA") == user
        again.dispose()
    assert_at_head(db_url)


def test_a_database_of_a_newer_version_is_refused_clearly(db_url: str) -> None:
    Store(db_url).dispose()
    run_sql(db_url, "UPDATE alembic_version SET version_num = '9999'")
    with pytest.raises(StoreError, match="9999"):
        Store(db_url)


def test_the_stored_revision_is_read(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    assert inspect_db(url, revision) is None
    Store(url).dispose()
    assert inspect_db(url, revision) == head_revision()
    with sqlite3.connect(tmp_path / "ulti.sqlite3") as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == [
            (head_revision(),)
        ]


def test_a_club_database_gets_sessions_name_keys_and_mutes(db_url: str) -> None:
    """A database of revision 0003 with accounts (two of them alike, as that revision let
    them be) and chat: after the upgrade every account has its name keys (the older keeps a
    key both share), both still log in, an impersonation is refused, the old chat reads on,
    and the revision goes down again cleanly."""
    Store(db_url).dispose()
    run_alembic(db_url, "downgrade", "0003")
    assert "ulti_sessions" not in table_names(db_url)
    run_sql(
        db_url,
        "INSERT INTO ulti_users (name, name_key, pass_hash, created, disabled, generation) "
        "VALUES ('alice', 'alice', 'h', '2026-11-30 10:00:00', false, 0), "
        "('alıce', 'alıce', 'h', '2026-11-30 11:00:00', false, 0)",
        "INSERT INTO ulti_chat (table_id, name, seat, text, created) "
        "VALUES ('t1', 'alice', 0, 'szia', '2026-11-30 12:00:00')",
    )
    store = Store(db_url)
    try:
        alice, other = store.users()
        assert store.name_owner("ａｌｉｃｅ") == alice and store.name_owner("alıce") == other
        keys = inspect_db(
            db_url, lambda c: sorted(c.execute(text("SELECT user_id FROM ulti_name_keys")))
        )
        assert keys == [(alice.id,)]  # one look, one key: the later twin kept none
        with pytest.raises(StoreError):
            store.add_user("𝐚𝐥𝐢𝐜𝐞", "h")  # NameTaken: one look, one account
        [row] = store.chat("t1")
        assert (row.text, row.user_id, row.tag) == ("szia", None, None)
    finally:
        store.dispose()
    assert_at_head(db_url)
    run_alembic(db_url, "downgrade", "0003")
    gone = ACCOUNT_TABLES | ROLE_TABLES | EVENT_TABLES | NOTIFY_TABLES | PUZZLE_TABLES
    assert not gone & table_names(db_url)
    Store(db_url).dispose()
    assert_at_head(db_url)


@pytest.mark.slow
def test_two_servers_opening_one_new_postgresql_database_at_once(pg_server: str) -> None:
    """The migrations of two processes opening one database do not collide (PostgreSQL: an
    advisory lock orders them)."""
    url = new_pg_database(pg_server)
    errors: list[BaseException] = []

    def open_it() -> None:
        try:
            Store(url).dispose()
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=open_it) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == []
    assert_at_head(url)
