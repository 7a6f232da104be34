"""A club server that cannot be knocked over (issue 27, items 2, 9 and 12), tried as an
attacker would: connections of every kind capped per client address and in all (the lobby's
lists, seats, spectators, plain HTTP), requests whose headers or body never finish closed at a
deadline, spectators and the lobby's listeners that cost one frame built per event (not one per
listener), a lobby paged and capped whose unstarted tables expire, the security headers on
every answer, and many lobby lists closing at once without an error in the log."""

from __future__ import annotations

import http.client
import json
import logging
import random
import re
import socket
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner
from websockets.exceptions import ConnectionClosed
from websockets.frames import Close
from websockets.sync.client import ClientConnection

from server_util import Running, Seat, bot, client, person, post, register, wait_until
from ulti import i18n
from ulti.cli import app as cli
from ulti.server.guard import CSP
from ulti.server.tables import SPECTATOR, UltiTable

#: a server behind a proxy on the loopback: the ``X-Forwarded-For`` a test sends is believed,
#: so that one test process speaks from as many client addresses as it likes
PROXY: dict[str, Any] = {"forwarded_allow_ips": "127.0.0.1"}


def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'caps.sqlite3'}"


def lobby(srv: Running, at: str | None = None) -> ClientConnection:
    """A lobby list opened from ``at`` (through the proxy), once its first page came."""
    c = srv.ws_path("/ws/lobby", at)
    first = json.loads(c.recv(timeout=10))
    assert first["type"] == "lobby", first
    return c


def watch(srv: Running, table_id: str, at: str | None = None) -> ClientConnection:
    """A spectator's websocket from ``at``, once its hello was answered."""
    c = srv.ws_path(f"/ws/{table_id}", at)
    c.send(json.dumps({"type": "hello", "watch": True}))
    first = json.loads(c.recv(timeout=10))
    assert first["type"] == "sync", first
    return c


def refused(c: ClientConnection) -> tuple[dict[str, Any], Close]:
    """The error frame a refused websocket is sent, and the close that follows it."""
    frame: dict[str, Any] = json.loads(c.recv(timeout=10))
    with pytest.raises(ConnectionClosed) as closed:
        c.recv(timeout=10)
    assert closed.value.rcvd is not None
    return frame, closed.value.rcvd


def said(frame: dict[str, Any], key: str) -> bool:
    """Whether an error frame says ``error.KEY`` of the catalogue, in both languages."""
    return (frame["message"], frame["message_hu"]) == (
        i18n.text(f"error.{key}", "en"),
        i18n.text(f"error.{key}", "hu"),
    )


# -- item 2: connections of every kind, capped ------------------------------------------------


def test_lobby_lists_are_capped_per_address_and_another_address_still_gets_in(
    tmp_path: Path,
) -> None:
    """Issue 27 item 2: 2,150 lobby sockets from one address made every HTTP request answer
    503.  An address now has ``lobby_per_address`` of them; the next is refused, its reason
    in an error frame in both languages and in the close (4429), and another address still
    comes in."""
    with Running(db(tmp_path), lobby_per_address=3, **PROXY) as srv:
        mine = [lobby(srv, "203.0.113.7") for _ in range(3)]
        frame, close = refused(srv.ws_path("/ws/lobby", "203.0.113.7"))
        assert frame["code"] == "busy" and said(frame, "busy-lobby-address")
        assert close.code == 4429 and close.reason == frame["message"]
        theirs = lobby(srv, "198.51.100.2")
        assert httpx.get(f"{srv.base}/api/health").status_code == 200
        counts = srv.app.state.services.lobby_sockets
        assert counts.by_address == {"203.0.113.7": 3, "198.51.100.2": 1}
        for c in (*mine, theirs):
            c.close()
        wait_until(lambda: counts.total == 0, "the lists closed")
        assert srv.app.state.services.connections.total == 0


def test_lobby_lists_are_capped_in_all(tmp_path: Path) -> None:
    """Item 2: many addresses together have ``max_lobby`` lists at most; the next is refused
    until one closes."""
    with Running(db(tmp_path), max_lobby=3, **PROXY) as srv:
        lists = [lobby(srv, f"203.0.113.{i}") for i in range(1, 4)]
        frame, close = refused(srv.ws_path("/ws/lobby", "203.0.113.9"))
        assert said(frame, "busy-lobby-server") and close.code == 4429
        lists[0].close()
        counts = srv.app.state.services.lobby_sockets
        wait_until(lambda: counts.total == 2, "a list closed")
        lists[0] = lobby(srv, "203.0.113.9")
        for c in lists:
            c.close()


def test_every_kind_of_websocket_counts_in_the_caps_of_all_websockets(tmp_path: Path) -> None:
    """Item 2: the lobby's lists and spectators count in ``max_per_address`` and
    ``max_connections`` beside seats (a flood of one kind leaves no room it may not take)."""
    with Running(db(tmp_path), max_per_address=3, **PROXY) as srv:
        t = srv.create([person(), person(), person()], public=True)
        held = [lobby(srv, "203.0.113.7"), lobby(srv, "203.0.113.7")]
        held.append(watch(srv, t["id"], "203.0.113.7"))
        frame, close = refused(srv.ws_path(f"/ws/{t['id']}", "203.0.113.7"))
        assert said(frame, "busy-address") and close.code == 4429
        frame, close = refused(srv.ws_path("/ws/lobby", "203.0.113.7"))
        assert said(frame, "busy-address") and close.code == 4429
        for c in held:
            c.close()
    with Running(db(tmp_path), max_connections=2, **PROXY) as srv:
        t = srv.create([person(), person(), person()])
        held = [lobby(srv, "203.0.113.1"), lobby(srv, "203.0.113.2")]
        frame, close = refused(srv.ws_path(f"/ws/{t['id']}", "203.0.113.3"))
        assert said(frame, "busy-server") and close.code == 4429
        for c in held:
            c.close()


def test_spectators_are_capped_per_address_and_in_all(tmp_path: Path) -> None:
    """Item 2: ``watch_per_address`` spectators per address and ``max_watchers`` in all; a
    seat is no spectator (its person always comes in)."""
    with Running(db(tmp_path), watch_per_address=2, max_watchers=3, **PROXY) as srv:
        t = srv.create([person(), bot(), bot()], public=True)
        watching = [watch(srv, t["id"], "203.0.113.7") for _ in range(2)]
        extra = srv.ws_path(f"/ws/{t['id']}", "203.0.113.7")
        extra.send(json.dumps({"type": "hello", "watch": True}))
        frame, close = refused(extra)
        assert said(frame, "busy-watch-address") and close.code == 4429
        watching.append(watch(srv, t["id"], "198.51.100.2"))
        extra = srv.ws_path(f"/ws/{t['id']}", "198.51.100.3")
        extra.send(json.dumps({"type": "hello", "watch": True}))
        frame, close = refused(extra)
        assert said(frame, "busy-watch-server") and close.code == 4429
        seat = Seat(srv, t["id"], 0, t["tokens"]["0"])
        assert seat.frames[0]["type"] == "sync"
        for c in watching:
            c.close()
        seat.close()
        watchers = srv.app.state.services.watchers
        wait_until(lambda: watchers.total == 0, "the spectators gone")


def read_all(sock: socket.socket) -> bytes:
    """Everything the server sends on ``sock`` until it closes it (the socket's timeout
    when it never does)."""
    chunks = []
    while chunk := sock.recv(65536):
        chunks.append(chunk)
    return b"".join(chunks)


def connect(port: int, source: str = "127.0.0.1") -> socket.socket:
    """A plain TCP connection to the server from ``source`` (any address of the loopback's
    127.0.0.0/8 is this machine)."""
    return socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))


def refusal_of(answer: bytes, status: int) -> dict[str, Any]:
    """The body of an answer the server wrote itself (its status ``status``), in both
    languages."""
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(f"HTTP/1.1 {status} ".encode()), answer[:200]
    words: dict[str, Any] = json.loads(body)
    assert words["detail"] and words["detail_hu"]
    return words


def test_a_request_whose_headers_do_not_come_in_time_is_closed(tmp_path: Path) -> None:
    """Item 2: 2,150 half-sent request headers (slow HTTP) held the server's connections for
    over 30 s and were never closed.  A request's line and headers have ``header_timeout``
    seconds (from the connection; on a kept-alive connection from the next request's first
    byte), then 408 and the connection is closed; one that sent nothing is closed too."""
    with Running(db(tmp_path), header_timeout=0.3) as srv:
        with connect(srv.port) as sock:
            sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            words = refusal_of(read_all(sock), 408)
        assert words["detail"] == i18n.text("error.request-timeout", "en")
        with connect(srv.port) as idle:
            assert read_all(idle) == b""
        kept = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=10)
        kept.request("GET", "/api/health")
        assert kept.getresponse().read()  # answered, and kept alive
        assert kept.sock is not None
        kept.sock.sendall(b"GET /api/health HTTP/1.1\r\n")
        refusal_of(read_all(kept.sock), 408)
        kept.close()
        assert httpx.get(f"{srv.base}/api/health").status_code == 200
        assert not srv.log.tracebacks()


def test_a_request_whose_body_does_not_come_in_time_is_closed(tmp_path: Path) -> None:
    """Item 2: a body has ``body_timeout`` seconds after its headers; then 408, the
    connection is closed, nothing is made and nothing is logged as an error."""
    with Running(db(tmp_path), body_timeout=0.3) as srv:
        with connect(srv.port) as sock:
            sock.sendall(
                b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                b'Content-Length: 200\r\n\r\n{"seats": ['
            )
            refusal_of(read_all(sock), 408)
        state = srv.server.server_state
        wait_until(lambda: not state.tasks, "the request's task ended")
        assert not srv.app.state.tables.live
        assert not [r for r in srv.log.records if r.levelno >= logging.ERROR]


def get_health(port: int, source: str) -> bytes:
    with connect(port, source) as sock:
        sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        return read_all(sock)


def test_http_connections_are_capped_per_address_but_a_proxy_is_not(tmp_path: Path) -> None:
    """Item 2: an address holds ``http_per_address`` connections open; the next is answered
    429 at once, while another address is served.  A proxy named in ``forwarded_allow_ips``
    speaks for many clients: it is not held to the cap (it caps them itself: docs/CLUB.md)."""
    with Running(db(tmp_path), http_per_address=3, header_timeout=60) as srv:
        held = [connect(srv.port) for _ in range(3)]
        for sock in held:
            sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")  # and no more
        with connect(srv.port) as fourth:  # answered before it says anything
            refusal_of(read_all(fourth), 429)
        assert get_health(srv.port, "127.0.0.2").startswith(b"HTTP/1.1 200")
        held.pop().close()
        wait_until(
            lambda: get_health(srv.port, "127.0.0.1").startswith(b"HTTP/1.1 200"),
            "room again for the address",
        )
        for sock in held:
            sock.close()
    with Running(db(tmp_path), http_per_address=3, header_timeout=60, **PROXY) as srv:
        held = [connect(srv.port) for _ in range(4)]
        for sock in held:
            sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
        assert get_health(srv.port, "127.0.0.1").startswith(b"HTTP/1.1 200")
        for sock in held:
            sock.close()


def test_ulti_serve_takes_the_caps_and_deadlines() -> None:
    """Item 2: every new limit is an ``ulti serve`` option, checked for range."""
    runner = CliRunner()
    for option in (
        "--lobby-per-address",
        "--max-lobby",
        "--watch-per-address",
        "--max-watchers",
        "--http-per-address",
        "--header-timeout",
        "--body-timeout",
        "--lobby-page",
        "--lobby-max",
        "--unstarted-table-ttl",
    ):
        r = runner.invoke(cli, ["serve", option, "0"], env={"COLUMNS": "200"})
        assert r.exit_code == 2 and f"{option[2:]}: between" in r.output, (option, r.output)


# -- item 9: spectators and the lobby cost one frame built per event --------------------------


@pytest.fixture
def serialized(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[tuple[str, int]]]:
    """How many times each frame is written as JSON text, by (type, version or page): every
    ``json.dumps`` of the process is counted while the test runs."""
    counts: Counter[tuple[str, int]] = Counter()
    real = json.dumps
    lock = threading.Lock()

    def counting(obj: Any, *args: Any, **kwargs: Any) -> str:
        if isinstance(obj, dict) and obj.get("type") in ("event", "lobby", "watchers"):
            with lock:
                counts[(str(obj["type"]), int(obj.get("version", obj.get("page")) or 0))] += 1
        return real(obj, *args, **kwargs)

    monkeypatch.setattr(json, "dumps", counting)  # (frames.dumps calls json.dumps)
    yield counts


def test_spectators_share_one_frame_per_event(
    tmp_path: Path, serialized: Counter[tuple[str, int]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 9: 300 spectators raised the server's CPU per action from 2.4 ms to 45 ms.  All
    spectators see the same projection: it is built once per event and written once, and
    the same text goes to each; each seat's own once too (3 seats + 5 spectators: 4
    texts of each event, one spectator's view)."""
    views: Counter[int] = Counter()
    real_view = UltiTable.view

    def counting_view(self: UltiTable, seat: int) -> Any:
        if seat == SPECTATOR:
            views[self.version] += 1
        return real_view(self, seat)

    monkeypatch.setattr(UltiTable, "view", counting_view)
    with Running(db(tmp_path)) as srv:
        t = srv.create([person(), person(), person()], public=True)
        seats = [Seat(srv, t["id"], i, t["tokens"][str(i)]) for i in range(3)]
        watchers = [watch(srv, t["id"]) for _ in range(5)]
        rng = random.Random(3)
        for _ in range(6):
            for s in seats:
                s.drain()
            mover = next(s for s in seats if s.my_turn())
            version = mover.version + 1
            mover.act(mover.choose(rng))
            for s in seats:
                while s.version < version:
                    s.recv()
            for w in watchers:  # every spectator gets the event, the same text
                texts: list[str] = []
                while not texts or json.loads(texts[-1]).get("version") != version:
                    texts.append(str(w.recv(timeout=10)))
            assert serialized[("event", version)] == 4, serialized
            assert views[version] == 1
        for s in seats:
            s.close()
        for w in watchers:
            w.close()


def test_the_lobby_is_paged_capped_and_built_once_per_page(
    tmp_path: Path, serialized: Counter[tuple[str, int]]
) -> None:
    """Item 9: the lobby listed every public table in one frame (320 entries, 117 KB), sent
    again to each listener, written once for each.  Now: ``lobby_page`` tables a page, the
    newest ``lobby_max`` at most, ``?page=N`` (HTTP) or ``{"type": "page"}`` (its socket);
    a change is built and written once for every listener of a page."""
    open_table = [person(), {"kind": "open"}, bot()]
    with Running(db(tmp_path), lobby_page=2, lobby_max=5) as srv:
        ids = [srv.create(open_table, public=True)["id"] for _ in range(7)]
        newest = ids[::-1][:5]
        first = httpx.get(f"{srv.base}/api/lobby").json()
        assert [e["id"] for e in first["tables"]] == newest[:2]
        assert (first["page"], first["pages"], first["total"]) == (1, 3, 5)
        last = httpx.get(f"{srv.base}/api/lobby", params={"page": 3}).json()
        assert [e["id"] for e in last["tables"]] == newest[4:] and last["page"] == 3
        assert httpx.get(f"{srv.base}/api/lobby?page=99").json()["page"] == 3
        for bad in ("0", "x", "-1", "1e3", "9" * 30):
            r = httpx.get(f"{srv.base}/api/lobby", params={"page": bad})
            assert r.status_code == 422 and r.json()["detail_hu"], bad
        listeners = [lobby(srv) for _ in range(3)]
        for c in listeners:
            c.send(json.dumps({"type": "page", "page": 2}))
            page = json.loads(c.recv(timeout=10))
            assert [e["id"] for e in page["tables"]] == newest[2:4] and page["page"] == 2
        on_first = lobby(srv)
        before = serialized[("lobby", 2)]
        made = srv.create(open_table, public=True)["id"]  # the others move down a place
        for c in listeners:
            page = json.loads(c.recv(timeout=10))
            assert [e["id"] for e in page["tables"]] == newest[1:3]
        assert json.loads(on_first.recv(timeout=10))["tables"][0]["id"] == made
        assert serialized[("lobby", 2)] == before + 1  # one text for the three listeners
        listeners[0].send(json.dumps({"type": "page", "page": "two"}))
        error = json.loads(listeners[0].recv(timeout=10))
        assert error["type"] == "error" and said(error, "bad-page")
        listeners[0].send(json.dumps({"type": "chat", "text": "hi"}))
        assert json.loads(listeners[0].recv(timeout=10))["code"] == "malformed"
        for c in (*listeners, on_first):
            c.close()


def lobby_until(c: ClientConnection, ok: Callable[[list[str]], bool]) -> list[str]:
    """The ids of the lobby's lists as they come, until one satisfies ``ok``."""
    while True:
        ids = [e["id"] for e in json.loads(c.recv(timeout=10))["tables"]]
        if ok(ids):
            return ids


def test_a_public_table_that_never_starts_leaves_the_lobby(tmp_path: Path) -> None:
    """Item 9: public tables that never started stayed listed forever.  After
    ``unstarted_table_ttl`` a table still waiting for players leaves the lobby (its
    listeners hear so) and its free seat is no longer taken; a table that started stays."""
    with Running(db(tmp_path), unstarted_table_ttl=1.5) as srv:
        c = lobby(srv)
        started = srv.create([person(), bot(), bot()], public=True)["id"]
        waiting = srv.create([person(), {"kind": "open"}, bot()], public=True)["id"]
        assert lobby_until(c, lambda ids: waiting in ids) == [waiting, started]
        assert lobby_until(c, lambda ids: waiting not in ids) == [started]
        r = httpx.post(f"{srv.base}/api/tables/{waiting}/seats/1", json={"name": "Feri"})
        assert r.status_code == 409 and r.json()["detail"] == i18n.text("error.table-expired", "en")
        assert [e["id"] for e in httpx.get(f"{srv.base}/api/lobby").json()["tables"]] == [started]
        c.close()


# -- item 12: the lobby's lists close cleanly; security headers --------------------------------


def test_many_lobby_lists_closing_at_once_log_no_error(tmp_path: Path) -> None:
    """Item 12: a ``CancelledError`` traceback came from the lobby's socket when many closed
    while the lobby changed.  A hundred lists close at once while tables are made: every one
    is let go, and nothing is logged at error level."""
    with Running(db(tmp_path), lobby_per_address=500, max_per_address=500) as srv:
        lists = [lobby(srv) for _ in range(100)]
        tables = srv.app.state.tables
        making = threading.Event()

        def make() -> None:
            while not making.is_set():
                srv.create([person(), {"kind": "open"}, bot()], public=True)

        maker = threading.Thread(target=make)
        maker.start()
        try:
            wait_until(lambda: len(tables.live) >= 3, "tables made meanwhile")
            with ThreadPoolExecutor(16) as pool:
                list(pool.map(lambda c: c.close(), lists))
            wait_until(lambda: not tables.lobby_listeners, "every list let go")
        finally:
            making.set()
            maker.join()
        assert srv.app.state.services.lobby_sockets.total == 0
        assert not [r for r in srv.log.records if r.levelno >= logging.ERROR]


def page_routes(srv: Running) -> list[str]:
    """A URL of every page the server serves (a replay once a deal is over, an organiser's
    event), the API and static files."""
    t = srv.create([bot("random"), bot("random"), bot("random")], public=True)
    with client(srv) as org:
        register(org, "Olga")
        srv.app.state.accounts.grant("Olga", "organiser")
        made = post(org, "/api/events", {"name": "Kupa", "deals": 3, "rounds": 1})
        assert made.status_code == 201, made.text
    wait_until(
        lambda: bool(httpx.get(f"{srv.base}/api/tables/{t['id']}/deals").json()),
        "a deal over",
    )
    return [
        "/",
        f"/t/{t['id']}",
        f"/replay/{t['id']}/1",
        "/leaderboard",
        "/u/Somebody",
        "/events",
        made.json()["link"],
    ]


def test_every_answer_carries_the_security_headers(tmp_path: Path) -> None:
    """Item 12: no answer said what a browser may run or who may frame it.  Every one now
    carries a Content Security Policy without inline script and with frame-ancestors
    'none', X-Frame-Options DENY, nosniff and a same-origin Referrer-Policy: pages, the API,
    static files, refusals, a 304; and no page has an inline script or handler."""
    assert "'unsafe-inline'" not in CSP and "'unsafe-eval'" not in CSP
    directives = dict(d.split(" ", 1) for d in CSP.split("; "))
    assert directives["script-src"] == "'self'" and directives["frame-ancestors"] == "'none'"
    with Running(db(tmp_path), max_body=2048) as srv:
        pages = page_routes(srv)
        urls = [
            *pages,
            "/favicon.ico",
            "/cards/hungarian-hu.svg",
            "/static/lobby.js",
            "/static/style.css",
            "/api/health",
            "/api/lobby",
            "/api/words",
            "/api/tables/nosuchtable",
            "/t/nosuchtable",
            "/e/nosuchevent",
        ]
        answers = [httpx.get(srv.base + url) for url in urls]
        etag = answers[0].headers["etag"]
        answers.append(httpx.get(srv.base + "/", headers={"If-None-Match": etag}))
        answers.append(httpx.post(f"{srv.base}/api/tables", content=b"x" * 4096))
        assert [r.status_code for r in answers[len(pages) :]] == [
            200,
            200,
            200,
            200,
            200,
            200,
            200,
            404,
            404,
            404,
            304,
            413,
        ]
        for r in answers:
            h = r.headers
            assert h["content-security-policy"] == CSP, r.url
            assert h["x-frame-options"] == "DENY" and h["x-content-type-options"] == "nosniff"
            assert h["referrer-policy"] == "same-origin"
        for r in answers[: len(pages)]:
            assert r.status_code == 200, r.url
            html = r.text
            scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", html, re.S)
            assert scripts, r.url
            for attributes, inline in scripts:  # every script a file of the site's
                assert " src=" in attributes and not inline.strip(), (r.url, attributes)
            assert not re.search(r"\son[a-z]+\s*=", html), r.url  # no inline handlers
