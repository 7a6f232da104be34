"""``ulti serve``: a web table for friends and computer players (FastAPI, websockets, uvicorn).

HTTP:
    GET  /                          the lobby (create a table: Ulti, or Snapszli for two)
    GET  /t/{id}                    the table, seen from a seat (seat and token in the URL's
                                    fragment, which browsers do not send to servers): the
                                    Ulti table, or the Snapszli one (snap.html)
    GET  /replay/{id}/{deal}        a finished deal, replayed step by step
    POST /api/tables                create a table -> its id and one invite link per person
                                    (``"game": "snapszli"``: two seats, SnapRules' preset and
                                    options, ``match_points`` (ZV2), ``show_points`` (Z13))
    GET  /api/rules                 Ulti's presets and options; /api/snapszli/rules Snapszli's
    GET  /api/tables/{id}           public facts of a table
    GET  /api/tables/{id}/deals     finished deals           } a seat's token in the
    GET  /api/tables/{id}/deals/{n}/record.json   a record   } Authorization header
    GET  /api/tables/{id}/deals/{n}/steps         a replay   } (never in a URL)
    GET  /api/tables/{id}/deals/{n}/analysis      the deal analysed (ulti.analysis.ulti; Ulti
                                    only): every decision valued, the mistakes explained, the
                                    soloist's value trick by trick; the same authorization
    GET  /api/health                the server's counters (tables, connections, bot workers)

Websocket /ws/{id}: the first frame is ``{"type": "hello", "seat": S, "token": T, "since": V}``;
then ``{"type": "action", "action": "play ♥A", "version": V}`` and ``{"type": "ping"}``; teaching
mode asks ``{"type": "teach", "card": N, "version": V}`` (optionally ``"threshold"``, units)
before a card, at an Ulti table against computer players that is not rated, and is answered
``{"type": "teach", "card", "version", "warning"}`` (the warning's data, or null: no warning)
from the seat's own observation, to that seat alone.  The server answers ``replay`` / ``sync``
(the seat's view and the events it missed), ``event`` (after every accepted action, to every
seat, each its own projection), ``pong``, ``error`` (``{"code", "message"}``: the frame
changed nothing) and ``replaced`` (another tab took the
seat over; this connection is closed with code 4409 and may take it back by connecting again).
A Snapszli table speaks the same protocol (:mod:`ulti.server.snap`): its seats are 0 and 1, its
actions Snapszli's texts (``play ♥A``, ``marriage hearts``, ``exchange``, ``close``,
``claim``), its views built from ``SnapDeal.observation`` (Z13).

The club (docs/CLUB.md, :mod:`ulti.server.club`): accounts (``/api/register``, ``/api/login``,
``/api/logout``, ``/api/me``), public tables listed in the lobby (``/api/lobby``, ``/ws/lobby``),
free seats taken from it, rematches, a left seat given to a computer player, spectators
(``{"type": "hello", "watch": true}``), chat (``{"type": "chat", "text"}``; the creator's
``mute``/``unmute``), ratings (``/api/leaderboard``) and profiles (``/api/users/{name}``).

Limits (:class:`~ulti.server.guard.ServerSettings`): frames and bodies are capped in bytes
before they are read whole, JSON in depth; frames a second per connection; connections per
address and in all; a few seconds for the first frame; tables created per address.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from starlette.websockets import WebSocketState

from ulti import i18n
from ulti.core.errors import CatalogueError
from ulti.games.snapszli import OPTIONS as SNAP_OPTIONS
from ulti.games.snapszli import SnapRulesError
from ulti.games.ulti.rules import CHOICES, OPTIONS, PRESET_DOCS, PRESETS, Ruleset, RulesetError
from ulti.server.accounts import AccountError, Accounts, check_name
from ulti.server.club import Club
from ulti.server.club import add_routes as add_club_routes
from ulti.server.guard import (
    BadInput,
    BodyLimit,
    BodyTooLarge,
    BucketsByAddress,
    ConnectionCounts,
    RateLimit,
    ServerSettings,
    clean_name,
    loads,
    read_body,
)
from ulti.server.store import Store, User, default_url
from ulti.server.tables import SPECTATOR, Connection, GameTable, TableError, Tables, dumps

log = logging.getLogger(__name__)

STATIC = Path(__file__).parent / "static"
#: frames waiting for a client before it counts as too slow (and is disconnected)
OUTBOX = 256
#: seconds a close may take to reach a client
SEND_TIMEOUT = 10.0
#: the HTTP status of each refusal of an analysis (others: 404, no such finished deal)
ANALYSIS_STATUS = {"ulti-only": 422, "analysis-busy": 503, "analysis-failed": 503}


class SeatSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: Literal["person", "bot", "open"]
    name: str = Field(default="-", min_length=1, max_length=64)
    spec: str | None = Field(default=None, max_length=64)
    #: the logged-in creator's own seat (named after the account)
    me: bool = False

    @field_validator("name")
    @classmethod
    def _name(cls, v: str) -> str:
        return clean_name(v)  # BadInput is a ValueError: a 422 naming the field


class NewTable(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: Literal["ulti"] = "ulti"
    preset: str = Field(default="standard", max_length=32)
    options: dict[str, Any] = Field(default_factory=dict, max_length=len(OPTIONS))
    deals: int = Field(default=3, ge=3, le=48)
    lang: Literal["en", "hu"] = "en"
    seats: list[SeatSpec] = Field(min_length=3, max_length=3)
    #: the club (docs/CLUB.md): listed in the lobby, rated, a left seat's computer player
    public: bool = False
    rated: bool = False
    bot_after: int | None = Field(default=None, ge=10, le=3600)
    bot_spec: str | None = Field(default=None, max_length=64)


class NewSnapTable(BaseModel):
    """A Snapszli table: two seats, SnapRules' preset and options, the match's length (ZV2)
    and the learner's option that shows a seat its own points (Z13, default off)."""

    model_config = ConfigDict(extra="forbid")

    game: Literal["snapszli"]
    preset: str = Field(default="standard", max_length=32)
    options: dict[str, Any] = Field(default_factory=dict, max_length=len(SNAP_OPTIONS))
    match_points: int | None = Field(default=None, ge=1, le=99)
    show_points: bool = False
    lang: Literal["en", "hu"] = "en"
    seats: list[SeatSpec] = Field(min_length=2, max_length=2)
    #: the club (docs/CLUB.md): listed in the lobby, rated, a left seat's computer player
    public: bool = False
    rated: bool = False
    bot_after: int | None = Field(default=None, ge=10, le=3600)
    bot_spec: str | None = Field(default=None, max_length=64)


#: Options the lobby leaves out: the number of deals has its own field.
LOBBY_HIDDEN = {"session_deals"}


def browser_words() -> dict[str, Any]:
    """What the pages say, from :mod:`ulti.i18n`: per language the ``web`` section, the
    card names (suits, ranks, corner letters), the components, the kontra levels, the rule
    options and presets, and Snapszli's page words (``snap``: the catalogue's ``snap.web-*``
    keys without their prefix)."""
    out: dict[str, Any] = {}
    for lang in i18n.LANGS:
        out[lang] = {
            **i18n.section("web", lang),
            "suits": i18n.names("suit", 4, lang),
            "ranks": i18n.names("rank", 8, lang),
            "index": i18n.names("index", 8, lang),
            "kinds": i18n.names("kind", 7, lang),
            "kontras": i18n.names("kontra", 7, lang, start=1),
            "options": i18n.section("option", lang),
            "presets": i18n.section("preset", lang),
            "errors": i18n.section("error", lang),
            "snap": {
                k.removeprefix("web-"): v
                for k, v in i18n.section("snap", lang).items()
                if k.startswith("web-")
            },
            "club": {
                k.removeprefix("web-"): v
                for k, v in i18n.section("club", lang).items()
                if k.startswith("web-")
            },
            "analysis": i18n.section("analysis", lang),
        }
    return out


def rules_info() -> dict[str, Any]:
    standard = Ruleset()
    options = [
        {
            "name": o.name,
            "rule": o.rule,
            "doc": o.doc,
            "type": type(getattr(standard, o.name)).__name__,
            "default": getattr(standard, o.name),
            "choices": list(CHOICES.get(o.name, ())),  # a text option's values
        }
        for o in OPTIONS
        if o.name not in LOBBY_HIDDEN
    ]
    presets = [
        {
            "name": name,
            "doc": PRESET_DOCS.get(name, ""),
            "values": {o["name"]: getattr(Ruleset.from_preset(name), o["name"]) for o in options},
        }
        for name in PRESETS
    ]
    return {"presets": presets, "options": options}


def _address(conn: Request | WebSocket) -> str:
    return conn.client.host if conn.client is not None else "?"


class SlowClient(Exception):
    """A client whose outbox is full: it does not read what it is sent."""


class BadFrame(Exception):
    """A frame the server does not read (binary, too large, not JSON, too deep)."""


def create_app(db_url: str | None = None, settings: ServerSettings | None = None) -> FastAPI:
    """The server's app; ``app.state`` holds its tables, store and settings."""
    cfg = settings or ServerSettings()
    store = Store(db_url or default_url())
    tables = Tables(store, cfg)
    connections = ConnectionCounts(cfg.max_per_address, cfg.max_connections)
    creations = BucketsByAddress(cfg.create_rate, cfg.create_burst)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        tables.start_bots()  # tables restored from the store carry on
        yield
        await tables.close()
        store.dispose()

    docs = cfg.api_docs
    app = FastAPI(
        title="Ulti",
        lifespan=lifespan,
        docs_url="/docs" if docs else None,
        redoc_url="/redoc" if docs else None,
        openapi_url="/openapi.json" if docs else None,
    )
    app.state.tables = tables
    app.state.store = store
    app.state.settings = cfg
    app.state.connections = connections
    accounts = Accounts(store, cfg.session_days, cfg.login_rate, cfg.login_burst)
    club = Club(tables, accounts, cfg)
    app.state.accounts = accounts
    app.state.club = club
    app.add_middleware(BodyLimit, limit=cfg.max_body)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    add_club_routes(app, club, STATIC)

    @app.exception_handler(Refused)
    async def refused(_req: Request, exc: Refused) -> JSONResponse:
        return JSONResponse(
            {"detail": exc.en, "detail_hu": exc.hu}, status_code=exc.status, headers=exc.headers
        )

    @app.get("/")
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    @app.get("/cards/{style}-{lang}.svg", include_in_schema=False)
    async def card_faces(style: str, lang: str) -> Response:
        """All card faces of a style (hungarian, french) and language (hu, en) as one SVG
        sprite: ``<use href="/cards/hungarian-hu.svg#HA"/>`` (ulti.render.svg)."""
        from ulti.render.svg import sprite_svg

        try:
            sprite = sprite_svg(style, lang)
        except ValueError:
            raise Refused.of(404, "no-cards") from None
        return Response(
            sprite, media_type="image/svg+xml", headers={"Cache-Control": "public, max-age=86400"}
        )

    @app.get("/api/rules")
    async def rules_catalogue() -> dict[str, Any]:
        """The presets and the options a table may set (the lobby builds its form from it)."""
        return rules_info()

    @app.get("/api/snapszli/rules")
    async def snap_rules_catalogue() -> dict[str, Any]:
        """Snapszli's presets and options (ZV1-ZV4) for the lobby's form."""
        from ulti.server.snap import rules_info as snap_rules_info

        return snap_rules_info()

    @app.get("/api/words")
    async def words() -> JSONResponse:
        """The pages' words from the one catalogue (ulti.i18n), in both languages."""
        return JSONResponse(browser_words(), headers={"Cache-Control": "public, max-age=300"})

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        """Counters for whoever runs the server (nothing of any game)."""
        return {
            "ok": True,
            "tables": len(tables.live),
            "connections": connections.total,
            "actions": tables.accepted,
            "bots": {
                **tables.pool.stats.to_dict(),
                "queued": tables.pool.queued,
                "workers": tables.pool.workers,
                "alive": tables.pool.alive(),
            },
        }

    def live(table_id: str) -> GameTable:
        try:
            return tables.get(table_id)
        except TableError as exc:
            raise Refused(404, exc.message, exc.message_hu) from None

    @app.get("/t/{table_id}")
    async def table_page(table_id: str) -> FileResponse:
        page = "snap.html" if live(table_id).game == "snapszli" else "table.html"
        return FileResponse(STATIC / page)

    @app.get("/replay/{table_id}/{number}")
    async def replay_page(table_id: str, number: int) -> FileResponse:
        try:
            live(table_id).finished(number)  # a deal is replayed once it is over (D2)
        except TableError as exc:
            raise Refused(404, exc.message, exc.message_hu) from None
        return FileResponse(STATIC / "replay.html")

    @app.post("/api/tables")
    async def create_table(req: Request) -> JSONResponse:
        club.check_post(req)
        user = club.user(req)
        if not creations.allow(_address(req)):
            raise Refused.of(429, "too-many-tables", headers={"Retry-After": "60"})
        game = "ulti"
        try:
            raw = loads(await read_body(req.stream(), cfg.max_body), cfg.max_depth)
            body: NewTable | NewSnapTable
            rules: Any
            if isinstance(raw, dict) and raw.get("game") == "snapszli":
                from ulti.server.snap import SnapSettings

                body = NewSnapTable.model_validate(raw)
                game = body.game
                rules = SnapSettings.make(
                    body.preset, body.options, body.match_points, body.show_points
                )
            else:
                body = NewTable.model_validate(raw)
                rules = Ruleset.from_dict({"preset": body.preset, **body.options})
                rules = rules.with_options(session_deals=body.deals - body.deals % 3)
            for s in body.seats:
                if s.kind == "bot":
                    if not s.spec:
                        raise _bad_table(i18n.both("error.bot-spec"))
                    cfg.check_bot(s.spec, game)
            if body.bot_spec:
                cfg.check_bot(body.bot_spec, game)
        except BadInput as exc:
            status = 413 if isinstance(exc, BodyTooLarge) else 422
            raise Refused.of(status, "bad-table", why=str(exc)) from None
        except ValidationError as exc:
            raise Refused.of(422, "bad-table", why=_validation_message(exc)) from None
        except (RulesetError, SnapRulesError, ValueError) as exc:
            raise _bad_table(exc) from None
        seats, creator = _club_seats(body, user)
        try:
            table, tokens = await tables.create(
                rules,
                seats,
                body.lang,
                tables.new_seed(),
                game,
                public=body.public,
                rated=body.rated,
                creator=creator,
                bot_after=body.bot_after,
                bot_spec=body.bot_spec,
            )
        except Exception as exc:  # the database refused: no table, and the person hears why
            log.warning("could not store a new table (%s: %s)", type(exc).__name__, str(exc)[:200])
            raise Refused.of(503, "not-stored") from None
        base = str(req.base_url).rstrip("/")
        links = {
            str(seat): f"{base}/t/{table.id}#seat={seat}&token={tok}"
            for seat, tok in tokens.items()
        }
        table.schedule_bot()
        return JSONResponse(
            {"id": table.id, "links": links, "tokens": {str(k): v for k, v in tokens.items()}},
            status_code=201,
        )

    @app.get("/api/tables/{table_id}")
    async def table_info(table_id: str) -> dict[str, Any]:
        return live(table_id).public()

    def authorized(table_id: str, req: Request) -> GameTable:
        """A table whose finished deals this request may see: a public table's (D2: a deal
        is shown whole once it is over), or a seat's whose token came in the Authorization
        header (``Bearer T``), or an account's that sits there."""
        t = live(table_id)
        if t.stored.public:
            return t
        user = club.user(req)
        if user is not None and any(s.get("user") == user.id for s in t.stored.seats):
            return t
        header = req.headers.get("authorization", "")
        token = header[7:].strip() if header[:7].lower() == "bearer " else ""
        try:
            t.seat_of_token(token)
        except TableError:
            raise Refused.of(403, "token-needed") from None
        return t

    @app.get("/api/tables/{table_id}/deals")
    async def deals(table_id: str, req: Request) -> list[dict[str, Any]]:
        return authorized(table_id, req).finished_deals()

    @app.get("/api/tables/{table_id}/deals/{number}/record.json")
    async def record(table_id: str, number: int, req: Request) -> JSONResponse:
        t = authorized(table_id, req)
        try:
            rec = t.record(number)
        except TableError as exc:
            raise Refused(404, exc.message, exc.message_hu) from None
        return JSONResponse(
            rec,
            headers={
                "Content-Disposition": (f'attachment; filename="{t.game}-{table_id}-{number}.json"')
            },
        )

    @app.get("/api/tables/{table_id}/deals/{number}/steps")
    async def steps(table_id: str, number: int, req: Request) -> dict[str, Any]:
        t = authorized(table_id, req)
        try:
            return t.steps(number)
        except TableError as exc:
            raise Refused(404, exc.message, exc.message_hu) from None

    @app.get("/api/tables/{table_id}/deals/{number}/analysis")
    async def analysis(table_id: str, number: int, req: Request) -> dict[str, Any]:
        """A finished Ulti deal analysed (ulti.analysis.ulti), worked out once and kept."""
        t = authorized(table_id, req)
        try:
            return await tables.analysis(t, number)
        except TableError as exc:
            status = ANALYSIS_STATUS.get(exc.code, 404)
            headers = {"Retry-After": "60"} if status == 503 else None
            raise Refused(status, exc.message, exc.message_hu, headers) from None

    @app.websocket("/ws/{table_id}")
    async def ws(websocket: WebSocket, table_id: str) -> None:
        address = _address(websocket)
        refused = connections.enter(address)
        try:
            await websocket.accept()
            if refused is None and not club.ws_allowed(websocket):
                refused = "cross-site"
                connections.leave(address)
                await websocket.send_text(dumps(TableError("cross-site", "cross-site").frame()))
                await websocket.close(code=4403)
                return
            if refused is not None:
                await websocket.send_text(dumps(TableError("busy", refused).frame()))
                await websocket.close(code=4429)
                return
            await _session(websocket, table_id)
        except (WebSocketDisconnect, OSError, asyncio.CancelledError):
            pass  # the client went away (or the server is stopping)
        except RuntimeError:
            # Starlette's "not connected" error: the connection broke while we were sending.
            # Anything else is a real bug.
            if (
                websocket.client_state == WebSocketState.CONNECTED
                and websocket.application_state == WebSocketState.CONNECTED
            ):
                raise
        finally:
            if refused is None:
                connections.leave(address)

    async def _receive(websocket: WebSocket) -> Any:
        """The next frame's JSON; BadFrame for what is not read; disconnects raise."""
        msg = await websocket.receive()
        if msg["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(msg.get("code", 1000))
        text = msg.get("text")
        if text is None:
            raise BadFrame("binary frames are not read: send JSON text")
        if len(text) > cfg.max_frame:
            raise BadFrame(f"a frame is at most {cfg.max_frame} bytes")
        try:
            return loads(text, cfg.max_depth)
        except BadInput as exc:
            raise BadFrame(str(exc)) from None

    async def _session(websocket: WebSocket, table_id: str) -> None:
        try:
            table = tables.get(table_id)
        except TableError as exc:
            await websocket.send_text(dumps(exc.frame()))
            await websocket.close(code=4404)
            return

        # frames to this client wait in its own outbox: a table never waits for a client's
        # network; a client that lets OUTBOX frames pile up is disconnected (it resyncs)
        outbox: asyncio.Queue[str] = asyncio.Queue(OUTBOX)

        async def send(frame: dict[str, Any]) -> None:
            try:
                outbox.put_nowait(dumps(frame))
            except asyncio.QueueFull:
                raise SlowClient from None

        async def writer() -> None:
            with contextlib.suppress(Exception):  # the client went away: the reader sees it
                while True:
                    await websocket.send_text(await outbox.get())
                    outbox.task_done()

        async def close(code: int, reason: str) -> None:
            """Close after what is queued has gone out (a second at most)."""
            with contextlib.suppress(Exception):  # already closed, or gone
                await asyncio.wait_for(outbox.join(), 1.0)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(websocket.close(code=code, reason=reason), SEND_TIMEOUT)

        # the first frame, within a few seconds, authenticates the seat
        try:
            first = await asyncio.wait_for(_receive(websocket), cfg.hello_timeout)
            if not isinstance(first, dict) or first.get("type") != "hello":
                raise TableError("malformed", "hello-first")
            if first.get("watch") is True:
                if not table.stored.public:
                    raise TableError("private", "private")
                seat = SPECTATOR
            else:
                seat = table.seat_for_token(first.get("seat"), first.get("token"))
        except (BadFrame, TableError, TimeoutError) as exc:
            if isinstance(exc, TimeoutError):
                refusal = TableError("timeout", "timeout")
            elif isinstance(exc, TableError):
                refusal = exc
            else:
                refusal = TableError("malformed", "malformed", why=str(exc))
            await websocket.send_text(dumps(refusal.frame()))
            await websocket.close(code=4401)
            return
        user = club.user(websocket)
        if seat != SPECTATOR:
            name: str | None = table.names[seat]
        elif user is not None:
            name = user.name
        else:
            try:
                name = check_name(first["name"]) if isinstance(first.get("name"), str) else None
            except AccountError:
                name = None
        conn = Connection(
            seat,
            send,
            close,
            RateLimit(cfg.rate, cfg.burst, cfg.burst),
            user=user.id if user else None,
            name=name,
            chat=RateLimit(cfg.chat_rate, cfg.chat_burst, cfg.chat_burst),
        )
        writing = asyncio.get_running_loop().create_task(writer())
        try:
            await table.attach(conn, first.get("since"))
            while True:
                try:
                    msg = await _receive(websocket)
                    allowed = conn.limit.allow()
                except BadFrame as exc:
                    if conn.limit.allow():
                        await send(TableError("malformed", "malformed", why=str(exc)).frame())
                    continue
                if not allowed:
                    await send(TableError("rate-limited", "rate-limited").frame())
                    continue
                if not isinstance(msg, dict):
                    await send(TableError("malformed", "frame-object").frame())
                    continue
                kind = msg.get("type")
                if conn not in table.connections:
                    await send(TableError("replaced", "replaced").frame())
                elif kind == "ping":
                    await send({"type": "pong", "version": table.version})
                elif kind == "action":
                    try:
                        if seat == SPECTATOR:
                            raise TableError("watching", "watching")
                        await table.submit(seat, msg.get("action"), msg.get("version"))
                    except TableError as exc:
                        await send(exc.frame())
                elif kind == "chat":
                    try:
                        await table.say(conn, msg.get("text"))
                    except TableError as exc:
                        await send(exc.frame())
                elif kind in ("mute", "unmute"):
                    try:
                        await table.mute(conn, msg.get("name"), kind == "mute")
                    except TableError as exc:
                        await send(exc.frame())
                elif kind == "teach":
                    try:
                        await table.teach(
                            conn, msg.get("card"), msg.get("version"), msg.get("threshold")
                        )
                    except TableError as exc:
                        await send(exc.frame())
                elif kind == "hello":
                    async with table.lock:
                        await send(table.hello(conn, msg.get("since")))
                else:
                    shown = kind if isinstance(kind, str) and len(kind) <= 20 else "?"
                    await send(TableError("malformed", "unknown-frame", kind=repr(shown)).frame())
        except SlowClient:
            await close(4408, "too slow")
        finally:
            table.drop(conn)
            writing.cancel()

    return app


def _club_seats(
    body: NewTable | NewSnapTable, user: User | None
) -> tuple[list[dict[str, Any]], str | None]:
    """The seats of a new table and its creator (docs/CLUB.md), checked: the creator's own
    seat needs an account, free seats a public table, a rated table accounts at every
    person's seat."""
    mine = [i for i, s in enumerate(body.seats) if s.me]
    if mine and user is None:
        raise Refused.of(401, "login-needed")
    if len(mine) > 1:
        raise _bad_table(i18n.both("error.one-own-seat"))
    kinds = [s.kind for s in body.seats]
    if "open" in kinds and not body.public:
        raise _bad_table(i18n.both("error.open-needs-public"))
    if body.rated:
        if user is None:
            raise Refused.of(401, "login-needed")
        if not body.public:
            raise _bad_table(i18n.both("error.rated-needs-public"))
        if any(s.kind == "person" and not s.me for s in body.seats):
            raise _bad_table(i18n.both("error.rated-accounts"))
    seats = []
    for s in body.seats:
        entry: dict[str, Any] = {"kind": s.kind, "name": s.name, "spec": s.spec}
        if s.me and user is not None:
            entry.update(kind="person", name=user.name, user=user.id)
        seats.append(entry)
    if user is not None:
        creator: str | None = f"user:{user.id}"
    else:
        first = next((i for i, s in enumerate(seats) if s["kind"] == "person"), None)
        creator = None if first is None else f"seat:{first}"
    return seats, creator


class Refused(Exception):
    """An HTTP refusal in both languages: ``{"detail": English, "detail_hu": Hungarian}``."""

    def __init__(
        self, status: int, en: str, hu: str, headers: dict[str, str] | None = None
    ) -> None:
        super().__init__(en)
        self.status, self.en, self.hu, self.headers = status, en, hu, headers

    @classmethod
    def of(
        cls, status: int, key: str, headers: dict[str, str] | None = None, **fields: object
    ) -> Refused:
        """The refusal ``error.KEY`` of the catalogue."""
        words = i18n.both(f"error.{key}", **fields)
        return cls(status, words["en"], words["hu"], headers)


def _bad_table(why: Exception | dict[str, str]) -> Refused:
    """The refusal ``error.bad-table`` (422) with its reason in each language: ``why`` is a
    catalogue error (a ruleset's: :class:`~ulti.core.errors.CatalogueError`, in each language its
    own words), the reason's words in both languages (:func:`ulti.i18n.both`), or any
    other error (its words as they are, in both)."""

    def reason(lang: str) -> str:
        if isinstance(why, dict):
            return why[lang]
        return (why.text(lang) if isinstance(why, CatalogueError) else str(why))[:500]

    words = {lang: i18n.text("error.bad-table", lang, why=reason(lang)) for lang in i18n.LANGS}
    return Refused(422, words["en"], words["hu"])


def _validation_message(exc: ValidationError) -> str:
    """Pydantic's errors as one short line per field, without echoing the input."""
    parts = []
    for e in exc.errors()[:5]:
        where = ".".join(str(x) for x in e.get("loc", ()))
        parts.append(f"{where}: {e.get('msg', 'invalid')}")
    return "; ".join(parts)[:500]


class ClientFaultFilter(logging.Filter):
    """A client's malformed websocket frame is the client's fault, not the server's: uvicorn
    logs a text frame that is not UTF-8 with a traceback (and closes it, 1007); here it is
    one line without one, so that nobody can fill the log with tracebacks."""

    MESSAGES = ("Invalid UTF-8 sequence received from client.",)

    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg in self.MESSAGES:
            record.exc_info = None
            record.exc_text = None
            record.levelno, record.levelname = logging.INFO, "INFO"
            record.msg = f"{record.msg} (closed, 1007)"
            return logging.getLogger(record.name).isEnabledFor(logging.INFO)
        return True


def quiet_client_faults() -> None:
    """Install :class:`ClientFaultFilter` on uvicorn's error log (once)."""
    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, ClientFaultFilter) for f in logger.filters):
        logger.addFilter(ClientFaultFilter())


def uvicorn_config(
    app: Any, host: str, port: int, settings: ServerSettings, log_level: str = "info"
) -> Any:
    """The uvicorn settings of the server: websocket frames refused above ``max_frame``
    bytes by the protocol itself (close 1009, never read whole), a cap on connections."""
    import uvicorn

    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws="websockets-sansio",
        ws_max_size=settings.max_frame,
        limit_concurrency=settings.max_connections + 100,
        server_header=False,
    )
    quiet_client_faults()  # after uvicorn has set its logging up
    return config


def log_like_uvicorn() -> None:
    """The app's own log lines (``ulti.*``) in uvicorn's format, from INFO up."""
    logger = logging.getLogger("ulti")
    if not logger.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(levelname)s:%(spaces)s%(message)s"))
        handler.addFilter(_pad_level)
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
        logger.propagate = False


def _pad_level(record: logging.LogRecord) -> bool:
    record.spaces = " " * max(1, 9 - len(record.levelname))
    return True


def serve(host: str, port: int, db: str | None, settings: ServerSettings | None = None) -> None:
    import uvicorn
    from sqlalchemy.exc import SQLAlchemyError

    from ulti.server.store import StoreError

    cfg = settings or ServerSettings()
    try:
        app = create_app(db, cfg)
    except (SQLAlchemyError, OSError) as exc:  # before anything listens: say it in one line
        why = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
        raise StoreError(f"cannot open the database {db or default_url()!r}: {why}") from None
    log_like_uvicorn()  # (only for a server that runs: it installs handlers on stderr)
    uvicorn.Server(uvicorn_config(app, host, port, cfg)).run()
