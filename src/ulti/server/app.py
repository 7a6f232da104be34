"""``ulti serve``: a web table for friends and computer players (FastAPI, websockets, uvicorn).

This module builds the app and runs it: :func:`create_app` puts the shared state
(:class:`~ulti.server.services.Services`: settings, store, live tables, accounts, club,
counters) on ``app.state``, and includes the doors: the HTTP routers of
:mod:`ulti.server.routes` (pages, tables, records, accounts, seats, ratings; the list of URLs
is there) and the websockets of :mod:`ulti.server.ws` (a table's protocol, the lobby's list).
The game itself is :mod:`ulti.server.tables` (a table generic over the game, a module per
game).

The club (docs/CLUB.md, :mod:`ulti.server.club`): accounts, public tables listed in the
lobby, free seats taken from it, rematches, a left seat given to a computer player,
spectators, chat, ratings and profiles.

Limits (:class:`~ulti.server.guard.ServerSettings`): frames and bodies are capped in bytes
before they are read whole, JSON in depth; a request's headers and body have deadlines (the
HTTP protocol, :mod:`ulti.server.transport`); frames a second per connection; connections per
address and in all, of every kind (HTTP, seats, spectators, the lobby's lists); a few seconds
for the first frame; tables created, accounts registered, logins tried and chat messages per
address (and per name or account).  Every answer carries the security headers
(:class:`~ulti.server.guard.SecurityHeaders`: a Content Security Policy without inline
script, no framing, no sniffing, same-origin referrers).

A client's address (:func:`ulti.server.services.address`) is the one its connection comes
from: ``X-Forwarded-For`` is believed only from the proxies ``forwarded_allow_ips`` names
(uvicorn's ProxyHeadersMiddleware, put in front of the app here; uvicorn's own, which would
believe any loopback peer, is switched off).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import uvicorn
from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from ulti.server import ws
from ulti.server.guard import BodyLimit, SecurityHeaders, ServerSettings
from ulti.server.logs import log_like_uvicorn, quiet_client_faults
from ulti.server.refusals import Refused, answer_refused
from ulti.server.routes import ROUTERS
from ulti.server.routes.pages import STATIC
from ulti.server.services import Services
from ulti.server.store import StoreError, default_url
from ulti.server.transport import protocol


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    """Tables restored from the store carry on while the app runs; then all is closed."""
    svc: Services = app.state.services
    svc.tables.start_bots()
    await svc.events.recover()  # rounds that ended while the server was down go on
    clock = asyncio.get_running_loop().create_task(svc.events.run_clock())
    yield
    clock.cancel()
    svc.notifier.close()
    await svc.tables.close()
    svc.store.dispose()


def create_app(db_url: str | None = None, settings: ServerSettings | None = None) -> FastAPI:
    """The server's app; ``app.state`` holds its services (``services``) and, by name, its
    tables, store, settings, accounts, club and connection counts."""
    cfg = settings or ServerSettings()
    svc = Services.open(db_url or default_url(), cfg)
    docs = cfg.api_docs
    app = FastAPI(
        title="Ulti",
        lifespan=lifespan,
        docs_url="/docs" if docs else None,
        redoc_url="/redoc" if docs else None,
        openapi_url="/openapi.json" if docs else None,
    )
    app.state.services = svc
    app.state.tables = svc.tables
    app.state.store = svc.store
    app.state.settings = cfg
    app.state.connections = svc.connections
    app.state.accounts = svc.accounts
    app.state.club = svc.club
    app.add_middleware(BodyLimit, limit=cfg.max_body)
    app.add_middleware(SecurityHeaders)  # on every answer, refusals of the limits too
    if cfg.trusted_proxies:  # outermost: every limit sees the client the proxy names
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=cfg.trusted_proxies)
    app.exception_handler(Refused)(answer_refused)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    for router in (*ROUTERS, ws.router):
        app.include_router(router)
    return app


def uvicorn_config(
    app: FastAPI, host: str, port: int, settings: ServerSettings, log_level: str = "info"
) -> uvicorn.Config:
    """The uvicorn settings of the server: HTTP by h11 with the deadlines of a request's
    headers and body and a cap on connections per address (:mod:`ulti.server.transport`),
    its headers capped in bytes (``max_header``); websocket frames refused above
    ``max_frame`` bytes by the protocol itself (close 1009, never read whole); a cap on
    connections in all (room for HTTP above the websockets'); no proxy headers believed by
    uvicorn itself (the app believes those of the proxies ``forwarded_allow_ips`` names, and
    no others)."""
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        http=protocol(settings),
        h11_max_incomplete_event_size=settings.max_header,
        ws="websockets-sansio",
        ws_max_size=settings.max_frame,
        limit_concurrency=settings.limit_concurrency,
        server_header=False,
        proxy_headers=False,
    )
    quiet_client_faults()  # after uvicorn has set its logging up
    return config


def serve(host: str, port: int, db: str | None, settings: ServerSettings | None = None) -> None:
    """Run the server until it is stopped (a database that does not open: one line)."""
    cfg = settings or ServerSettings()
    try:
        app = create_app(db, cfg)
    except (SQLAlchemyError, OSError) as exc:  # before anything listens: say it in one line
        why = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
        raise StoreError(f"cannot open the database {db or default_url()!r}: {why}") from None
    log_like_uvicorn()  # (only for a server that runs: it installs handlers on stderr)
    uvicorn.Server(uvicorn_config(app, host, port, cfg)).run()
