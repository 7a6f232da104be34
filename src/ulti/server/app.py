"""``ulti serve``: a web table for friends and computer players (FastAPI, websockets, uvicorn).

HTTP:
    GET  /                          the lobby (create a table)
    GET  /t/{id}                    the table, seen from a seat (seat and token in the URL's
                                    fragment, which browsers do not send to servers)
    GET  /replay/{id}/{deal}        a finished deal, replayed step by step
    POST /api/tables                create a table -> its id and one invite link per person
    GET  /api/tables/{id}           public facts of a table
    GET  /api/tables/{id}/deals     finished deals (a seat token required)
    GET  /api/tables/{id}/deals/{n}/record.json   a finished deal's record (token required)

Websocket /ws/{id}: the first frame is ``{"type": "hello", "seat": S, "token": T, "since": V}``;
then ``{"type": "action", "action": "play ♥A", "version": V}`` and ``{"type": "ping"}``.  The
server answers ``replay`` / ``sync`` (the seat's view and the events it missed), ``event``
(after every accepted action, to every seat, each its own projection), ``pong`` and
``error`` (``{"code", "message"}``: the frame changed nothing).
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field, ValidationError, field_validator
from starlette.websockets import WebSocketState

from ulti.players import make_player
from ulti.rules import OPTIONS, PRESET_DOCS, PRESETS, Ruleset, RulesetError
from ulti.server.store import Store, default_url
from ulti.server.tables import Connection, RateLimit, TableError, Tables, dumps

STATIC = Path(__file__).parent / "static"
MAX_FRAME = 4096


class SeatSpec(BaseModel):
    kind: Literal["person", "bot"]
    name: str = Field(min_length=1, max_length=24)
    spec: str | None = None

    @field_validator("spec")
    @classmethod
    def _spec(cls, v: str | None) -> str | None:
        if v is not None:
            make_player(v)  # raises ValueError for an unknown player or budget
        return v


class NewTable(BaseModel):
    preset: str = "standard"
    options: dict[str, Any] = Field(default_factory=dict)
    deals: int = Field(default=3, ge=3, le=48)
    lang: Literal["en", "hu"] = "en"
    seats: list[SeatSpec] = Field(min_length=3, max_length=3)


#: Options the lobby leaves out: the number of deals has its own field.
LOBBY_HIDDEN = {"session_deals"}


def rules_info() -> dict[str, Any]:
    standard = Ruleset()
    options = [{"name": o.name, "rule": o.rule, "doc": o.doc,
                "type": type(getattr(standard, o.name)).__name__,
                "default": getattr(standard, o.name)}
               for o in OPTIONS if o.name not in LOBBY_HIDDEN]
    presets = [{"name": name, "doc": PRESET_DOCS.get(name, ""),
                "values": {o["name"]: getattr(Ruleset.from_preset(name), o["name"])
                           for o in options}} for name in PRESETS]
    return {"presets": presets, "options": options}


def create_app(db_url: str | None = None, rate: float = 10.0, burst: float = 30.0) -> FastAPI:
    """The server's app.  ``rate``/``burst``: frames a second each websocket may send (a token
    bucket; the excess gets a ``rate-limited`` error frame)."""
    if rate <= 0 or burst < 1:
        raise ValueError("the rate limit needs rate > 0 and burst >= 1")
    store = Store(db_url or default_url())
    tables = Tables(store)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        tables.start_bots()  # tables restored from the store carry on
        yield
        store.dispose()

    app = FastAPI(title="Ulti", lifespan=lifespan)
    app.state.tables = tables
    app.state.store = store
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/")
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/api/rules")
    async def rules_catalogue() -> dict[str, Any]:
        """The presets and the options a table may set (the lobby builds its form from it)."""
        return rules_info()

    @app.get("/t/{table_id}")
    async def table_page(table_id: str) -> FileResponse:
        if table_id not in tables.live:
            raise HTTPException(404, "no such table")
        return FileResponse(STATIC / "table.html")

    @app.get("/replay/{table_id}/{number}")
    async def replay_page(table_id: str, number: int) -> FileResponse:
        if table_id not in tables.live:
            raise HTTPException(404, "no such table")
        return FileResponse(STATIC / "replay.html")

    @app.post("/api/tables")
    async def create_table(req: Request) -> JSONResponse:
        try:
            body = NewTable.model_validate(await req.json())
            rules = Ruleset.from_dict({"preset": body.preset, **body.options})
            rules = rules.with_options(session_deals=body.deals - body.deals % 3)
        except (ValidationError, RulesetError, ValueError, json.JSONDecodeError) as exc:
            raise HTTPException(422, str(exc)) from None
        seats = []
        for s in body.seats:
            if s.kind == "bot" and not s.spec:
                raise HTTPException(422, "a computer player needs a spec (random, rules, pimc)")
            seats.append(s.model_dump())
        table, tokens = tables.create(rules, seats, body.lang, secrets.randbits(63))
        base = str(req.base_url).rstrip("/")
        links = {str(seat): f"{base}/t/{table.id}#seat={seat}&token={tok}"
                 for seat, tok in tokens.items()}
        table.schedule_bot()
        return JSONResponse({"id": table.id, "links": links, "tokens": {
            str(k): v for k, v in tokens.items()}}, status_code=201)

    @app.get("/api/tables/{table_id}")
    async def table_info(table_id: str) -> dict[str, Any]:
        try:
            return tables.get(table_id).public()
        except TableError as exc:
            raise HTTPException(404, exc.message) from None

    def authorized(table_id: str, req: Request) -> Any:
        try:
            t = tables.get(table_id)
        except TableError as exc:
            raise HTTPException(404, exc.message) from None
        token = req.query_params.get("token") or req.headers.get("authorization", "") \
            .removeprefix("Bearer ").strip()
        seat = req.query_params.get("seat")
        try:
            t.seat_for_token(int(seat) if seat is not None else -1, token)
        except (TableError, ValueError):
            raise HTTPException(403, "a seat's token is needed") from None
        return t

    @app.get("/api/tables/{table_id}/deals")
    async def deals(table_id: str, req: Request) -> list[dict[str, Any]]:
        return authorized(table_id, req).finished_deals()  # type: ignore[no-any-return]

    @app.get("/api/tables/{table_id}/deals/{number}/record.json")
    async def record(table_id: str, number: int, req: Request) -> JSONResponse:
        t = authorized(table_id, req)
        try:
            rec = t.record(number)
        except TableError as exc:
            raise HTTPException(404, exc.message) from None
        return JSONResponse(rec, headers={
            "Content-Disposition": f'attachment; filename="ulti-{table_id}-{number}.json"'})

    @app.get("/api/tables/{table_id}/deals/{number}/steps")
    async def steps(table_id: str, number: int, req: Request) -> dict[str, Any]:
        t = authorized(table_id, req)
        try:
            return t.steps(number)  # type: ignore[no-any-return]
        except TableError as exc:
            raise HTTPException(404, exc.message) from None

    @app.websocket("/ws/{table_id}")
    async def ws(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()

        async def send(frame: dict[str, Any]) -> None:
            await websocket.send_text(dumps(frame))

        async def error(code: str, message: str) -> None:
            await send({"type": "error", "code": code, "message": message})

        try:
            table = tables.get(table_id)
        except TableError as exc:
            await error(exc.code, exc.message)
            await websocket.close(code=4404)
            return
        conn: Connection | None = None
        try:
            # the first frame authenticates the seat
            try:
                first = json.loads(await asyncio.wait_for(websocket.receive_text(), 30))
                if not isinstance(first, dict) or first.get("type") != "hello":
                    raise TableError("malformed", "the first frame is a hello")
                seat = table.seat_for_token(first.get("seat"), first.get("token"))
            except (json.JSONDecodeError, TableError, TimeoutError) as exc:
                code = exc.code if isinstance(exc, TableError) else "malformed"
                await error(code, getattr(exc, "message", "not JSON"))
                await websocket.close(code=4401)
                return
            conn = Connection(seat, send, RateLimit(rate, burst, burst))
            async with table.lock:
                table.connections.append(conn)
                await send(table.hello(conn, first.get("since")))
            table.schedule_bot()
            while True:
                text = await websocket.receive_text()
                if not conn.limit.allow():
                    await error("rate-limited", "too many messages; slow down")
                    continue
                if len(text) > MAX_FRAME:
                    await error("malformed", "frame too large")
                    continue
                try:
                    msg = json.loads(text)
                except json.JSONDecodeError:
                    await error("malformed", "not JSON")
                    continue
                if not isinstance(msg, dict):
                    await error("malformed", "a frame is a JSON object")
                    continue
                kind = msg.get("type")
                if kind == "ping":
                    await send({"type": "pong", "version": table.version})
                elif kind == "action":
                    try:
                        await table.submit(seat, msg.get("action"), msg.get("version"))
                    except TableError as exc:
                        await error(exc.code, exc.message)
                elif kind == "hello":
                    async with table.lock:
                        await send(table.hello(conn, msg.get("since")))
                else:
                    await error("malformed", f"unknown frame type {kind!r}")
        except (WebSocketDisconnect, OSError):
            pass  # the client went away
        except RuntimeError:
            # Starlette's "not connected" error (WebSocketDisconnected in recent versions):
            # the connection broke while we were sending.  Anything else is a real bug.
            if (websocket.client_state == WebSocketState.CONNECTED
                    and websocket.application_state == WebSocketState.CONNECTED):
                raise
        finally:
            if conn is not None:
                table.drop(conn)

    return app


def serve(host: str, port: int, db: str | None, rate: float = 10.0) -> None:
    import uvicorn

    uvicorn.run(create_app(db, rate=rate, burst=max(1.0, 3 * rate)), host=host, port=port,
                log_level="info", ws="websockets-sansio")
