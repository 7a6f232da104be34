"""The websocket doors: a table's (``/ws/{id}``) and the lobby's live list (``/ws/lobby``).

A table's websocket: the first frame is ``{"type": "hello", "seat": S, "token": T, "since":
V}`` (a spectator of a public table: ``{"type": "hello", "watch": true}``, optionally
``"name"``); then ``{"type": "action", "action": "play ♥A", "version": V}`` and ``{"type":
"ping"}``; chat is ``{"type": "chat", "text"}`` and the creator's ``mute``/``unmute``
(``"message"``: a message's author, ``"seat"``, ``"who"``: a mute, or ``"name"``: see
:mod:`ulti.server.tables.chat`), answered ``{"type": "muted", "muted": [{"who", "name"}]}``;
teaching mode asks ``{"type": "teach", "card": N, "version": V}`` (optionally
``"threshold"``, units) before a card, at an Ulti table against computer players that is not
rated, and is answered ``{"type": "teach", "card", "version", "warning"}`` (the warning's
data, or null: no warning) from the seat's own observation, to that seat alone; a hint is
asked ``{"type": "hint", "version": V}`` at the seat's turn, at an Ulti table that is not
rated nor an event's, and is answered ``{"type": "hint", "version", "hint"}`` (the
computer's choice from the seat's own observation, its value and why in both languages), to
that seat alone.  The server answers ``replay`` / ``sync`` (the seat's view and the events it
missed; a second ``hello`` asks for them again), ``event`` (after every accepted action, to
every seat, each its own projection), ``pong``, ``error`` (``{"code", "message"}``: the
frame changed nothing) and ``replaced`` (another tab took the seat over; this connection is
closed with code 4409 and may take it back by connecting again).  Every game's table speaks
this protocol (:class:`~ulti.server.tables.GameTable`): its seats, action texts and views
are its game's (:mod:`ulti.server.tables.ulti`, :mod:`ulti.server.tables.snapszli`).

Each frame after the hello goes to one handler of :data:`HANDLERS` (by its ``type``); a
refusal anywhere (:class:`~ulti.server.tables.TableError`) is answered as an error frame.
Close codes: 4401 no valid hello (or the seat went to a computer player: its token no longer
plays it, :mod:`ulti.server.tables.seats`), 4403 another site's page, 4404 no such table, 4408
a client too slow to read what it is sent, 4429 too many connections; a refused connection is
sent an error frame first, and the close's reason is its English words.

The lobby's websocket sends a page of the public tables (``{"type": "lobby", "tables",
"page", "pages", "total"}``) when it opens and whenever they change; ``{"type": "page",
"page": N}`` asks for another page.

Limits (:class:`~ulti.server.guard.ServerSettings`): frames are capped in bytes before they
are read whole, JSON in depth; frames a second per connection; connections per address and
in all, of every kind (each door counts its own: :func:`_door`), and again for the lobby's
lists and for spectators; a few seconds for the first frame.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.websockets import WebSocketState

from ulti.server.accounts import AccountError, check_name
from ulti.server.guard import (
    BadInput,
    ConnectionCounts,
    RateLimit,
    ServerSettings,
    enter_all,
    leave_all,
    loads,
)
from ulti.server.services import Services, Svc, address
from ulti.server.store import User
from ulti.server.tables import (
    SPECTATOR,
    Connection,
    LobbyListener,
    Table,
    TableError,
    dumps,
    page_number,
)

#: frames waiting for a client before it counts as too slow (and is disconnected)
OUTBOX = 256
#: seconds a close may take to reach a client
SEND_TIMEOUT = 10.0

router = APIRouter()


class SlowClient(Exception):
    """A client whose outbox is full: it does not read what it is sent."""


class BadFrame(Exception):
    """A frame the server does not read (binary, too large, not JSON, too deep)."""


# -- the doors ------------------------------------------------------------------------------------


@router.websocket("/ws/lobby")
async def lobby_ws(websocket: WebSocket, svc: Svc) -> None:
    """The lobby's public tables, a page at a time: sent when it opens and again whenever they
    change; ``{"type": "page", "page": N}`` asks for another page (and its changes)."""
    await _door(websocket, svc, (svc.connections, svc.lobby_sockets), _lobby(websocket, svc))


@router.websocket("/ws/me")
async def me_ws(websocket: WebSocket, svc: Svc) -> None:
    """A logged-in account's bell (issue 30): its notices now (``{"type": "notices"}``), then
    each new one as it comes (``{"type": "notice"}``); ``{"type": "read"}`` marks them all
    read.  Counted among the lobby's live lists (the same caps per address and in all)."""
    await _door(websocket, svc, (svc.connections, svc.lobby_sockets), _bell(websocket, svc))


@router.websocket("/ws/{table_id}")
async def ws(websocket: WebSocket, table_id: str, svc: Svc) -> None:
    """A seat's (or a spectator's) live connection to a table: counted, checked, served."""
    await _door(websocket, svc, (svc.connections,), _session(websocket, table_id, svc))


async def _door(
    websocket: WebSocket,
    svc: Services,
    counts: Sequence[ConnectionCounts],
    session: Coroutine[object, object, None],
) -> None:
    """A websocket let in (counted in each of ``counts`` for its client's address, a page of
    this site) and served by ``session``; or refused, saying why in an error frame and in
    the close's reason (4429 too many connections, 4403 another site's page)."""
    client = address(websocket)
    refused = enter_all(counts, client)
    try:
        await websocket.accept()
        if refused is None and not svc.club.ws_allowed(websocket):
            refused = "cross-site"
            leave_all(counts, client)
            await _refuse(websocket, TableError("cross-site", "cross-site"), 4403)
            return
        if refused is not None:
            await _refuse(websocket, TableError("busy", refused), 4429)
            return
        await session
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
        session.close()  # (a session never started: refused)
        if refused is None:
            leave_all(counts, client)


async def _refuse(websocket: WebSocket, error: TableError, code: int) -> None:
    """Say why in an error frame (both languages), then close with ``code`` and the English
    words as the close's reason."""
    await websocket.send_text(dumps(error.frame()))
    await websocket.close(code=code, reason=close_reason(error.message))


def close_reason(text: str) -> str:
    """A close's reason: ``text``, cut to the 123 bytes a close frame may carry."""
    return text.encode()[:123].decode(errors="ignore")


async def _pump(websocket: WebSocket, queue: asyncio.Queue[str]) -> None:
    """Send the texts that come into ``queue``, as long as the connection lasts (its own
    task; the client going away ends it quietly: the reader sees it)."""
    with contextlib.suppress(Exception):
        while True:
            await websocket.send_text(await queue.get())
            queue.task_done()


# -- the bell -------------------------------------------------------------------------------------


async def _bell(websocket: WebSocket, svc: Services) -> None:
    """A bell's life: refused for a guest; else its notices, then each new one, until it
    goes."""
    user = svc.club.user(websocket)
    if user is None:
        await _refuse(websocket, TableError("login-needed", "login-needed"), 4401)
        return
    notifier = svc.notifier
    queue = notifier.listen(user.id)
    texts: asyncio.Queue[str] = asyncio.Queue(OUTBOX)
    texts.put_nowait(dumps(await notifier.bell(user.id)))

    async def relay() -> None:
        while True:
            frame = await queue.get()
            if frame.get("notices", True) is None:  # all read: the whole state again
                frame = await notifier.bell(user.id)
            texts.put_nowait(dumps(frame))

    writing = asyncio.get_running_loop().create_task(_pump(websocket, texts))
    relaying = asyncio.get_running_loop().create_task(relay())
    cfg = svc.settings
    limit = RateLimit(cfg.rate, cfg.burst, cfg.burst)
    try:
        while True:
            try:
                msg = await receive(websocket, cfg)
                if not limit.allow():
                    raise TableError("rate-limited", "rate-limited")
                if not (isinstance(msg, dict) and msg.get("type") == "read"):
                    raise TableError("malformed", "unknown-frame", kind=repr("?"))
                await notifier.read_all(user.id)
            except BadFrame as exc:
                await websocket.send_text(
                    dumps(TableError("malformed", "malformed", why=str(exc)).frame())
                )
            except TableError as exc:
                await websocket.send_text(dumps(exc.frame()))
    finally:
        notifier.unlisten(user.id, queue)
        relaying.cancel()
        writing.cancel()
        await asyncio.wait({writing, relaying})


# -- the lobby ------------------------------------------------------------------------------------


async def _lobby(websocket: WebSocket, svc: Services) -> None:
    """A lobby list's life: its first page now, then the page it shows whenever the lobby
    changes (its own task), its frames read until it goes; closed cleanly however it ends."""
    tables = svc.tables
    listener = LobbyListener()
    listener.offer(tables.lobby_text(listener.page))
    tables.lobby_listeners.add(listener)
    writing = asyncio.get_running_loop().create_task(_pump(websocket, listener.queue))
    try:
        await _read_lobby(websocket, svc, listener)
    finally:
        tables.lobby_listeners.discard(listener)
        writing.cancel()
        await asyncio.wait({writing})  # (never raises: the writer's end stays in its task)


async def _read_lobby(websocket: WebSocket, svc: Services, listener: LobbyListener) -> None:
    """A lobby list's frames until it goes: ``{"type": "page", "page": N}``, answered with
    that page; anything else, or frames past the connection's rate, refused (an error
    frame)."""
    cfg = svc.settings
    limit = RateLimit(cfg.rate, cfg.burst, cfg.burst)
    while True:
        try:
            msg = await receive(websocket, cfg)
            if not limit.allow():
                raise TableError("rate-limited", "rate-limited")
            listener.page = _page_asked(msg)
            listener.offer(svc.tables.lobby_text(listener.page))
            continue
        except BadFrame as exc:
            refusal = TableError("malformed", "malformed", why=str(exc))
        except TableError as exc:
            refusal = exc
        if refusal.code != "malformed" or limit.allow():
            await websocket.send_text(dumps(refusal.frame()))


def _page_asked(msg: Any) -> int:
    """The page a lobby frame asks for (TableError: not such a frame)."""
    if not isinstance(msg, dict):
        raise TableError("malformed", "frame-object")
    kind = msg.get("type")
    if kind != "page":
        shown = kind if isinstance(kind, str) and len(kind) <= 20 else "?"
        raise TableError("malformed", "unknown-frame", kind=repr(shown))
    return page_number(msg.get("page"))


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

    async def send_text(self, text: str) -> None:
        """A frame's text, queued (SlowClient: the outbox is full)."""
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            raise SlowClient from None

    async def write(self) -> None:
        """Send what is queued, as long as the connection lasts (its own task)."""
        await _pump(self.websocket, self.queue)

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
    if seat != SPECTATOR:
        await _attend(websocket, svc, table, seat, hello)
        return
    client = address(websocket)
    busy = svc.watchers.enter(client)  # a spectator: counted as one too
    if busy is not None:
        await _refuse(websocket, TableError("busy", busy), 4429)
        return
    try:
        await _attend(websocket, svc, table, seat, hello)
    finally:
        svc.watchers.leave(client)


async def _attend(
    websocket: WebSocket, svc: Services, table: Table, seat: int, hello: dict[str, Any]
) -> None:
    """A seat (or a spectator) that said hello, at the table until it goes: its connection
    (outbox, rate, account, name, chat allowance) attached, its frames read."""
    cfg = svc.settings
    outbox = Outbox(websocket)
    user = svc.club.user(websocket)
    client = address(websocket)
    name, refusal = _viewer_name(svc, table, seat, user, hello)
    conn = Connection(
        seat,
        outbox.send_text,
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


async def _hint(client: Client, msg: dict[str, Any]) -> None:
    await client.table.hint(client.conn, msg.get("version"))


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
    "hint": _hint,
    "hello": _hello,
}
