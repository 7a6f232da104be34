"""The roles an account holds (docs/CLUB.md, "Organisers"; issue 30's first step): the store
keeps them (``ulti_roles``, migration 0006) on SQLite and PostgreSQL alike, they survive
reopening and the upgrade of a 0005 database; the accounts grant and revoke only the known
roles of known accounts, in both languages, and say when nothing changed; ``/api/me`` and a
profile show them; :meth:`~ulti.server.club.Club.require_role` refuses a guest (401) and an
account without the role (403) in both languages.  The owner's ``ulti user grant|revoke``
are tested beside the other ``ulti user`` commands (tests/server/test_accounts.py)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi import Request
from sqlalchemy import create_engine, inspect, text

from server_util import Running, client, new_pg_database, postgres, register, run_alembic
from ulti import i18n
from ulti.server.accounts import OWNER, ROLES, AccountError, Accounts, check_role, role_name
from ulti.server.services import Svc
from ulti.server.store import Store, head_revision, normalize_url, revision

# -- databases ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pg_server() -> Iterator[str]:
    """One throwaway PostgreSQL server for the module's tests (each gets its own database)."""
    with postgres() as url:
        yield url


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database: an SQLite file, or a PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'ulti.sqlite3'}"
    server: str = request.getfixturevalue("pg_server")
    return new_pg_database(server)


def query(url: str, sql: str) -> list[tuple[Any, ...]]:
    """The rows of ``sql`` on ``url``'s database, read past the store."""
    engine = create_engine(normalize_url(url))
    try:
        with engine.connect() as conn:
            return [tuple(r) for r in conn.execute(text(sql))]
    finally:
        engine.dispose()


def db_revision(url: str) -> str | None:
    engine = create_engine(normalize_url(url))
    try:
        with engine.connect() as conn:
            return revision(conn)
    finally:
        engine.dispose()


def has_roles_table(url: str) -> bool:
    engine = create_engine(normalize_url(url))
    try:
        with engine.connect() as conn:
            return inspect(conn).has_table("ulti_roles")
    finally:
        engine.dispose()


def refused(key: str, status: int) -> pytest.RaisesExc[AccountError]:
    return pytest.raises(AccountError, check=lambda e: (e.key, e.status) == (key, status))


# -- the store ----------------------------------------------------------------------------


def test_the_store_grants_revokes_and_reads_roles(db_url: str) -> None:
    """A grant is kept with its time and granter, once (a second grant changes nothing, the
    first's time and granter stay); a revoke takes it away, once; an unknown account is a
    KeyError and leaves nothing behind; every account's roles are read in one go."""
    store = Store(db_url)
    try:
        anna, bela = store.add_user("Anna", "h"), store.add_user("Béla", "h")
        assert store.roles_of(anna.id) == [] and store.roles_by_user() == {}
        before = datetime.now(UTC)
        assert store.grant(anna.id, "organiser", "owner") is True
        assert store.grant(anna.id, "organiser", "someone else") is False
        assert store.roles_of(anna.id) == ["organiser"] and store.roles_of(bela.id) == []
        assert store.roles_by_user() == {anna.id: ["organiser"]}
        [(uid, role, granted, by)] = query(
            db_url, "SELECT user_id, role, granted, granted_by FROM ulti_roles"
        )
        if isinstance(granted, str):  # SQLite's, read past SQLAlchemy: text in UTC
            granted = datetime.fromisoformat(granted)
        granted = granted.replace(tzinfo=UTC) if granted.tzinfo is None else granted
        assert (uid, role, by) == (anna.id, "organiser", "owner")
        assert before - timedelta(seconds=1) <= granted <= datetime.now(UTC)
        with pytest.raises(KeyError):
            store.grant(9999, "organiser", "owner")
        with pytest.raises(KeyError):
            store.revoke(9999, "organiser")
        assert len(query(db_url, "SELECT * FROM ulti_roles")) == 1
        assert store.revoke(bela.id, "organiser") is False
        assert store.revoke(anna.id, "organiser") is True
        assert store.revoke(anna.id, "organiser") is False
        assert store.roles_of(anna.id) == [] and store.roles_by_user() == {}
    finally:
        store.dispose()


def test_roles_survive_reopening_and_the_upgrade_of_a_0005_database(db_url: str) -> None:
    """A database of revision 0005 with an account (as the version before roles left it) is
    brought to 0006 when the store opens: the account is there, holding no role; a role
    granted then is there after reopening, twice; going down to 0005 takes the table (and
    the roles) away, and up again the store opens whole."""
    Store(db_url).dispose()
    run_alembic(db_url, "downgrade", "0005")
    assert db_revision(db_url) == "0005" and not has_roles_table(db_url)
    engine = create_engine(normalize_url(db_url))
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO ulti_users (name, name_key, pass_hash, created, disabled, "
                "generation) VALUES ('Béla', 'béla', 'h', '2026-12-01 10:00:00', false, 0)"
            )
        )
    engine.dispose()
    store = Store(db_url)
    try:
        assert db_revision(db_url) == head_revision() and has_roles_table(db_url)
        bela = store.user_by_name("béla")
        assert bela is not None and store.roles_of(bela.id) == []
        assert Accounts(store).grant("Béla", "organiser").changed
    finally:
        store.dispose()
    for _ in range(2):
        again = Store(db_url)
        try:
            user = again.user_by_name("BÉLA")
            assert user is not None and Accounts(again).has_role(user, "organiser")
            assert again.roles_by_user() == {user.id: ["organiser"]}
        finally:
            again.dispose()
    run_alembic(db_url, "downgrade", "0005")
    assert not has_roles_table(db_url)
    store = Store(db_url)
    try:
        user = store.user_by_name("Béla")
        assert user is not None and store.roles_of(user.id) == []  # gone with its table
    finally:
        store.dispose()


# -- the accounts -------------------------------------------------------------------------


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    s = Store(f"sqlite:///{tmp_path / 'ulti.sqlite3'}")
    yield s
    s.dispose()


def test_every_role_has_its_name_in_both_languages() -> None:
    assert ROLES == ("organiser",)
    for role in ROLES:
        en, hu = role_name(role, "en"), role_name(role, "hu")
        assert f"club.role-{role}" in i18n.CATALOGUE and en != hu
    assert (role_name("organiser", "en"), role_name("organiser", "hu")) == (
        "organiser",
        "szervező",
    )


def test_a_role_is_named_by_its_key_or_its_name_in_either_language() -> None:
    for typed in ("organiser", "Organiser", " ORGANISER ", "szervező", "Szervező"):
        assert check_role(typed) == "organiser"
    for typed in ("admin", "organizer", "", "szervezo"):
        with refused("no-role", 422) as caught:
            check_role(typed)
        assert "organiser" in caught.value.message and "organiser" in caught.value.message_hu
        assert caught.value.message != caught.value.message_hu


def test_the_accounts_grant_and_revoke_a_role_and_say_when_nothing_changed(
    store: Store,
) -> None:
    acc = Accounts(store)
    bela = acc.register("Béla", "password1")
    assert acc.roles_of(bela) == [] and not acc.has_role(bela, "organiser")
    first = acc.grant("béla", "organiser")
    assert (first.user, first.role, first.changed) == (bela, "organiser", True)
    assert acc.has_role(bela, "organiser") and acc.roles_of(bela) == ["organiser"]
    assert query(store.url, "SELECT granted_by FROM ulti_roles") == [(OWNER,)]
    again = acc.grant("BÉLA", "szervező")
    assert (again.user, again.role, again.changed) == (bela, "organiser", False)
    assert acc.roles_of(bela) == ["organiser"]
    gone = acc.revoke("Béla", "organiser")
    assert (gone.user, gone.changed) == (bela, True) and not acc.has_role(bela, "organiser")
    assert not acc.revoke("Béla", "organiser").changed
    # a role survives a disabling and a new password (the owner revokes it on purpose)
    acc.grant("Béla", "organiser")
    acc.disable("Béla")
    acc.enable("Béla")
    user = acc.reset("Béla", "password2")
    assert acc.has_role(user, "organiser")


def test_an_unknown_role_or_account_is_refused_in_both_languages_and_nothing_changes(
    store: Store,
) -> None:
    acc = Accounts(store)
    bela = acc.register("Béla", "password1")
    for change in (acc.grant, acc.revoke):
        with refused("no-role", 422) as caught:
            change("Béla", "admin")
        assert "admin" in caught.value.message and "admin" in caught.value.message_hu
        assert caught.value.text("hu") == caught.value.message_hu != caught.value.message
        with refused("no-user", 404) as caught:
            change("Nobody", "organiser")
        assert "Nobody" in caught.value.message and "Nobody" in caught.value.message_hu
    assert store.roles_by_user() == {} and not acc.has_role(bela, "organiser")
    with pytest.raises(ValueError, match="unknown role 'admin'"):
        acc.has_role(bela, "admin")  # the code's mistake, not a person's


# -- the server ---------------------------------------------------------------------------


async def organisers_only(req: Request, svc: Svc) -> dict[str, Any]:
    """A door for organisers alone, as issue 30's event doors will be."""
    user = svc.club.require_role(req, "organiser")
    return {"name": user.name}


def organisers_server(url: str) -> Running:
    """A server with :func:`organisers_only` at ``/api/organisers-only``."""
    srv = Running(url)
    srv.app.add_api_route("/api/organisers-only", organisers_only, methods=["GET"])
    return srv


def test_me_and_a_profile_show_the_roles_and_require_role_refuses_others(
    tmp_path: Path,
) -> None:
    """``/api/me`` has ``roles`` ([] for a guest and an account without any); a profile
    shows its account's; a door behind ``require_role`` refuses a guest (401) and an account
    without the role (403), in both languages, and lets an organiser in until the role is
    revoked."""
    url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    with organisers_server(url) as srv, client(srv) as guest, client(srv) as c:
        accounts: Accounts = srv.app.state.accounts
        me = guest.get("/api/me").json()
        assert me["user"] is None and me["roles"] == []
        r = guest.get("/api/organisers-only")
        assert r.status_code == 401
        assert r.json() == {
            "detail": i18n.text("error.login-needed", "en"),
            "detail_hu": i18n.text("error.login-needed", "hu"),
        }
        register(c, "Béla")
        me = c.get("/api/me").json()
        assert me["user"]["name"] == "Béla" and me["roles"] == []
        assert c.get("/api/users/Béla").json()["roles"] == []
        r = c.get("/api/organisers-only")
        assert r.status_code == 403
        assert r.json() == {
            "detail": "only an account with the role organiser may do that (the server's "
            "owner grants it)",
            "detail_hu": "ezt csak szervező szerepű fiók teheti meg (a szerepet a szerver "
            "gazdája adja meg)",
        }
        assert accounts.grant("Béla", "organiser").changed
        me = c.get("/api/me").json()
        assert me["user"]["name"] == "Béla" and me["roles"] == ["organiser"]
        assert guest.get("/api/users/béla").json()["roles"] == ["organiser"]
        r = c.get("/api/organisers-only")
        assert r.status_code == 200 and r.json() == {"name": "Béla"}
        assert guest.get("/api/organisers-only").status_code == 401  # still a guest
        accounts.revoke("Béla", "organiser")
        assert c.get("/api/me").json()["roles"] == []
        assert c.get("/api/organisers-only").status_code == 403
        # a session cookie that no longer works is a guest's: 401, not 403
        accounts.grant("Béla", "organiser")
        accounts.disable("Béla")
        assert c.get("/api/organisers-only").status_code == 401
