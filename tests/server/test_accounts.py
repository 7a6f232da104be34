"""Accounts (docs/CLUB.md): argon2id hashes, names and passwords, logins limited per name and
per address, the signed session cookie (forged, expired, after a reset or a disabling: refused)
and the owner's ``ulti user`` commands."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from argon2 import PasswordHasher
from typer.testing import CliRunner

from ulti import i18n
from ulti.cli import app
from ulti.server import accounts as accounts_module
from ulti.server.accounts import (
    AccountError,
    Accounts,
    check_name,
    check_password,
    hash_password,
    verify_password,
)
from ulti.server.guard import ServerSettings, SettingsError
from ulti.server.store import Store, User

runner = CliRunner()


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store(f"sqlite:///{tmp_path / 'ulti.sqlite3'}")


class Clock:
    """Wall time a test moves on."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def refused(key: str, status: int) -> pytest.RaisesExc[AccountError]:
    return pytest.raises(AccountError, check=lambda e: (e.key, e.status) == (key, status))


# -- passwords and names ------------------------------------------------------------------


def test_passwords_are_kept_as_salted_argon2id_hashes() -> None:
    h = hash_password("correct horse")
    assert h.startswith("$argon2id$")
    assert "correct horse" not in h
    assert hash_password("correct horse") != h  # salted
    assert verify_password(h, "correct horse")
    assert not verify_password(h, "correct hors")
    assert not verify_password("not a hash", "correct horse")


@pytest.mark.parametrize(
    ("given", "cleaned"),
    [
        ("Béla", "Béla"),
        ("  Kovács   Béla ", "Kovács Béla"),
        ("Be\u0301la", "Béla"),  # decomposed: the same name, composed (NFC)
        ("Иван", "Иван"),
        ("Ελένη", "Ελένη"),
        ("李雷", "李雷"),
        ("anna.b_c-7", "anna.b_c-7"),
        ("Öt\tŐz", "Öt Őz"),
        ("x" * 24, "x" * 24),
    ],
)
def test_names_of_any_alphabet_are_taken_cleaned(given: str, cleaned: str) -> None:
    assert check_name(given) == cleaned


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("B", "name-length"),
        ("   ", "name-length"),
        ("x" * 25, "name-length"),
        ("anna@home", "name-chars"),
        ("<b>Béla</b>", "name-chars"),
        ("Béla\u202e", "name-chars"),  # a bidi override
        ("Bé\x00la", "name-chars"),
        ("Béla 🂡", "name-chars"),
        ("\u0301ab", "name-chars"),  # a combining mark on nothing
    ],
)
def test_bad_names_are_refused_in_both_languages(name: str, key: str) -> None:
    with refused(key, 422) as caught:
        check_name(name)
    assert caught.value.message == i18n.text(f"club.{key}", "en")
    assert caught.value.message_hu == i18n.text(f"club.{key}", "hu")
    assert caught.value.message != caught.value.message_hu


def test_passwords_have_8_to_256_characters() -> None:
    check_password("x" * 8)
    check_password("ő" * 256)
    for bad in ("", "x" * 7, "x" * 257):
        with refused("password-length", 422):
            check_password(bad)


# -- registering and logging in -----------------------------------------------------------


def test_names_are_one_whatever_their_case(store: Store) -> None:
    acc = Accounts(store)
    bela = acc.register(" Béla ", "password1")
    assert bela.name == "Béla" and bela.generation == 0 and not bela.disabled
    for other in ("BÉLA", "béla", "Be\u0301la"):
        with refused("name-taken", 409) as caught:
            acc.register(other, "password2")
        assert check_name(other) in caught.value.message
    assert store.password_hash(bela.id).startswith("$argon2id$")
    assert [u.name for u in store.users()] == ["Béla"]
    assert acc.login("bÉLA", "password1", "10.0.0.1") == bela


def test_a_wrong_name_and_a_wrong_password_get_one_answer(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    acc = Accounts(store)
    acc.register("Anna", "password1")
    verified: list[str] = []
    real = accounts_module.verify_password

    def counting(stored: str, password: str) -> bool:
        verified.append(stored)
        return real(stored, password)

    monkeypatch.setattr(accounts_module, "verify_password", counting)
    answers = []
    for name, password in (("Anna", "password2"), ("Nobody", "password1"), ("", "x")):
        with refused("wrong-login", 401) as caught:
            acc.login(name, password, "10.0.0.1")
        answers.append((caught.value.message, caught.value.message_hu))
    assert len(set(answers)) == 1
    # an unknown name is checked against a hash all the same: the time says nothing
    assert len(verified) == 3 and all(h.startswith("$argon2id$") for h in verified)


def test_a_disabled_account_cannot_log_in(store: Store) -> None:
    acc = Accounts(store)
    acc.register("Anna", "password1")
    acc.disable("anna")
    with refused("wrong-login", 401):
        acc.login("Anna", "password1", "10.0.0.1")
    acc.enable("ANNA")
    assert acc.login("Anna", "password1", "10.0.0.1").name == "Anna"


def test_logins_are_limited_per_name(store: Store) -> None:
    acc = Accounts(store, login_rate=0.001, login_burst=3)
    acc.register("Anna", "password1")
    for i in range(3):  # from three addresses: the name's bucket runs dry
        with refused("wrong-login", 401):
            acc.login("Anna", "wrong-password", f"10.0.0.{i}")
    with refused("too-many-logins", 429) as caught:
        acc.login("ANNA", "password1", "10.0.0.9")  # even the right password, any case
    wait = caught.value.retry_after
    assert wait is not None and 900 <= wait <= 1000  # a try each 1000 s
    assert str(wait) in caught.value.message and str(wait) in caught.value.message_hu
    acc.register("Béla", "password2")
    assert acc.login("Béla", "password2", "10.0.0.9").name == "Béla"  # other names go on


def test_logins_are_limited_per_address(store: Store) -> None:
    acc = Accounts(store, login_rate=0.001, login_burst=3)
    acc.register("Anna", "password1")
    for name in ("Béla", "Cili", "Dani"):
        with refused("wrong-login", 401):
            acc.login(name, "password1", "10.0.0.1")
    with refused("too-many-logins", 429):
        acc.login("Anna", "password1", "10.0.0.1")
    assert acc.login("Anna", "password1", "10.0.0.2").name == "Anna"


def test_the_buckets_fill_again(store: Store) -> None:
    now = [1000.0]  # the buckets' clock, moved by the test instead of waited for
    acc = Accounts(store, login_rate=0.5, login_burst=1, ticks=lambda: now[0])  # a try every 2 s
    acc.register("Anna", "password1")
    assert acc.login("Anna", "password1", "10.0.0.1").name == "Anna"
    with refused("too-many-logins", 429) as caught:
        acc.login("Anna", "password1", "10.0.0.1")
    assert caught.value.retry_after == 2
    now[0] += 1.9
    with refused("too-many-logins", 429):
        acc.login("Anna", "password1", "10.0.0.1")
    now[0] += 0.2
    assert acc.login("Anna", "password1", "10.0.0.1").name == "Anna"


def test_a_hash_of_older_parameters_is_renewed_at_login(store: Store) -> None:
    weak = PasswordHasher(time_cost=1, memory_cost=8192, parallelism=1)
    user = store.add_user("Anna", weak.hash("password1"))
    acc = Accounts(store)
    cookie = acc.issue(user, "t")
    assert acc.login("Anna", "password1", "10.0.0.1") == user
    renewed = store.password_hash(user.id)
    assert renewed != weak.hash("password1") and "m=8192" not in renewed
    assert verify_password(renewed, "password1")
    assert acc.read(cookie) == (user, "t")  # the same password: sessions go on


# -- the session cookie -------------------------------------------------------------------


def test_a_session_cookie_names_its_account_and_csrf_token(store: Store) -> None:
    acc = Accounts(store)
    user = acc.register("Anna", "password1")
    csrf = acc.new_csrf()
    assert len(csrf) >= 32 and csrf != acc.new_csrf()
    cookie = acc.issue(user, csrf)
    assert acc.read(cookie) == (user, csrf)
    # the key is the database's: another server of the same database reads it
    same_db = Accounts(Store(store.url))
    assert same_db.read(cookie) == (user, csrf)


def test_forged_cookies_are_refused(store: Store, tmp_path: Path) -> None:
    acc = Accounts(store)
    user = acc.register("Anna", "password1")
    cookie = acc.issue(user, "t")
    other = Accounts(Store(f"sqlite:///{tmp_path / 'other.sqlite3'}"))
    other.store.add_user("Anna", "x")
    acc.register("Béla", "password2")  # user 2
    assert acc.read(other.issue(user, "t")) is None  # signed by another server
    payload, signature = cookie.split(".", 1)
    assert json.loads(base64.urlsafe_b64decode(payload + "==")) == {"u": 1, "g": 0, "c": "t"}
    # another account's id under Anna's signature; a signature changed in one character
    claim = json.dumps({"u": 2, "g": 0, "c": "t"}, separators=(",", ":")).encode()
    forged = base64.urlsafe_b64encode(claim).decode().rstrip("=") + "." + signature
    i = len(payload) + 8
    flipped = cookie[:i] + ("A" if cookie[i] != "A" else "B") + cookie[i + 1 :]
    for bad in (None, "", "garbage", forged, flipped, "x" + cookie, cookie + "." * 2000):
        assert acc.read(bad) is None, bad
    # a payload of the wrong shape, even signed with the right key, is no session
    signer = acc._signed()
    for data in ({"u": "1", "g": 0, "c": "t"}, {"u": user.id, "g": 0}, [1, 0, "t"], None):
        assert acc.read(signer.dumps(data)) is None, data


def test_an_old_cookie_expires(store: Store) -> None:
    clock = Clock()
    acc = Accounts(store, session_days=2, clock=clock)
    user = acc.register("Anna", "password1")
    cookie = acc.issue(user, "t")
    clock.now += 2 * 86400 - 5
    assert acc.read(cookie) == (user, "t")
    clock.now += 10
    assert acc.read(cookie) is None
    assert acc.read(acc.issue(user, "t")) == (user, "t")


def test_a_reset_or_a_disabling_ends_every_session(store: Store) -> None:
    acc = Accounts(store)
    acc.register("Anna", "password1")
    user = acc.login("Anna", "password1", "10.0.0.1")
    before_reset = acc.issue(user, "t")
    user = acc.reset("anna", "password2")
    assert user.generation == 1 and acc.read(before_reset) is None
    with refused("wrong-login", 401):
        acc.login("Anna", "password1", "10.0.0.1")
    user = acc.login("Anna", "password2", "10.0.0.1")
    before_disable = acc.issue(user, "t")
    assert acc.read(before_disable) is not None
    disabled = acc.disable("Anna")
    assert disabled.disabled and acc.read(before_disable) is None
    assert acc.read(acc.issue(disabled, "t")) is None  # a disabled account has no session
    enabled = acc.enable("Anna")
    assert not enabled.disabled and acc.read(before_disable) is None  # never again
    assert acc.read(acc.issue(enabled, "t")) == (enabled, "t")
    with refused("password-length", 422):
        acc.reset("Anna", "short")


def test_the_owners_commands_name_an_existing_account(store: Store) -> None:
    acc = Accounts(store)
    commands: list[Callable[[], User]] = [
        lambda: acc.disable("Nobody"),
        lambda: acc.enable("Nobody"),
        lambda: acc.reset("Nobody", "password1"),
    ]
    for command in commands:
        with refused("no-user", 404) as caught:
            command()
        assert "Nobody" in caught.value.message and "Nobody" in caught.value.message_hu


def test_the_settings_of_accounts_and_chat_have_ranges() -> None:
    s = ServerSettings()
    assert (s.session_days, s.login_rate, s.login_burst) == (30, 0.2, 5)
    assert (s.chat_rate, s.chat_burst, s.chat_max) == (1.0, 5, 280)
    for field, value in (
        ("session_days", 0),
        ("session_days", 4000),
        ("login_rate", 0),
        ("login_burst", 0.5),
        ("chat_rate", 1000),
        ("chat_burst", 0),
        ("chat_max", 9),
        ("chat_max", 4001),
    ):
        with pytest.raises(SettingsError, match=field.replace("_", "-")):
            ServerSettings(**{field: value})  # type: ignore[arg-type]


# -- ulti user ----------------------------------------------------------------------------


def user(db: str, *args: str, stdin: str | None = None) -> tuple[int, str]:
    r = runner.invoke(app, ["user", *args, "--db", db], input=stdin, env={"COLUMNS": "200"})
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    assert "Traceback" not in r.output
    return r.exit_code, r.output


def failed(db: str, *args: str, stdin: str | None = None) -> str:
    """A refused command: exit 1, one line of error."""
    code, out = user(db, *args, stdin=stdin)
    assert code == 1, out
    errors = [line for line in out.splitlines() if "error:" in line or "hiba:" in line]
    assert len(errors) == 1, out
    return errors[0]


def test_ulti_user_add_reset_disable_enable_list(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    assert user(db, "list") == (0, i18n.text("club.user-none", "en") + "\n")
    code, out = user(db, "add", "Béla", "--password-stdin", stdin="password1\n")
    assert code == 0 and out.strip() == "account Béla made (id 1)"
    code, out = user(db, "add", "Anna", stdin="password2\npassword2\n")  # asked twice
    assert code == 0 and "Anna" in out
    code, out = user(db, "list")
    assert code == 0 and "Béla" in out and "Anna" in out and "active" in out
    acc = Accounts(Store(db))
    anna = acc.login("Anna", "password2", "10.0.0.1")
    cookie = acc.issue(anna, "t")

    code, out = user(db, "reset", "anna", "--password-stdin", stdin="password3\n")
    assert code == 0 and "Anna" in out and "session" in out
    assert acc.read(cookie) is None
    assert acc.login("Anna", "password3", "10.0.0.2").generation == 1

    code, out = user(db, "disable", "ANNA", "--lang", "hu")
    assert code == 0 and out.strip() == i18n.text("club.user-disabled", "hu", name="Anna")
    with refused("wrong-login", 401):
        acc.login("Anna", "password3", "10.0.0.3")
    code, out = user(db, "list", "--lang", "hu")
    assert code == 0 and "letiltva" in out and "aktív" in out and "név" in out
    code, out = user(db, "enable", "Anna")
    assert code == 0 and out.strip() == "Anna may log in again"
    assert acc.login("Anna", "password3", "10.0.0.4").name == "Anna"


def test_ulti_user_mistakes_are_one_line_and_exit_1(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    user(db, "add", "Béla", "--password-stdin", stdin="password1\n")
    assert "the name BÉLA is taken" in failed(
        db, "add", "BÉLA", "--password-stdin", stdin="password1\n"
    )
    assert "ez a név már foglalt: béla" in failed(
        db, "add", "béla", "--password-stdin", "--lang", "hu", stdin="password1\n"
    )
    assert "8 to 256" in failed(db, "add", "Anna", "--password-stdin", stdin="short\n")
    assert "no password" in failed(db, "add", "Anna", "--password-stdin", stdin="")
    assert "passwords differ" in failed(db, "add", "Anna", stdin="password1\npassword2\n")
    assert "2 to 24" in failed(db, "add", "A", "--password-stdin", stdin="password1\n")
    assert "letters" in failed(db, "add", "A<b>", "--password-stdin", stdin="password1\n")
    for args in (["reset", "Nobody", "--password-stdin"], ["disable", "Nobody"], ["enable", "x"]):
        assert "no account is named" in failed(db, *args, stdin="password1\n")
    assert "8 to 256" in failed(db, "reset", "Béla", "--password-stdin", stdin="x\n")
    code, out = user(db, "list")
    assert code == 0 and "Anna" not in out  # nothing was made
    missing = f"sqlite:///{tmp_path / 'no' / 'such' / 'folder.sqlite3'}"
    assert "cannot open the database" in failed(missing, "list")
    line = failed("postgresql://owner:sekret@127.0.0.1:1/club", "list")
    assert "cannot open the database" in line and "sekret" not in line


def test_ulti_serve_takes_the_club_settings() -> None:
    r = runner.invoke(app, ["serve", "--help"], env={"COLUMNS": "200"})
    for option in (
        "--session-days",
        "--login-rate",
        "--login-burst",
        "--chat-rate",
        "--chat-burst",
        "--chat-max",
    ):
        assert option in r.output
    r = runner.invoke(app, ["serve", "--chat-max", "5"], env={"COLUMNS": "200"})
    assert r.exit_code == 2 and "chat-max: between 10 and 4000" in r.output
