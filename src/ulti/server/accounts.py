"""Accounts of the club (docs/CLUB.md): names and passwords, registrations and logins and their
limits, the logged-in sessions the server keeps, the device cookie.

A name is 2–24 characters (letters of any alphabet, digits, space, ``.``, ``_``, ``-``), with
nothing invisible and no mix of alphabets, compared without regard to case and by what it
looks like (:mod:`ulti.server.names`: a name a reader could take for an account's is that
account's; a guest may not sit or chat under it either); a password 8–256 characters, kept
only as an argon2id hash.  A client address makes ``register_burst`` accounts at once, then
``register_rate`` a second.

Logins are limited (token buckets of ``login_rate`` a second) so that nobody can lock an
owner out: one name from one address has ``login_burst`` tries; one address over all names,
and one name from all addresses, four times as many.  The name's own bucket (many addresses
guessing one password) does not hold a browser that has the name's *device cookie*: a signed
note, set at every login, that this browser logged in to that account (and its generation:
a password reset or a disabling voids it).  Whoever tries another's name spends their own
allowances; the owner, from a browser they logged in with before, is never held by theirs.  A
wrong name and a wrong password get the same answer, after the same work.

The session cookie is a random token naming a row of the store's sessions (only its hash is
kept), with the session's CSRF token: logging out deletes it, a password reset or a
disabling deletes every session of the account, all at once; a session lasts
``session_days``, and an account keeps its newest :data:`MAX_SESSIONS`.

An account may hold *roles* (:data:`ROLES`), granted and revoked by the server's owner
(``ulti user grant NAME ROLE``): an ``organiser`` creates the club's events (issue 30).  The
doors only some accounts may use check them (:meth:`ulti.server.club.Club.require_role`).
"""

from __future__ import annotations

import math
import secrets
import threading
import time
import unicodedata
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any, NamedTuple

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadData, TimestampSigner, URLSafeTimedSerializer

from ulti import i18n
from ulti.core.errors import UltiError
from ulti.server.guard import BucketsByAddress, RateLimit, take_all
from ulti.server.names import spoofing
from ulti.server.store import NameTaken, Store, User, hash_token, name_key

#: The shortest and longest name and password (characters).
NAME_LEN = (2, 24)
PASSWORD_LEN = (8, 256)
#: Signs (besides letters and digits) a name may hold.
NAME_SIGNS = frozenset(" ._-")
#: The longest cookie value read (a session cookie is far shorter).
MAX_COOKIE = 1024
#: How many times a name's tries from one address an address has over all names, and a name
#: from all addresses.
ADDRESS_FACTOR = 4
NAME_FACTOR = 4
#: The sessions an account keeps (the oldest goes when a new one would be one more).
MAX_SESSIONS = 32
#: Days a device cookie says a browser logged in to its account.
DEVICE_DAYS = 365
#: The roles an account may hold, each named in the catalogue (``club.role-ROLE``): an
#: organiser creates the club's events (issue 30).
ROLES = ("organiser",)
#: Who a role granted from the command line was granted by (the store keeps it).
OWNER = "owner"

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
    """The name, cleaned (:func:`clean`), if it may be an account's or a guest's (AccountError
    422 if not: its length, a character no name holds, an invisible one, mixed alphabets)."""
    cleaned = clean(name)
    if not NAME_LEN[0] <= len(cleaned) <= NAME_LEN[1]:
        raise AccountError("name-length", 422)
    if not all(_name_char(ch, i == 0) for i, ch in enumerate(cleaned)):
        raise AccountError("name-chars", 422)
    why = spoofing(cleaned)
    if why is not None:
        raise AccountError(f"name-{why}", 422)
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


def role_name(role: str, lang: str) -> str:
    """A role's name in ``lang`` (``organiser``: "organiser", "szervező")."""
    return i18n.text(f"club.role-{role}", lang)


def check_role(role: str) -> str:
    """The role (one of :data:`ROLES`) that ``role`` names: the role itself or its name in
    either language, case and spaces aside (AccountError 422 ``no-role`` otherwise)."""
    wanted = clean(role).casefold()
    for known in ROLES:
        if wanted in {known, *(role_name(known, lang).casefold() for lang in i18n.LANGS)}:
            return known
    raise AccountError("no-role", 422, role=clean(role), roles=", ".join(ROLES))


class RoleChange(NamedTuple):
    """What granting or revoking a role did: the account, the role, and whether anything
    changed (False: the account held the role already, or did not hold it)."""

    user: User
    role: str
    changed: bool


class Accounts:
    """The accounts of one server: registration, login, sessions, the owner's commands.
    ``clock`` (seconds, wall time) dates the sessions and device cookies; ``ticks`` (seconds,
    monotonic) fills the buckets of logins and registrations."""

    def __init__(
        self,
        store: Store,
        session_days: float = 30,
        login_rate: float = 0.2,
        login_burst: float = 5,
        clock: Callable[[], float] = time.time,
        ticks: Callable[[], float] = time.monotonic,
        register_rate: float = 5 / 3600,
        register_burst: float = 5,
    ) -> None:
        self.store = store
        self.session_days = session_days
        self.clock = clock
        #: login tries: a name from an address, an address, a name (see the module)
        self.by_pair = BucketsByAddress(login_rate, login_burst, ticks)
        self.by_address = BucketsByAddress(
            login_rate * ADDRESS_FACTOR, login_burst * ADDRESS_FACTOR, ticks
        )
        self.by_name = BucketsByAddress(login_rate, login_burst * NAME_FACTOR, ticks)
        self.registrations = BucketsByAddress(register_rate, register_burst, ticks)
        self._buckets_lock = threading.Lock()  # logins may be checked in several threads
        #: checked when a name is unknown, so that the time taken says nothing
        self._dummy = hash_password(secrets.token_urlsafe(16))
        self._serializer: URLSafeTimedSerializer | None = None

    # -- registration and names -----------------------------------------------------------

    def register(self, name: str, password: str, address: str | None = None) -> User:
        """A new account (AccountError: 422 a bad name or password, 409 the name taken or
        one like an account's, 429 too many from ``address``; the owner's ``ulti user add``
        gives no address and is not limited)."""
        cleaned = check_name(name)
        check_password(password)
        self.check_free(cleaned)
        if address is not None:
            self._take("too-many-registrations", [self.registrations.bucket(address)])
        try:
            return self.store.add_user(cleaned, hash_password(password))
        except NameTaken:
            raise AccountError("name-taken", 409, name=cleaned) from None

    def check_free(self, name: str) -> None:
        """Nothing when no account's name is ``name`` or looks like it; AccountError 409
        otherwise (``name-taken``, ``name-like``)."""
        owner = self.store.name_owner(name)
        if owner is None:
            return
        if name_key(owner.name) == name_key(name):
            raise AccountError("name-taken", 409, name=name)
        raise AccountError("name-like", 409, name=name, other=owner.name)

    def guest_name(self, name: str, by: User | None = None) -> str:
        """``name`` if a guest may sit or chat under it: no account's name is it or looks
        like it, but ``by``'s own (a creator naming a seat after themself) (AccountError 409
        ``name-of-account`` otherwise)."""
        owner = self.store.name_owner(name)
        if owner is not None and (by is None or owner.id != by.id):
            raise AccountError("name-of-account", 409, name=name, other=owner.name)
        return name

    # -- logins ---------------------------------------------------------------------------

    def login(self, name: str, password: str, address: str, device: str | None = None) -> User:
        """The account ``name`` if ``password`` is its own and it is enabled (``device``: the
        browser's device cookie, if it sent one).  AccountError: 429 too many tries (of this
        name from this address, from this address, or of this name from anywhere to a
        browser without its device cookie), 401 anything else wrong (an unknown name, a
        wrong password, a disabled account: one answer for all)."""
        cleaned = clean(name)[:64]
        user = self.store.user_by_name(cleaned) if cleaned else None
        known = user is not None and self._device_of(device) == (user.id, user.generation)
        self._limit(name_key(cleaned), address, known)
        if user is None:
            verify_password(self._dummy, password)
            raise AccountError("wrong-login", 401)
        stored = self.store.password_hash(user.id)
        if not verify_password(stored, password) or user.disabled:
            raise AccountError("wrong-login", 401)
        if needs_rehash(stored):
            self.store.rehash_password(user.id, hash_password(password))
        return user

    def _limit(self, key: str, address: str, known: bool) -> None:
        """Take a try from the buckets of the name from this address and of the address, and,
        for a browser not known to the account, of the name (AccountError 429 if one is
        dry: none is taken from)."""
        pair = self.by_pair.bucket(f"{address} {key}")
        self._take("too-many-logins", [pair, self.by_address.bucket(address)])
        if not known:
            self._take("too-many-name-logins", [self.by_name.bucket(key)])

    def _take(self, refusal: str, buckets: list[RateLimit]) -> None:
        """A token from each bucket, or AccountError 429 ``refusal`` (with the seconds to
        wait) and none taken."""
        with self._buckets_lock:
            wait = take_all(buckets)
        if wait is not None:
            seconds = max(1, math.ceil(wait))
            raise AccountError(refusal, 429, retry_after=seconds, seconds=seconds)

    # -- the device cookie ----------------------------------------------------------------

    def _signed(self) -> URLSafeTimedSerializer:
        if self._serializer is None:
            clock = self.clock

            class Signer(TimestampSigner):
                def get_timestamp(self) -> int:
                    return int(clock())

            self._serializer = URLSafeTimedSerializer(
                self.store.secret("session"), salt="ulti-device", signer=Signer
            )
        return self._serializer

    def device_cookie(self, user: User) -> str:
        """The device cookie's value for a browser that has just logged in to ``user``."""
        return str(self._signed().dumps({"u": user.id, "g": user.generation}))

    def _device_of(self, value: str | None) -> tuple[int, int] | None:
        """The account and generation a device cookie names (None: none, or not one this
        server signed in the last :data:`DEVICE_DAYS`)."""
        if not value or len(value) > MAX_COOKIE:
            return None
        try:
            data: Any = self._signed().loads(value, max_age=DEVICE_DAYS * 86400)
        except BadData:
            return None
        if not isinstance(data, dict):
            return None
        uid, generation = data.get("u"), data.get("g")
        if type(uid) is not int or type(generation) is not int:
            return None
        return uid, generation

    # -- sessions -------------------------------------------------------------------------

    def new_csrf(self) -> str:
        return secrets.token_urlsafe(24)

    def _now(self) -> datetime:
        return datetime.fromtimestamp(self.clock(), UTC)

    def issue(self, user: User, csrf: str) -> str:
        """A new session of ``user`` with the CSRF token ``csrf``: the session cookie's
        value."""
        token = secrets.token_urlsafe(32)
        now = self._now()
        expires = now + timedelta(days=self.session_days)
        self.store.add_session(user.id, hash_token(token), csrf, now, expires, MAX_SESSIONS)
        return token

    def read(self, value: str | None) -> tuple[User, str] | None:
        """The account and CSRF token of a session cookie; None when it names no session
        (never made, ended, older than ``session_days``) or its account is disabled."""
        if not value or len(value) > MAX_COOKIE:
            return None
        return self.store.session(hash_token(value), self._now())

    def end(self, value: str | None) -> None:
        """The session a cookie names ends (logging out)."""
        if value and len(value) <= MAX_COOKIE:
            self.store.end_session(hash_token(value))

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

    def grant(self, name: str, role: str, by: str | None = OWNER) -> RoleChange:
        """``name`` holds ``role`` from now on (``by``: who granted it, kept with it); an
        account that holds it already stays as it is (``changed`` False).  AccountError: 422
        an unknown role, 404 an unknown account (nothing changes)."""
        known = check_role(role)
        user = self._named(name)
        return RoleChange(user, known, self.store.grant(user.id, known, by))

    def revoke(self, name: str, role: str) -> RoleChange:
        """``name`` no longer holds ``role``; an account that does not hold it stays as it is
        (``changed`` False).  AccountError: 422 an unknown role, 404 an unknown account."""
        known = check_role(role)
        user = self._named(name)
        return RoleChange(user, known, self.store.revoke(user.id, known))

    def has_role(self, user: User, role: str) -> bool:
        """Whether ``user`` holds ``role`` (a role not in :data:`ROLES` is the code's mistake,
        not a person's: ValueError)."""
        if role not in ROLES:
            raise ValueError(f"unknown role {role!r}; roles: {', '.join(ROLES)}")
        return role in self.store.roles_of(user.id)

    def roles_of(self, user: User) -> list[str]:
        """The roles ``user`` holds, sorted."""
        return self.store.roles_of(user.id)

    def _fresh(self, user: User) -> User:
        again = self.store.user_by_id(user.id)
        assert again is not None
        return again
