"""Accounts (docs/CLUB.md): argon2id hashes, names and passwords (compared by what they look
like: UTS #39), registrations limited per address, logins limited so that nobody locks an owner
out (a name from an address, an address, a name from everywhere but the owner's browsers), the
sessions the server keeps (made up, expired, logged out, after a reset or a disabling: refused)
and the owner's ``ulti user`` commands."""

from __future__ import annotations

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
from ulti.server.names import looks
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


# -- what names look like (UTS #39) --------------------------------------------------------

#: The issue's names beside ``alice`` and ``bob``: each was an account of its own.
LOOKALIKES = [
    ("аlice", "alice", "name-mixed"),  # Cyrillic а among Latin letters
    ("bοb", "bob", "name-mixed"),  # Greek ο
    ("ａｌｉｃｅ", "alice", "name-like"),  # fullwidth letters
    ("𝐚𝐥𝐢𝐜𝐞", "alice", "name-like"),  # mathematical bold
    ("alıce", "alice", "name-like"),  # dotless ı
    ("aliceㅤ", "alice", "name-invisible"),  # U+3164 HANGUL FILLER
    ("ALICE", "alice", "name-taken"),
    ("Bob", "bob", "name-taken"),
]


@pytest.mark.parametrize(("name", "account", "key"), LOOKALIKES)
def test_a_name_that_looks_like_an_accounts_is_refused(
    store: Store, name: str, account: str, key: str
) -> None:
    acc = Accounts(store)
    acc.register("alice", "password1")
    acc.register("bob", "password1")
    with refused(key, 422 if key in ("name-mixed", "name-invisible") else 409) as caught:
        acc.register(name, "password1")
    assert caught.value.message_hu != caught.value.message
    assert [u.name for u in store.users()] == ["alice", "bob"]
    # the keys meet whatever refused it first: the mixed and the invisible ones too
    assert looks(name) & looks(account)
    assert not looks(name) & looks("bob" if account == "alice" else "alice")


def test_the_keys_of_a_name_compare_what_it_looks_like() -> None:
    for a, b in (("ape", "аре"), ("lván", "Iván"), ("Zoli", "Zo1i"), ("rn", "m"), ("x", "X")):
        assert looks(a) & looks(b), (a, b)  # аре: three Cyrillic letters, one script
    for a, b in (("Béla", "Bela"), ("Ödön", "Odon"), ("Győző", "Gyozo"), ("Anna", "Anne")):
        assert not looks(a) & looks(b), (a, b)  # Hungarian accents make names


def test_a_single_script_look_alike_is_refused_beside_the_account(store: Store) -> None:
    acc = Accounts(store)
    acc.register("ape", "password1")
    with refused("name-like", 409) as caught:
        acc.register("аре", "password1")  # Cyrillic а, р, е: one script, the same look
    assert "ape" in caught.value.message and "ape" in caught.value.message_hu
    acc.register("Иван", "password1")  # a Cyrillic name like no account's is welcome


@pytest.mark.parametrize(
    "name", ["al\u200bice", "al\u00adice", "ali\u3164ce", "a\u0301\u0301li", "Ivan Иван", "ab١٢3"]
)
def test_invisible_characters_and_mixed_alphabets_are_refused_outright(name: str) -> None:
    with pytest.raises(AccountError) as caught:
        check_name(name)
    assert caught.value.status == 422
    assert caught.value.key in ("name-chars", "name-invisible", "name-mixed")


def test_a_guest_may_not_take_an_accounts_name(store: Store) -> None:
    acc = Accounts(store)
    acc.register("alice", "password1")
    for name in ("alice", "ALICE", "ａｌｉｃｅ", "alıce"):
        with refused("name-of-account", 409) as caught:
            acc.guest_name(name)
        assert "alice" in caught.value.message
    assert acc.guest_name("Béla") == "Béla"
    alice = store.user_by_name("alice")
    assert acc.guest_name("Alice", alice) == "Alice"  # the account's own, naming a seat
    bob = acc.register("bob", "password1")
    with refused("name-of-account", 409):
        acc.guest_name("alice", bob)


def test_old_accounts_get_their_keys_when_the_store_opens(store: Store) -> None:
    """Accounts from before the keys (or from an older ICU) get them; of two old accounts
    that look alike, the older keeps the key and both still log in."""
    acc = Accounts(store)
    alice = acc.register("alice", "password1")
    with store.engine.begin() as conn:  # as the store of before would have left them
        conn.exec_driver_sql("DELETE FROM ulti_name_keys")
        conn.exec_driver_sql(
            "INSERT INTO ulti_users (name, name_key, pass_hash, created, disabled, generation) "
            "SELECT 'alıce', 'alıce', pass_hash, created, 0, 0 FROM ulti_users"
        )
    again = Accounts(Store(store.url))
    with refused("name-like", 409):
        again.register("ａｌｉｃｅ", "password1")
    assert again.store.name_owner("ALICE") == alice
    assert again.login("alıce", "password1", "10.0.0.1").name == "alıce"


def test_registrations_are_limited_per_address(store: Store) -> None:
    now = [1000.0]
    acc = Accounts(store, register_rate=1 / 60, register_burst=3, ticks=lambda: now[0])
    for i in range(3):
        acc.register(f"Játékos {i}", "password1", "10.0.0.1")
    with refused("too-many-registrations", 429) as caught:
        acc.register("Játékos 3", "password1", "10.0.0.1")
    assert caught.value.retry_after == 60 and "60" in caught.value.message_hu
    assert acc.register("Játékos 4", "password1", "10.0.0.2").name == "Játékos 4"
    # a refused name costs nothing (it is told before the allowance is spent)
    with refused("name-taken", 409):
        acc.register("JÁTÉKOS 0", "password1", "10.0.0.1")
    now[0] += 60
    assert acc.register("Játékos 5", "password1", "10.0.0.1").name == "Játékos 5"
    assert acc.register("Játékos 6", "password1").name == "Játékos 6"  # the owner's command


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


def test_one_name_from_one_address_is_limited(store: Store) -> None:
    acc = Accounts(store, login_rate=0.001, login_burst=3)
    acc.register("Anna", "password1")
    for _ in range(3):
        with refused("wrong-login", 401):
            acc.login("Anna", "wrong-password", "10.0.0.1")
    with refused("too-many-logins", 429) as caught:
        acc.login("ANNA", "password1", "10.0.0.1")  # even the right password, any case
    wait = caught.value.retry_after
    assert wait is not None and 900 <= wait <= 1000  # a try each 1000 s
    assert str(wait) in caught.value.message and str(wait) in caught.value.message_hu
    acc.register("Béla", "password2")
    assert acc.login("Béla", "password2", "10.0.0.1").name == "Béla"  # other names go on
    assert acc.login("Anna", "password1", "10.0.0.2").name == "Anna"  # and other addresses


def test_nobody_locks_an_owner_out_by_trying_their_name(store: Store) -> None:
    """The issue's attack: one try a second at the victim's name from one address.  Before,
    the name's own bucket ran dry and the owner's right password got 429 in 9 of 10 tries;
    now the attacker spends their own allowance and the owner logs in every time."""
    now = [1000.0]
    acc = Accounts(store, ticks=lambda: now[0])  # the defaults: 0.2 a second, bursts of 5
    acc.register("Anna", "password1")
    attacker: list[int] = []
    owner: list[int] = []
    for second in range(120):
        now[0] += 1
        try:
            acc.login("Anna", f"guess-{second}", "203.0.113.9")
        except AccountError as exc:
            attacker.append(exc.status)
        if second % 12 == 0:  # the owner, from her own address, now and then
            try:
                acc.login("Anna", "password1", "198.51.100.7")
                owner.append(200)
            except AccountError as exc:
                owner.append(exc.status)
    assert owner == [200] * 10
    assert attacker.count(429) > 80  # the attacker is the one held back


def test_many_addresses_hold_a_name_but_not_its_owners_browser(store: Store) -> None:
    """Guessing one password from many addresses runs the name's own bucket dry: a browser
    that never logged in to it waits, the owner's (its device cookie) does not."""
    acc = Accounts(store, login_rate=0.001, login_burst=2)  # the name: 8 tries in all
    anna = acc.register("Anna", "password1")
    device = acc.device_cookie(acc.login("Anna", "password1", "198.51.100.7"))
    for i in range(7):
        with refused("wrong-login", 401):
            acc.login("Anna", "wrong", f"203.0.113.{i}")
    with refused("too-many-name-logins", 429) as caught:
        acc.login("Anna", "password1", "192.0.2.1")  # a new browser, the right password
    assert caught.value.retry_after and "browser" in caught.value.message
    assert caught.value.message_hu != caught.value.message
    assert acc.login("Anna", "password1", "192.0.2.2", device) == anna  # the owner's
    assert acc.login("Anna", "password1", "192.0.2.3", device) == anna
    # a device cookie of another account, changed, or made up counts for nothing
    acc.register("Béla", "password2")
    bela = acc.device_cookie(acc.login("Béla", "password2", "192.0.2.4"))
    for i, bad in enumerate((bela, device[:-2] + "xx", "garbage", "x" * 2000)):
        with refused("too-many-name-logins", 429):
            acc.login("Anna", "password1", f"192.0.2.{10 + i}", bad)
    acc.reset("Anna", "password3")
    with refused("too-many-name-logins", 429):
        acc.login("Anna", "password3", "192.0.2.6", device)  # the reset voids it


def test_logins_are_limited_per_address(store: Store) -> None:
    """One address trying many names (one try each) has four times a name's burst."""
    acc = Accounts(store, login_rate=0.001, login_burst=3)
    acc.register("Anna", "password1")
    for i in range(12):
        with refused("wrong-login", 401):
            acc.login(f"Senki {i}", "password1", "10.0.0.1")
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


def test_made_up_cookies_are_refused(store: Store, tmp_path: Path) -> None:
    """A session cookie is a random token the server keeps (its hash): another server's, one
    changed in a character, an old signed cookie, or anything else names no session."""
    acc = Accounts(store)
    user = acc.register("Anna", "password1")
    cookie = acc.issue(user, "t")
    assert len(cookie) >= 40
    other = Accounts(Store(f"sqlite:///{tmp_path / 'other.sqlite3'}"))
    elsewhere = other.issue(other.store.add_user("Anna", "x"), "t")
    flipped = cookie[:10] + ("A" if cookie[10] != "A" else "B") + cookie[11:]
    old_signed = "eyJ1IjoxLCJnIjowLCJjIjoidCJ9.aBcDeF.c2lnbmF0dXJl"  # the cookies of before
    for bad in (None, "", "garbage", elsewhere, flipped, old_signed, cookie + "." * 2000):
        assert acc.read(bad) is None, bad
    assert acc.read(cookie) == (user, "t")


def test_logging_out_ends_the_session_on_the_server(store: Store) -> None:
    acc = Accounts(store)
    user = acc.register("Anna", "password1")
    phone, laptop = acc.issue(user, "a"), acc.issue(user, "b")
    acc.end(phone)
    assert acc.read(phone) is None  # the cookie a thief kept works no more
    assert acc.read(laptop) == (user, "b")  # the other session goes on
    acc.end(phone)  # again: nothing happens
    acc.end(None)
    acc.end("x" * 5000)
    assert acc.read(laptop) == (user, "b")


def test_an_account_keeps_its_newest_sessions(store: Store) -> None:
    clock = Clock()
    acc = Accounts(store, clock=clock)
    user = acc.register("Anna", "password1")
    cookies = []
    for _ in range(accounts_module.MAX_SESSIONS + 5):
        clock.now += 1
        cookies.append(acc.issue(user, "t"))
    assert store.count_sessions_of(user.id) == accounts_module.MAX_SESSIONS
    assert acc.read(cookies[0]) is None and acc.read(cookies[-1]) == (user, "t")


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
    assert (s.register_rate * 3600, s.register_burst) == (5, 5)
    assert s.forwarded_allow_ips == "" and s.trusted_proxies == []  # no proxy believed
    assert ServerSettings(forwarded_allow_ips=" 127.0.0.1, 10.0.0.0/8 ,::1").trusted_proxies == [
        "127.0.0.1",
        "10.0.0.0/8",
        "::1",
    ]
    for bad in ("*", "localhost", "10.0.0.0/33", "127.0.0.1;rm"):
        with pytest.raises(SettingsError, match="forwarded-allow-ips"):
            ServerSettings(forwarded_allow_ips=bad)
    for field, value in (
        ("register_rate", 0),
        ("register_burst", 0),
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
    assert "looks too much like the account Béla" in failed(
        db, "add", "Bé1a", "--password-stdin", stdin="password1\n"
    )
    assert "invisible" in failed(db, "add", "Bé\u3164la", "--password-stdin", stdin="password1\n")
    for args in (["reset", "Nobody", "--password-stdin"], ["disable", "Nobody"], ["enable", "x"]):
        assert "no account is named" in failed(db, *args, stdin="password1\n")
    assert "8 to 256" in failed(db, "reset", "Béla", "--password-stdin", stdin="x\n")
    code, out = user(db, "list")
    assert code == 0 and "Anna" not in out  # nothing was made
    missing = f"sqlite:///{tmp_path / 'no' / 'such' / 'folder.sqlite3'}"
    assert "cannot open the database" in failed(missing, "list")
    line = failed("postgresql://owner:sekret@127.0.0.1:1/club", "list")
    assert "cannot open the database" in line and "sekret" not in line


def row_of(out: str, name: str) -> str:
    """The line of ``ulti user list``'s table that shows the account ``name``."""
    [line] = [line for line in out.splitlines() if f" {name} " in line]
    return line


def test_ulti_user_grant_revoke_and_list_roles_in_both_languages(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    for name in ("Béla", "Anna"):
        user(db, "add", name, "--password-stdin", stdin="password1\n")
    assert user(db, "grant", "béla", "organiser") == (0, "Béla now has the role organiser\n")
    assert user(db, "grant", "Béla", "szervező", "--lang", "hu") == (
        0,
        "Béla már szervező; semmi sem változott\n",
    )
    code, out = user(db, "list")
    assert code == 0 and " roles " in out.splitlines()[1]
    assert row_of(out, "Béla").split()[-1] == "organiser"
    assert "organiser" not in row_of(out, "Anna")
    code, out = user(db, "list", "--lang", "hu")
    assert code == 0 and " szerepek " in out.splitlines()[1]
    assert row_of(out, "Béla").split()[-1] == "szervező" and "szervező" not in row_of(out, "Anna")
    store = Store(db)
    acc = Accounts(store)
    bela, anna = store.user_by_name("Béla"), store.user_by_name("Anna")
    assert bela is not None and anna is not None
    assert acc.has_role(bela, "organiser") and not acc.has_role(anna, "organiser")
    assert user(db, "revoke", "BÉLA", "Szervező", "--lang", "hu") == (0, "Béla már nem szervező\n")
    assert user(db, "revoke", "Béla", "organiser") == (
        0,
        "Béla does not have the role organiser; nothing changed\n",
    )
    assert store.roles_by_user() == {}
    code, out = user(db, "list")
    assert code == 0 and "organiser" not in out
    store.dispose()


def test_ulti_user_grant_and_revoke_refuse_an_unknown_role_or_account(tmp_path: Path) -> None:
    """One line in the chosen language, exit 1, and nothing changed."""
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    user(db, "add", "Béla", "--password-stdin", stdin="password1\n")
    for command in ("grant", "revoke"):
        assert failed(db, command, "Béla", "admin") == (
            "error: there is no role admin; roles: organiser"
        )
        assert failed(db, command, "Béla", "admin", "--lang", "hu") == (
            "hiba: nincs ilyen szerep: admin; a szerepek: organiser"
        )
        assert failed(db, command, "Nobody", "organiser") == "error: no account is named Nobody"
        assert failed(db, command, "Nobody", "szervező", "--lang", "hu") == (
            "hiba: nincs ilyen nevű fiók: Nobody"
        )
    store = Store(db)
    assert store.roles_by_user() == {}
    store.dispose()
    code, out = user(db, "list")
    assert code == 0 and row_of(out, "Béla").split()[-1] == "active"  # no role shown


def test_ulti_serve_takes_the_club_settings() -> None:
    r = runner.invoke(app, ["serve", "--help"], env={"COLUMNS": "200"})
    for option in (
        "--session-days",
        "--login-rate",
        "--login-burst",
        "--chat-rate",
        "--chat-burst",
        "--chat-max",
        "--registrations-per-hour",
        "--forwarded-allow-ips",
    ):
        assert option in r.output
    r = runner.invoke(app, ["serve", "--chat-max", "5"], env={"COLUMNS": "200"})
    assert r.exit_code == 2 and "chat-max: between 10 and 4000" in r.output
    r = runner.invoke(app, ["serve", "--forwarded-allow-ips", "*"], env={"COLUMNS": "200"})
    assert r.exit_code == 2 and "forwarded-allow-ips" in r.output
