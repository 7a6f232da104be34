"""The websocket doors: a table's (``/ws/{id}``) and the lobby's live list (``/ws/lobby``).

A table's websocket: the first frame is ``{"type": "hello", "seat": S, "token": T, "since":
V}`` (a spectator of a public table: ``{"type": "hello", "watch": true}``, optionally
``"name"``); then ``{"type": "action", "action": "play ♥A", "version": V}`` and ``{"type":
"ping"}``; chat is ``{"type": "chat", "text"}`` and the creator's ``mute``/``unmute``
(``"message"``: a message's author, ``"seat"``, ``"who"``: a mute, or ``"name"``: see
:mod:`ulti.server.tables.chat`), answered ``{"type": "muted", "muted": [{"who", "name"}]}``;
teaching mode asks ``{"type": "teach", "card": N, "version": V}`` (optionally
``"threshold"``, units) before a card, at an Ulti table against computer players that is not
rated, and is answered ``{"type": "teach", "card", "version", "warning"}`` (the warning's data,
or null: no warning) from the seat's own observation, to that seat alone.  The server answers
``replay`` / ``sync`` (the seat's view and the events it missed; a second ``hello`` asks for
them again), ``event`` (after every accepted action, to every seat, each its own projection),
``pong``, ``error`` (``{"code", "message"}``: the frame changed nothing) and ``replaced``
(another tab took the seat over; this connection is closed with code 4409 and may take it
back by connecting again).  Every game's table speaks this protocol
(:class:`~ulti.server.tables.GameTable`): its seats, action texts and views are its game's
(:mod:`ulti.server.tables.ulti`, :mod:`ulti.server.tables.snapszli`).

Each frame after the hello goes to one handler of :data:`HANDLERS` (by its ``type``); a
refusal anywhere (:class:`~ulti.server.tables.TableError`) is answered as an error frame.
Close codes: 4401 no valid hello (or the seat went to a computer player: its token no longer
plays it, :mod:`ulti.server.tables.seats`), 4403 another site's page, 4404 no such table, 4408
a client too slow to read what it is sent, 4429 too many connections.

Limits (:class:`~ulti.server.guard.ServerSettings`): frames are capped in bytes before they
are read whole, JSON in depth; frames a second per connection; connections per address and
in all; a few seconds for the first frame.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.websockets import WebSocketState

from ulti.server.accounts import AccountError, check_name
from ulti.server.guard import BadInput, RateLimit, ServerSettings, loads
from ulti.server.services import Services, Svc, address
from ulti.server.store import User
from ulti.server.tables import SPECTATOR, Connection, Table, TableError, dumps

#: frames waiting for a client before it counts as too slow (and is disconnected)
OUTBOX = 256
#: seconds a close may take to reach a client
SEND_TIMEOUT = 10.0

router = APIRouter()


class SlowClient(Exception):
    """A client whose outbox is full: it does not read what it is sent."""


class BadFrame(Exception):
    """A frame the server does not read (binary, too large, not JSON, too deep)."""


# -- the lobby ------------------------------------------------------------------------------------


@router.websocket("/ws/lobby")
async def lobby_ws(websocket: WebSocket, svc: Svc) -> None:
    """The lobby's public tables, sent again whenever they change."""
    tables = svc.tables
    await websocket.accept()
    queue: asyncio.Queue[list[dict[str, Any]]] = asyncio.Queue(1)
    tables.lobby_listeners.add(queue)
    receiving = asyncio.get_running_loop().create_task(websocket.receive())
    try:
        await websocket.send_text(dumps({"type": "lobby", "tables": tables.lobby()}))
        while True:
            getting = asyncio.get_running_loop().create_task(queue.get())
            done, _ = await asyncio.wait({receiving, getting}, return_when=asyncio.FIRST_COMPLETED)
            if receiving in done:
                getting.cancel()
                msg = receiving.result()
                if msg["type"] == "websocket.disconnect":
                    return
                receiving = asyncio.get_running_loop().create_task(websocket.receive())
                continue
            await websocket.send_text(dumps({"type": "lobby", "tables": getting.result()}))
    except (WebSocketDisconnect, OSError, RuntimeError, asyncio.CancelledError):
        pass
    finally:
        tables.lobby_listeners.discard(queue)
        receiving.cancel()
        with contextlib.suppress(Exception):
            await receiving


# -- a table: the door ----------------------------------------------------------------------------


@router.websocket("/ws/{table_id}")
async def ws(websocket: WebSocket, table_id: str, svc: Svc) -> None:
    """A seat's (or a spectator's) live connection to a table: counted, checked, served."""
    connections = svc.connections
    client = address(websocket)
    refused = connections.enter(client)
    try:
        await websocket.accept()
        if refused is None and not svc.club.ws_allowed(websocket):
            refused = "cross-site"
            connections.leave(client)
            await _refuse(websocket, TableError("cross-site", "cross-site"), 4403)
            return
        if refused is not None:
            await _refuse(websocket, TableError("busy", refused), 4429)
            return
        await _session(websocket, table_id, svc)
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
            connections.leave(client)


async def _refuse(websocket: WebSocket, error: TableError, code: int) -> None:
    """Say why in an error frame, then close with ``code``."""
    await websocket.send_text(dumps(error.frame()))
    await websocket.close(code=code)


async def receive(websocket: WebSocket, cfg: ServerSettings) -> Any:
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


class Outbox:
    """Frames to one client wait in its own outbox: a table never waits for a client's
    network; a client that lets :data:`OUTBOX` frames pile up is disconnected (it resyncs)."""

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.queue: asyncio.Queue[str] = asyncio.Queue(OUTBOX)

    async def send(self, frame: dict[str, Any]) -> None:
        try:
            self.queue.put_nowait(dumps(frame))
        except asyncio.QueueFull:
            raise SlowClient from None

    async def write(self) -> None:
        """Send what is queued, as long as the connection lasts (its own task)."""
        with contextlib.suppress(Exception):  # the client went away: the reader sees it
            while True:
                await self.websocket.send_text(await self.queue.get())
                self.queue.task_done()

    async def close(self, code: int, reason: str) -> None:
        """Close after what is queued has gone out (a second at most)."""
        with contextlib.suppress(Exception):  # already closed, or gone
            await asyncio.wait_for(self.queue.join(), 1.0)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.websocket.close(code=code, reason=reason), SEND_TIMEOUT)


# -- a table: the session -------------------------------------------------------------------------


async def _session(websocket: WebSocket, table_id: str, svc: Services) -> None:
    """A connection's life at a table: the hello, then its frames until it goes."""
    cfg = svc.settings
    try:
        table = svc.tables.get(table_id)
    except TableError as exc:
        await _refuse(websocket, exc, 4404)
        return
    greeted = await _greet(websocket, table, cfg)
    if greeted is None:
        return
    seat, hello = greeted
    outbox = Outbox(websocket)
    user = svc.club.user(websocket)
    client = address(websocket)
    name, refusal = _viewer_name(svc, table, seat, user, hello)
    conn = Connection(
        seat,
        outbox.send,
        outbox.close,
        RateLimit(cfg.rate, cfg.burst, cfg.burst),
        user=user.id if user else None,
        name=name,
        chat=svc.chat_allowance(_chat_author(table, seat, user, client), client),
        tag=svc.address_tag(client),
        address=client,
    )
    writing = asyncio.get_running_loop().create_task(outbox.write())
    try:
        await table.attach(conn, hello.get("since"))
        if refusal is not None:
            await conn.send(refusal.frame())
        await _read_frames(websocket, cfg, Client(table, conn))
    except SlowClient:
        await outbox.close(4408, "too slow")
    finally:
        table.drop(conn)
        writing.cancel()


async def _greet(
    websocket: WebSocket, table: Table, cfg: ServerSettings
) -> tuple[int, dict[str, Any]] | None:
    """The first frame, within a few seconds, authenticates the seat (or a spectator of a
    public table): its seat and the hello itself; None after refusing it (4401)."""
    try:
        first = await asyncio.wait_for(receive(websocket, cfg), cfg.hello_timeout)
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
        await _refuse(websocket, refusal, 4401)
        return None
    return seat, first


def _viewer_name(
    svc: Services, table: Table, seat: int, user: User | None, hello: dict[str, Any]
) -> tuple[str | None, TableError | None]:
    """The name a connection chats with: its seat's, else its account's, else the name a
    spectator's hello gave, if a guest may chat under it (None: an anonymous spectator);
    and, for a name refused (not a name, or an account's or like one), why."""
    if seat != SPECTATOR:
        name: str = table.names[seat]
        return name, None
    if user is not None:
        return user.name, None
    if not isinstance(hello.get("name"), str):
        return None, None
    try:
        return svc.accounts.guest_name(check_name(hello["name"])), None
    except AccountError as exc:
        return None, TableError(exc.key, exc.key, {"en": exc.message, "hu": exc.message_hu})


def _chat_author(table: Table, seat: int, user: User | None, client: str) -> str:
    """Whose allowance a connection's chat spends: its account's, else its seat's (a guest),
    else its address's (a guest who watches)."""
    if user is not None:
        return f"user:{user.id}"
    if seat != SPECTATOR:
        return f"seat:{table.id}:{seat}"
    return f"guest:{client}"


@dataclass(frozen=True)
class Client:
    """What a frame's handler works with: the table and the connection it came from."""

    table: Table
    conn: Connection


async def _read_frames(websocket: WebSocket, cfg: ServerSettings, client: Client) -> None:
    """Every frame after the hello, each answered (a refusal as an error frame) before the
    next is read; frames past the connection's rate are refused unread."""
    conn = client.conn
    while True:
        try:
            msg = await receive(websocket, cfg)
            allowed = conn.limit.allow()
        except BadFrame as exc:
            if conn.limit.allow():
                await conn.send(TableError("malformed", "malformed", why=str(exc)).frame())
            continue
        try:
            if not allowed:
                raise TableError("rate-limited", "rate-limited")
            await _dispatch(client, msg)
        except TableError as exc:
            await conn.send(exc.frame())


async def _dispatch(client: Client, msg: Any) -> None:
    """A frame to its handler (TableError: refused)."""
    if not isinstance(msg, dict):
        raise TableError("malformed", "frame-object")
    kind = msg.get("type")
    if client.conn not in client.table.connections:
        raise TableError("replaced", "replaced")
    handler = HANDLERS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        shown = kind if isinstance(kind, str) and len(kind) <= 20 else "?"
        raise TableError("malformed", "unknown-frame", kind=repr(shown))
    await handler(client, msg)


# -- a table: one handler per frame type ----------------------------------------------------------


async def _ping(client: Client, msg: dict[str, Any]) -> None:
    await client.conn.send({"type": "pong", "version": client.table.version})


async def _action(client: Client, msg: dict[str, Any]) -> None:
    if client.conn.seat == SPECTATOR:
        raise TableError("watching", "watching")
    await client.table.submit(client.conn.seat, msg.get("action"), msg.get("version"))


async def _chat(client: Client, msg: dict[str, Any]) -> None:
    await client.table.say(client.conn, msg.get("text"))


async def _mute(client: Client, msg: dict[str, Any]) -> None:
    await client.table.mute(client.conn, msg, True)


async def _unmute(client: Client, msg: dict[str, Any]) -> None:
    await client.table.mute(client.conn, msg, False)


async def _teach(client: Client, msg: dict[str, Any]) -> None:
    await client.table.teach(client.conn, msg.get("card"), msg.get("version"), msg.get("threshold"))


async def _hello(client: Client, msg: dict[str, Any]) -> None:
    """A second hello: the missed events again (or a full resync)."""
    async with client.table.lock:
        await client.conn.send(client.table.hello(client.conn.seat, msg.get("since")))


Handler = Callable[[Client, dict[str, Any]], Awaitable[None]]

#: the handler of each frame type after the hello
HANDLERS: dict[str, Handler] = {
    "ping": _ping,
    "action": _action,
    "chat": _chat,
    "mute": _mute,
    "unmute": _unmute,
    "teach": _teach,
    "hello": _hello,
}
