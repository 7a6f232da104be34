"""What the server refuses, and how much it takes from anyone: its settings and their limits.

Every limit is a :class:`ServerSettings` field with a safe default and an ``ulti serve``
option; each is checked for range when the server starts (a wrong setting is a clear error,
not a server that misbehaves later).  Here too are the small guards the app applies to every
input before it looks at it: bounded JSON, clean names, token buckets, connection counts and
a cap on HTTP bodies that holds before the body is read.
"""

from __future__ import annotations

import ipaddress
import json
import math
import re
import time
import unicodedata
from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, TypeVar

from starlette.requests import ClientDisconnect

from ulti.core.errors import UltiError
from ulti.players.base import Budget
from ulti.server.names import invisible

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
T = TypeVar("T")


class SettingsError(UltiError):
    """A server setting out of its range."""


def limit(default: T, lowest: float, highest: float) -> T:
    """A numeric setting's field: its default, and the range a value must lie in (checked
    when the settings are made; None, where it is the default, always passes)."""
    return field(default=default, metadata={"range": (lowest, highest)})


@dataclass(frozen=True)
class ServerSettings:
    """The limits of one server (see ``ulti serve --help``)."""

    #: websocket frames a second each connection may send, and the burst above it
    rate: float = limit(10.0, 0.1, 10_000)
    burst: float = limit(30.0, 1, 100_000)
    #: the largest websocket frame (bytes; larger ones close the connection before they are
    #: read whole) and HTTP request body (bytes; 413 before it is read whole)
    max_frame: int = limit(4096, 512, 1 << 20)
    max_body: int = limit(16384, 1024, 1 << 20)
    #: the deepest JSON nesting a frame or body may have
    max_depth: int = limit(6, 2, 64)
    #: seconds a new websocket has to say hello
    hello_timeout: float = limit(5.0, 0.5, 120)
    #: live websockets per client address, and in all: of every kind (a seat's, a
    #: spectator's, the lobby's list); spectators and the lobby have lower caps of their own
    max_per_address: int = limit(32, 1, 10_000)
    max_connections: int = limit(2000, 1, 100_000)
    #: the lobby's live lists (``/ws/lobby``) per client address, and in all
    lobby_per_address: int = limit(8, 1, 10_000)
    max_lobby: int = limit(500, 1, 100_000)
    #: spectators' websockets per client address, and in all
    watch_per_address: int = limit(16, 1, 10_000)
    max_watchers: int = limit(1000, 1, 100_000)
    #: HTTP connections one client address may hold open (until a websocket's upgrade, when
    #: the caps above take over); a proxy named in ``forwarded_allow_ips`` is not held to it
    #: (it speaks for many clients: it caps them itself, docs/CLUB.md)
    http_per_address: int = limit(64, 1, 100_000)
    #: seconds a request's line and headers may take to arrive (from the connection, or from
    #: the first byte of the next request on it), and then its body (408 past either); the
    #: most bytes of a request's line and headers held while they are unfinished (400 past)
    header_timeout: float = limit(10.0, 0.05, 600)
    body_timeout: float = limit(30.0, 0.05, 600)
    max_header: int = limit(16384, 1024, 1 << 20)
    #: the lobby: public tables a page lists, and the most it lists (the newest)
    lobby_page: int = limit(20, 1, 500)
    lobby_max: int = limit(500, 1, 100_000)
    #: seconds a public table that has never started (a seat still free) stays in the lobby;
    #: then it leaves the lobby and its free seats are no longer taken
    unstarted_table_ttl: float = limit(1800.0, 0.05, 30 * 86400)
    #: tables a client address may create: a token bucket of ``create_rate`` a second
    create_rate: float = limit(0.2, 0.001, 1000)
    create_burst: float = limit(10, 1, 10_000)
    #: puzzle rushes a client address may start (guests' too): a token bucket of
    #: ``rush_rate`` a second, and answers to puzzles a client address may send
    rush_rate: float = limit(0.05, 0.001, 1000)
    rush_burst: float = limit(6, 1, 10_000)
    puzzle_rate: float = limit(2.0, 0.01, 10_000)
    puzzle_burst: float = limit(60, 1, 100_000)
    #: the most a computer player may be given to think (``pimc:samples=N,ms=X``)
    max_bot_samples: int = limit(256, 1, 100_000)
    max_bot_ms: float = limit(2000, 1, 600_000)
    #: worker processes for computer players (None: cores - 1) and the seconds a decision may
    #: take before its worker is stopped and a fallback move is played
    bot_workers: int | None = limit(None, 1, 64)
    bot_deadline: float = limit(10.0, 0.05, 600)
    #: serve /docs, /redoc and /openapi.json
    api_docs: bool = False
    #: days a login lasts (the session cookie's life)
    session_days: float = limit(30, 0.001, 3650)
    #: logins tried of one name from one client address: a token bucket of ``login_rate`` a
    #: second with bursts of ``login_burst``; an address over all names, and a name from all
    #: addresses, have four times the burst (a browser that logged in to the name before is
    #: not held by the name's: see :class:`~ulti.server.accounts.Accounts`)
    login_rate: float = limit(0.2, 0.001, 1000)
    login_burst: float = limit(5, 1, 1000)
    #: accounts a client address may make: a token bucket of ``register_rate`` a second
    #: (five an hour) with bursts of ``register_burst``
    register_rate: float = limit(5 / 3600, 0.00001, 100)
    register_burst: float = limit(5, 1, 1000)
    #: chat messages a second each account may send (a guest: their seat, or their address
    #: when they watch), the burst above it, and the most characters a message may have (after
    #: trimming); a client address, over everyone who writes from it, has four times the rate
    #: and the burst.  Reconnecting changes none of these.
    chat_rate: float = limit(1.0, 0.01, 100)
    chat_burst: float = limit(5, 1, 1000)
    chat_max: int = limit(280, 10, 4000)
    #: the proxies whose ``X-Forwarded-For`` (and ``-Proto``) are believed: addresses and
    #: networks, comma separated (``127.0.0.1``, ``10.0.0.0/8``).  Empty (the default): no
    #: proxy is, and a client's address is the one its connection comes from.
    forwarded_allow_ips: str = ""
    #: notifications by e-mail (issue 30): the SMTP server (``smtp://user:password@host:port``,
    #: ``smtps://`` for TLS; empty: no e-mail) and the sender's address; the contact Web Push
    #: services are given with the server's VAPID key
    smtp: str = ""
    mail_from: str = "ulti@localhost"
    push_contact: str = "mailto:ulti@localhost"
    #: the Web Push services a browser's subscription may name (host names, or their last
    #: parts): the browsers' own; a subscription elsewhere is refused, so that no account
    #: makes the server send requests where it likes
    push_hosts: str = (
        "fcm.googleapis.com,updates.push.services.mozilla.com,push.services.mozilla.com,"
        "notify.windows.com,push.apple.com"
    )
    #: the server's address as people reach it (``https://ulti.example``), for the links of
    #: its e-mails (empty: the links are paths)
    site_url: str = ""
    #: the analysis of a finished deal (the replay page): the seat's view per decision
    #: (sampled deals and milliseconds), the seconds one analysis may take in a computer
    #: players' worker, how many run at once, and how many finished ones are kept
    analysis_samples: int = limit(12, 1, 1000)
    analysis_ms: float = limit(120.0, 1, 60_000)
    analysis_deadline: float = limit(120.0, 1, 600)
    max_analyses: int = limit(2, 1, 64)
    analysis_cache: int = limit(256, 1, 100_000)
    #: teaching mode (a warning before a losing card): the sampled deals and milliseconds
    teach_samples: int = limit(24, 1, 1000)
    teach_ms: float = limit(300.0, 1, 10_000)
    #: a hint (what the computer would do, at a table that is not rated nor an event's): the
    #: sampled deals and milliseconds of its one decision
    hint_samples: int = limit(24, 1, 1000)
    hint_ms: float = limit(1000.0, 1, 10_000)
    #: worker processes for analyses and teaching questions, apart from the computer players'
    #: (whose decisions never wait behind them), and how many of these a client address may
    #: have waiting or under way at once (past it: refused, in both languages)
    job_workers: int = limit(1, 1, 64)
    #: the job workers' niceness: below the computer players' workers (10), so that on a busy
    #: machine analyses wait and decisions do not
    job_nice: int = limit(15, 0, 19)
    jobs_per_client: int = limit(4, 1, 1000)
    #: new analyses (not those kept or under way) a client address may ask for: a token
    #: bucket of ``analysis_rate`` a second with bursts of ``analysis_burst``
    analysis_rate: float = limit(1 / 30, 0.0001, 1000)
    analysis_burst: float = limit(12, 1, 10_000)
    #: seconds a person keeps a seat they took while no connection of theirs is open (a
    #: table's ``bot_after`` may make it longer), and seconds a decision waits for its person:
    #: past either, a computer player takes the seat for the rest of the session, a forfeit
    #: (:mod:`ulti.server.tables.seats`)
    reconnect_window: float = limit(120.0, 0.01, 86_400)
    turn_limit: float = limit(300.0, 0.01, 86_400)
    #: tests and reproducible demonstrations only: the tables' secret seeds are drawn in turn
    #: from a generator seeded with this number instead of the system's secret source (D2).
    #: Anyone who knows the number can foresee every deal, so a server people play on leaves
    #: it None (``ulti serve`` has no option for it).
    table_seeds: int | None = None

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if "range" not in f.metadata or value is None:
                continue
            lo, hi = f.metadata["range"]
            if (
                isinstance(value, bool)
                or not isinstance(value, int | float)
                or not math.isfinite(value)
                or not lo <= value <= hi
            ):
                raise SettingsError(
                    f"{f.name.replace('_', '-')}: between {lo:g} and {hi:g}, not {value!r}"
                )
        proxies(self.forwarded_allow_ips)
        if self.smtp and not re.match(r"smtps?://[^/\s]+", self.smtp):
            raise SettingsError(f"smtp: smtp://host:port or smtps://host:port, not {self.smtp!r}")

    @property
    def trusted_proxies(self) -> list[str]:
        """The proxies whose forwarded headers are believed (:func:`proxies`)."""
        return proxies(self.forwarded_allow_ips)

    @property
    def limit_concurrency(self) -> int:
        """The connections (HTTP and websockets) past which uvicorn answers every request
        503: room for HTTP above the websockets' cap."""
        return self.max_connections + HTTP_ROOM

    def check_budget(self, spec: str) -> None:
        """A computer player's budget (``name:budget``) within this server's caps (ValueError
        otherwise); the game's table checks the name (``check_bot`` of
        :class:`~ulti.server.tables.GameTable`)."""
        _, _, budget_text = spec.partition(":")
        budget = Budget.parse(budget_text) if budget_text else Budget()
        if budget.samples is not None and budget.samples > self.max_bot_samples:
            raise ValueError(
                f"budget: samples={budget.samples} is above this server's cap of "
                f"{self.max_bot_samples}"
            )
        if budget.ms is not None and budget.ms > self.max_bot_ms:
            raise ValueError(
                f"budget: ms={budget.ms:g} is above this server's cap of {self.max_bot_ms:g}"
            )


#: HTTP connections the server keeps room for above its websockets' cap
HTTP_ROOM = 100


def proxies(text: str) -> list[str]:
    """The addresses and networks of ``forwarded_allow_ips``, each checked (SettingsError: one
    that is neither, or ``*``: a server behind a proxy names it)."""
    out = []
    for part in text.split(","):
        entry = part.strip()
        if not entry:
            continue
        try:
            if "/" in entry:
                ipaddress.ip_network(entry, strict=False)
            else:
                ipaddress.ip_address(entry)
        except ValueError:
            raise SettingsError(
                f"forwarded-allow-ips: {entry!r} is not an address or a network "
                "(name each proxy, e.g. 127.0.0.1 or 10.0.0.0/8)"
            ) from None
        out.append(entry)
    return out


class Proxies:
    """The networks of ``forwarded_allow_ips`` (:func:`proxies`): whether a peer is one."""

    def __init__(self, entries: list[str]) -> None:
        self.networks = [ipaddress.ip_network(e, strict=False) for e in entries]

    def __contains__(self, host: object) -> bool:
        try:
            ip = ipaddress.ip_address(str(host))
        except ValueError:
            return False
        if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
            ip = ip.ipv4_mapped
        return any(ip in net for net in self.networks)


# -- inputs -------------------------------------------------------------------------------


class BadInput(UltiError):
    """An input the server does not read further (the message says why, for people)."""


def json_depth_ok(text: str, max_depth: int) -> bool:
    """Whether the nesting of ``text``'s arrays and objects stays within ``max_depth``
    (checked before parsing: a deep document is refused without building it)."""
    depth = 0
    in_string = False
    escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > max_depth:
                return False
        elif ch in "]}":
            depth -= 1
    return True


def _no_constant(name: str) -> Any:
    raise BadInput(f"{name} is not a JSON number")


def loads(data: str | bytes, max_depth: int) -> Any:
    """JSON, strictly: UTF-8, at most ``max_depth`` deep, no NaN or Infinity, no integer of
    more than 100 digits; anything else is :class:`BadInput`."""
    if isinstance(data, bytes | bytearray):
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError:
            raise BadInput("not UTF-8") from None
    if not json_depth_ok(data, max_depth):
        raise BadInput(f"nested deeper than {max_depth}")

    def small_int(text: str) -> int:
        if len(text) > 100:
            raise BadInput("a number too long")
        return int(text)

    try:
        return json.loads(data, parse_constant=_no_constant, parse_int=small_int)
    except BadInput:
        raise
    except (ValueError, RecursionError):
        raise BadInput("not JSON") from None


#: characters a name may not carry: controls, format characters (bidi overrides, zero-width
#: joiners and marks), surrogates, private use and unassigned code points
_STRIP = {"Cc", "Cf", "Cs", "Co", "Cn"}


def clean_name(text: str, max_len: int = 24) -> str:
    """A player's name as shown to everyone: normalised (NFC), without control, bidi or other
    invisible characters (fillers too), spaces collapsed, at most ``max_len`` characters.
    Empty: BadInput."""
    text = unicodedata.normalize("NFC", text)
    text = "".join(
        " " if ch.isspace() else ch
        for ch in text
        if ch.isspace() or (unicodedata.category(ch) not in _STRIP and not invisible(ch))
    )
    text = " ".join(text.split())[:max_len].strip()
    if not text:
        raise BadInput("a name needs a letter or a sign that shows")
    return text


# -- rates and counts ---------------------------------------------------------------------


@dataclass
class RateLimit:
    """A token bucket: ``rate`` messages a second, bursts of ``burst`` (``clock``: seconds,
    monotonic; a test may give its own)."""

    rate: float = 10.0
    burst: float = 30.0
    tokens: float = 30.0
    clock: Callable[[], float] = time.monotonic
    last: float = -1.0

    def __post_init__(self) -> None:
        if self.last < 0:
            self.last = self.clock()

    def refill(self) -> None:
        """The tokens the time since the last look has brought."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now

    def allow(self) -> bool:
        self.refill()
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class BucketsByAddress:
    """A token bucket per key (a client address: creations of tables; a name, an account);
    forgets idle keys."""

    def __init__(
        self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.buckets: dict[str, RateLimit] = {}

    def allow(self, address: str) -> bool:
        return self.bucket(address).allow()

    def bucket(self, key: str) -> RateLimit:
        """The bucket of ``key`` (a full one for a key not seen lately)."""
        if len(self.buckets) > 10_000:  # drop the full (idle) buckets
            now = self.clock()
            self.buckets = {
                a: b
                for a, b in self.buckets.items()
                if b.tokens + (now - b.last) * b.rate < b.burst
            }
        b = self.buckets.get(key)
        if b is None:
            b = self.buckets[key] = RateLimit(self.rate, self.burst, self.burst, self.clock)
        return b


def take_all(buckets: list[RateLimit]) -> float | None:
    """A token from each of ``buckets`` if every one has one (None), else none is taken and
    the answer is the seconds until the emptiest would have one."""
    waits = []
    for b in buckets:
        b.refill()
        if b.tokens < 1:
            waits.append((1 - b.tokens) / b.rate)
    if waits:
        return max(waits)
    for b in buckets:
        b.tokens -= 1
    return None


@dataclass
class SharedAllowance:
    """What one connection may send (chat): a token from the bucket of each of its keys, which
    it shares with every other connection of the same author or address (reconnecting gets no
    fresh one)."""

    keys: list[tuple[BucketsByAddress, str]]

    def allow(self) -> bool:
        return take_all([buckets.bucket(key) for buckets, key in self.keys]) is None


class ConnectionCounts:
    """Live connections per client address and in all, with caps; ``kind`` names them in a
    refusal (the lobby's lists, spectators; none: connections of every kind)."""

    def __init__(self, per_address: int, total: int, kind: str | None = None) -> None:
        self.per_address = per_address
        self.total_cap = total
        self.by_address: dict[str, int] = {}
        self.total = 0
        self.words = f"busy-{kind}" if kind else "busy"

    def enter(self, address: str) -> str | None:
        """Count a new connection, or say why it is refused (and count nothing): the key of
        the catalogue's words for it (``error.busy-server``, ``error.busy-address``; of a
        kind: ``error.busy-lobby-server`` …)."""
        if self.total >= self.total_cap:
            return f"{self.words}-server"
        if self.by_address.get(address, 0) >= self.per_address:
            return f"{self.words}-address"
        self.by_address[address] = self.by_address.get(address, 0) + 1
        self.total += 1
        return None

    def leave(self, address: str) -> None:
        n = self.by_address.get(address, 0) - 1
        if n > 0:
            self.by_address[address] = n
        else:
            self.by_address.pop(address, None)
        self.total = max(0, self.total - 1)


def enter_all(counts: Sequence[ConnectionCounts], address: str) -> str | None:
    """Count a new connection in each of ``counts`` (each kind it is), or in none of them and
    say why it is refused (:meth:`ConnectionCounts.enter`: the first that is full)."""
    for i, c in enumerate(counts):
        why = c.enter(address)
        if why is not None:
            for entered in counts[:i]:
                entered.leave(address)
            return why
    return None


def leave_all(counts: Sequence[ConnectionCounts], address: str) -> None:
    for c in counts:
        c.leave(address)


class BodyLimit:
    """ASGI middleware: an HTTP request that announces a body larger than ``limit`` bytes
    (Content-Length) is answered 413 before anything is read.  A body sent without a length
    is read by :func:`read_body`, which stops at the limit."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            for name, value in scope.get("headers", []):
                if name == b"content-length":
                    try:
                        too_big = int(value) > self.limit
                    except ValueError:
                        too_big = True
                    if too_big:
                        await too_large(send, self.limit)
                        return
        await self.app(scope, receive, send)


class BodyTooLarge(BadInput):
    pass


async def read_body(stream: Any, limit: int) -> bytes:
    """A request body, at most ``limit`` bytes (BodyTooLarge as soon as it passes them;
    BadInput when the client went before it came whole)."""
    chunks: list[bytes] = []
    seen = 0
    try:
        async for chunk in stream:
            seen += len(chunk)
            if seen > limit:
                raise BodyTooLarge(f"the request body is larger than {limit} bytes")
            chunks.append(chunk)
    except ClientDisconnect:  # gone, or too slow (closed at its deadline: ulti.server.transport)
        raise BadInput("the request body did not come whole") from None
    return b"".join(chunks)


async def too_large(send: Send, limit: int) -> None:
    body = json.dumps({"detail": f"the request body is larger than {limit} bytes"}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


# -- what every answer says to the browser ------------------------------------------------

#: The Content Security Policy of every answer: the site's own scripts (files of
#: ``static/``, never inline), styles, images and connections (its websockets too); no
#: plugins, no ``<base>``, forms posted to the site only, no page of any site may frame it.
CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

#: The headers every HTTP answer carries (pages, the API, static files, refusals)
SECURITY_HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
]
_SECURITY_NAMES = {name for name, _ in SECURITY_HEADERS}


class SecurityHeaders:
    """ASGI middleware: :data:`SECURITY_HEADERS` on every HTTP answer (in place of any the
    answer set itself)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                kept = [
                    (name, value)
                    for name, value in message.get("headers", [])
                    if bytes(name).lower() not in _SECURITY_NAMES
                ]
                message = {**message, "headers": [*kept, *SECURITY_HEADERS]}
            await send(message)

        await self.app(scope, receive, send_with_headers)
