"""Accounts of the club (docs/CLUB.md): names and passwords, logins and their rate limits, the
signed session cookie.

A name is 2–24 characters (letters of any alphabet, digits, space, ``.``, ``_``, ``-``),
compared without regard to case; a password 8–256 characters, kept only as an argon2id hash.
A login is limited per name and per client address (token buckets); a wrong name and a wrong
password get the same answer, after the same work.  The session cookie is signed with the
server's secret key (kept in its database) and carries the account's id, its *generation* (a
password reset or a disabling raises it: every older cookie stops working) and the CSRF token.
"""

from __future__ import annotations

import math
import secrets
import threading
import time
import unicodedata
from collections.abc import Callable
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadData, TimestampSigner, URLSafeTimedSerializer

from ulti import i18n
from ulti.core.errors import UltiError
from ulti.server.guard import BucketsByAddress
from ulti.server.store import NameTaken, Store, User, name_key

#: The shortest and longest name and password (characters).
NAME_LEN = (2, 24)
PASSWORD_LEN = (8, 256)
#: Signs (besides letters and digits) a name may hold.
NAME_SIGNS = frozenset(" ._-")
#: The longest cookie value read (a session cookie is far shorter).
MAX_COOKIE = 1024

_HASHER = PasswordHasher()  # argon2id, the library's recommended parameters


class AccountError(UltiError):
    """A refusal about accounts: the catalogue's ``club.KEY`` (with ``fields``) and the HTTP
    status it is answered with; ``retry_after`` (seconds) when trying again later helps."""

    def __init__(
        self, key: str, status: int, retry_after: int | None = None, **fields: object
    ) -> None:
        self.key = key
        self.status = status
        self.fields = fields
        self.retry_after = retry_after
        super().__init__(self.message)

    @property
    def message(self) -> str:
        return i18n.text(f"club.{self.key}", "en", **self.fields)

    @property
    def message_hu(self) -> str:
        return i18n.text(f"club.{self.key}", "hu", **self.fields)

    def text(self, lang: str) -> str:
        return i18n.text(f"club.{self.key}", lang, **self.fields)


def clean(name: str) -> str:
    """A name as written, tidied: NFC, trimmed, inner runs of spaces as one space."""
    return " ".join(unicodedata.normalize("NFC", name).split())


def _name_char(ch: str, first: bool) -> bool:
    cat = unicodedata.category(ch)
    if cat[0] == "L" or cat == "Nd" or ch in NAME_SIGNS:
        return True
    # the combining marks some alphabets write letters with (never on their own)
    return cat in ("Mn", "Mc") and not first


def check_name(name: str) -> str:
    """The name, cleaned (:func:`clean`), if it may be an account's (AccountError 422 if
    not)."""
    cleaned = clean(name)
    if not NAME_LEN[0] <= len(cleaned) <= NAME_LEN[1]:
        raise AccountError("name-length", 422)
    if not all(_name_char(ch, i == 0) for i, ch in enumerate(cleaned)):
        raise AccountError("name-chars", 422)
    return cleaned


def check_password(password: str) -> None:
    """A password of 8–256 characters (AccountError 422 otherwise)."""
    if not PASSWORD_LEN[0] <= len(password) <= PASSWORD_LEN[1]:
        raise AccountError("password-length", 422)


def hash_password(password: str) -> str:
    """The argon2id hash of ``password`` (salted: two hashes of one password differ)."""
    return _HASHER.hash(password)


def verify_password(stored: str, password: str) -> bool:
    """Whether ``password`` is the one ``stored`` is a hash of (False for a broken hash)."""
    try:
        return _HASHER.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


def needs_rehash(stored: str) -> bool:
    """Whether ``stored`` was made with other parameters than today's."""
    try:
        return _HASHER.check_needs_rehash(stored)
    except (InvalidHashError, ValueError):
        return True


class Accounts:
    """The accounts of one server: registration, login, session cookies, the owner's
    commands.  ``clock`` (seconds, wall time) dates and checks the cookies; ``ticks`` (seconds,
    monotonic) fills the login buckets."""

    def __init__(
        self,
        store: Store,
        session_days: float = 30,
        login_rate: float = 0.2,
        login_burst: float = 5,
        clock: Callable[[], float] = time.time,
        ticks: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        self.session_days = session_days
        self.clock = clock
        self.by_name = BucketsByAddress(login_rate, login_burst, ticks)
        self.by_address = BucketsByAddress(login_rate, login_burst, ticks)
        self._buckets_lock = threading.Lock()  # logins may be checked in several threads
        #: checked when a name is unknown, so that the time taken says nothing
        self._dummy = hash_password(secrets.token_urlsafe(16))
        self._serializer: URLSafeTimedSerializer | None = None

    # -- registration and login -----------------------------------------------------------

    def register(self, name: str, password: str) -> User:
        """A new account (AccountError: 422 a bad name or password, 409 the name taken)."""
        cleaned = check_name(name)
        check_password(password)
        try:
            return self.store.add_user(cleaned, hash_password(password))
        except NameTaken:
            raise AccountError("name-taken", 409, name=cleaned) from None

    def login(self, name: str, password: str, address: str) -> User:
        """The account ``name`` if ``password`` is its own and it is enabled.  AccountError:
        429 too many tries of this name or from this address, 401 anything else wrong (an
        unknown name, a wrong password, a disabled account: one answer for all)."""
        cleaned = clean(name)[:64]
        wait = self._limit(name_key(cleaned), address)
        if wait is not None:
            raise AccountError("too-many-logins", 429, retry_after=wait, seconds=wait)
        user = self.store.user_by_name(cleaned) if cleaned else None
        if user is None:
            verify_password(self._dummy, password)
            raise AccountError("wrong-login", 401)
        stored = self.store.password_hash(user.id)
        if not verify_password(stored, password) or user.disabled:
            raise AccountError("wrong-login", 401)
        if needs_rehash(stored):
            self.store.rehash_password(user.id, hash_password(password))
        return user

    def _limit(self, key: str, address: str) -> int | None:
        """Take a try from the name's and the address's buckets: None when both allow it,
        else the seconds until they would."""
        waits = []
        with self._buckets_lock:
            for buckets, which in ((self.by_name, key), (self.by_address, address)):
                if not buckets.allow(which):
                    bucket = buckets.buckets[which]
                    waits.append((1 - bucket.tokens) / bucket.rate)
        return max(1, math.ceil(max(waits))) if waits else None

    # -- the session cookie ---------------------------------------------------------------

    def new_csrf(self) -> str:
        return secrets.token_urlsafe(24)

    def _signed(self) -> URLSafeTimedSerializer:
        if self._serializer is None:
            clock = self.clock

            class Signer(TimestampSigner):
                def get_timestamp(self) -> int:
                    return int(clock())

            self._serializer = URLSafeTimedSerializer(
                self.store.secret("session"), salt="ulti-session", signer=Signer
            )
        return self._serializer

    def issue(self, user: User, csrf: str) -> str:
        """The session cookie's value for ``user`` with the CSRF token ``csrf``."""
        value = self._signed().dumps({"u": user.id, "g": user.generation, "c": csrf})
        return str(value)

    def read(self, value: str | None) -> tuple[User, str] | None:
        """The account and CSRF token of a session cookie; None when it is not one this
        server signed, older than ``session_days``, of an older generation of its account,
        or of a disabled or deleted account."""
        if not value or len(value) > MAX_COOKIE:
            return None
        max_age = max(1, round(self.session_days * 86400))
        try:
            data: Any = self._signed().loads(value, max_age=max_age)
        except BadData:
            return None
        if not isinstance(data, dict):
            return None
        uid, generation, csrf = data.get("u"), data.get("g"), data.get("c")
        if not (
            isinstance(uid, int)
            and not isinstance(uid, bool)
            and isinstance(generation, int)
            and isinstance(csrf, str)
        ):
            return None
        user = self.store.user_by_id(uid)
        if user is None or user.disabled or user.generation != generation:
            return None
        return user, csrf

    # -- the owner's commands -------------------------------------------------------------

    def _named(self, name: str) -> User:
        user = self.store.user_by_name(clean(name))
        if user is None:
            raise AccountError("no-user", 404, name=clean(name))
        return user

    def reset(self, name: str, password: str) -> User:
        """A new password for ``name``: every session of the account ends."""
        user = self._named(name)
        check_password(password)
        self.store.set_password(user.id, hash_password(password))
        return self._fresh(user)

    def disable(self, name: str) -> User:
        """``name`` may no longer log in: every session of the account ends."""
        user = self._named(name)
        if not user.disabled:
            self.store.set_disabled(user.id, True)
        return self._fresh(user)

    def enable(self, name: str) -> User:
        """``name`` may log in again."""
        user = self._named(name)
        if user.disabled:
            self.store.set_disabled(user.id, False)
        return self._fresh(user)

    def _fresh(self, user: User) -> User:
        again = self.store.user_by_id(user.id)
        assert again is not None
        return again
