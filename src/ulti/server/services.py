"""What the server's doors share: one :class:`Services` per app (its settings, store, live
tables, accounts, club and counters), kept on ``app.state.services`` and handed to every
route through a FastAPI dependency (``svc: Svc``); and the small lookups several doors make
(a live table, a request's address, its Bearer token, a seat's link)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request
from starlette.requests import HTTPConnection

from ulti.server.accounts import Accounts
from ulti.server.club import Club
from ulti.server.guard import BucketsByAddress, ConnectionCounts, ServerSettings
from ulti.server.refusals import Refused
from ulti.server.store import Store
from ulti.server.tables import Table, TableError, Tables


@dataclass(frozen=True)
class Services:
    """The shared state of one server."""

    settings: ServerSettings
    store: Store
    tables: Tables
    accounts: Accounts
    club: Club
    #: live websockets, per address and in all
    connections: ConnectionCounts
    #: tables created, per address
    creations: BucketsByAddress

    @classmethod
    def open(cls, db_url: str, settings: ServerSettings) -> Services:
        """The services of a new server on the store at ``db_url``."""
        store = Store(db_url)
        tables = Tables(store, settings)
        accounts = Accounts(store, settings.session_days, settings.login_rate, settings.login_burst)
        return cls(
            settings=settings,
            store=store,
            tables=tables,
            accounts=accounts,
            club=Club(tables, accounts, settings),
            connections=ConnectionCounts(settings.max_per_address, settings.max_connections),
            creations=BucketsByAddress(settings.create_rate, settings.create_burst),
        )


async def services(conn: HTTPConnection) -> Services:
    """The services of the app a request or websocket came to (a coroutine: it runs on the
    event loop, never in a worker thread)."""
    svc: Services = conn.app.state.services
    return svc


#: a route's parameter for the services: ``svc: Svc``
Svc = Annotated[Services, Depends(services)]


def address(conn: HTTPConnection, unknown: str = "?") -> str:
    """The client's address (``unknown`` when the server does not know it)."""
    return conn.client.host if conn.client is not None else unknown


def live_table(svc: Services, table_id: str) -> Table:
    """A live table, or a 404 refusal in its words."""
    try:
        return svc.tables.get(table_id)
    except TableError as exc:
        raise Refused.because(exc, 404) from None


def bearer_token(req: Request) -> str:
    """The token of an ``Authorization: Bearer T`` header ("" when none came)."""
    header = req.headers.get("authorization", "")
    return header[7:].strip() if header[:7].lower() == "bearer " else ""


def seat_link(req: Request, table_id: str, seat: int, token: str) -> str:
    """The invite link of a seat (seat and token in the fragment, which browsers do not
    send to servers)."""
    base = str(req.base_url).rstrip("/")
    return f"{base}/t/{table_id}#seat={seat}&token={token}"
