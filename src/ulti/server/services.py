"""What the server's doors share: one :class:`Services` per app (its settings, store, live
tables, accounts, club and counters), kept on ``app.state.services`` and handed to every
route through a FastAPI dependency (``svc: Svc``); and the small lookups several doors make
(a live table, a request's client address, its Bearer token, a seat's link)."""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request
from starlette.requests import HTTPConnection

from ulti.server.accounts import Accounts
from ulti.server.club import Club
from ulti.server.events.service import Events
from ulti.server.guard import (
    BucketsByAddress,
    ConnectionCounts,
    ServerSettings,
    SharedAllowance,
)
from ulti.server.notify.service import Notifier
from ulti.server.puzzles.service import Puzzles
from ulti.server.refusals import Refused
from ulti.server.store import Store
from ulti.server.tables import Table, TableError, Tables


@dataclass(frozen=True)
class Services:
    """The shared state of one server."""

    settings: ServerSettings
    store: Store
    tables: Tables
    #: people's events (issue 30)
    events: Events
    #: notices: the bell, Web Push, e-mail (issue 30)
    notifier: Notifier
    accounts: Accounts
    club: Club
    #: puzzles, ratings of solvers and puzzles, rushes (issue 31)
    puzzles: Puzzles
    #: live websockets of every kind, per address and in all; and of two kinds again, with
    #: lower caps: the lobby's lists, spectators
    connections: ConnectionCounts
    lobby_sockets: ConnectionCounts
    watchers: ConnectionCounts
    #: tables created, per address
    creations: BucketsByAddress
    #: chat messages, per author (an account; a guest's seat, or address when watching) and
    #: per address (four times as many: everyone who writes from it)
    chat_by_author: BucketsByAddress
    chat_by_address: BucketsByAddress
    #: puzzle rushes started and puzzle requests (shown, answered), per address
    rushes: BucketsByAddress
    puzzle_requests: BucketsByAddress

    @classmethod
    def open(cls, db_url: str, settings: ServerSettings) -> Services:
        """The services of a new server on the store at ``db_url``."""
        store = Store(db_url)
        tables = Tables(store, settings)
        notifier = Notifier(tables, settings)
        accounts = Accounts(
            store,
            settings.session_days,
            settings.login_rate,
            settings.login_burst,
            register_rate=settings.register_rate,
            register_burst=settings.register_burst,
        )
        chat_rate, chat_burst = settings.chat_rate, settings.chat_burst
        return cls(
            settings=settings,
            store=store,
            tables=tables,
            events=Events(tables, notifier),
            notifier=notifier,
            accounts=accounts,
            club=Club(tables, accounts, settings),
            puzzles=Puzzles(store),
            connections=ConnectionCounts(settings.max_per_address, settings.max_connections),
            lobby_sockets=ConnectionCounts(settings.lobby_per_address, settings.max_lobby, "lobby"),
            watchers=ConnectionCounts(settings.watch_per_address, settings.max_watchers, "watch"),
            creations=BucketsByAddress(settings.create_rate, settings.create_burst),
            chat_by_author=BucketsByAddress(chat_rate, chat_burst),
            chat_by_address=BucketsByAddress(4 * chat_rate, 4 * chat_burst),
            rushes=BucketsByAddress(settings.rush_rate, settings.rush_burst),
            puzzle_requests=BucketsByAddress(settings.puzzle_rate, settings.puzzle_burst),
        )

    def chat_allowance(self, author: str, address: str) -> SharedAllowance:
        """What a connection may say: the buckets of its author and address, shared with
        every other connection of theirs."""
        return SharedAllowance([(self.chat_by_author, author), (self.chat_by_address, address)])

    def address_tag(self, address: str) -> str:
        """A keyed hash of a client address (the store keeps it with a chat message, never
        the address itself): the same for the same address, telling nothing of it."""
        key = self.store.secret("address-tag")
        return hmac.new(key, address.encode(), hashlib.sha256).hexdigest()[:32]


async def services(conn: HTTPConnection) -> Services:
    """The services of the app a request or websocket came to (a coroutine: it runs on the
    event loop, never in a worker thread)."""
    svc: Services = conn.app.state.services
    return svc


#: a route's parameter for the services: ``svc: Svc``
Svc = Annotated[Services, Depends(services)]


def address(conn: HTTPConnection, unknown: str = "?") -> str:
    """The client a request or websocket counts as, for every per-address limit (logins,
    registrations, tables, connections, chat): the address its connection comes from, or —
    from a proxy named in ``forwarded_allow_ips`` — the one that proxy says it forwards
    (``X-Forwarded-For``; the app's ProxyHeadersMiddleware has put it in place).  An IPv6
    client counts as its /64 network (one subscriber's); an IPv4 one mapped into IPv6 as
    itself; ``unknown`` when the server does not know it."""
    if conn.client is None or not conn.client.host:
        return unknown
    return client_key(conn.client.host)


def client_key(host: str) -> str:
    """The key a client address is counted by (:func:`address`)."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host[:64]  # not an address (a Unix socket's peer): as it is
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def live_table(svc: Services, table_id: str) -> Table:
    """A live table, or a 404 refusal in its words."""
    try:
        return svc.tables.get(table_id)
    except TableError as exc:
        raise Refused.because(exc, 404) from None


def sits_at(svc: Services, t: Table, req: Request) -> bool:
    """Whether a request comes from one of the table's players: a seat's token in its
    ``Authorization: Bearer`` header, or the logged-in account of one of its seats."""
    user = svc.club.user(req)
    if user is not None and any(s.get("user") == user.id for s in t.stored.seats):
        return True
    try:
        t.seat_of_token(bearer_token(req))
    except TableError:
        return False
    return True


def shown_table(svc: Services, table_id: str, req: Request) -> Table:
    """A live table as this request may see it: a public one, or a private one to its
    players (:func:`sits_at`); to anyone else a private table is a 404, as if it did not
    exist."""
    t = live_table(svc, table_id)
    if not t.stored.public and not sits_at(svc, t, req):
        raise Refused.of(404, "no-table")
    return t


def bearer_token(req: Request) -> str:
    """The token of an ``Authorization: Bearer T`` header ("" when none came)."""
    header = req.headers.get("authorization", "")
    return header[7:].strip() if header[:7].lower() == "bearer " else ""


def seat_link(req: Request, table_id: str, seat: int, token: str) -> str:
    """The invite link of a seat (seat and token in the fragment, which browsers do not
    send to servers)."""
    base = str(req.base_url).rstrip("/")
    return f"{base}/t/{table_id}#seat={seat}&token={token}"
