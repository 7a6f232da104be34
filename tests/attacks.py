"""The attacks of issue 27 ("a club server that cannot be rigged or knocked over"), each at the
scale the issue tried it, against a real server with the limits it ships with.

Each attack is a function of a database URL that starts its own server (``Running``), tries
the attack and returns an :class:`Outcome`: how many of its tries got through and how many the
server let through at most while holding (its limit).  ``benchmarks/fuzz_server.py
--attacks`` runs the catalogue and prints what the issue measured beside what the server does
now; ``tests/server/test_attacks.py`` runs it once, so that neither rots.
"""

from __future__ import annotations

import functools
import json
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed

from server_util import (
    PASSWORD,
    Running,
    Watcher,
    bot,
    client,
    live,
    login,
    person,
    post,
    say,
    try_register,
    wait_until,
)
from ulti.server.guard import ServerSettings
from ulti.server.tables.base import Table

#: the server as shipped, but for one computer player's seed a table (quick to start)
SHIPPED = replace(ServerSettings(), table_seeds=1)
#: the same behind a proxy on loopback, so that one test client can be many addresses
PROXIED = replace(SHIPPED, forwarded_allow_ips="127.0.0.1")


@dataclass(frozen=True)
class Outcome:
    """``through`` of ``tries`` got what the attacker wanted; the server holds when at most
    ``allowed`` did (what its limits let anyone have)."""

    name: str
    before: str  # what the issue measured
    tries: int
    through: int
    allowed: int

    @property
    def held(self) -> bool:
        return self.through <= self.allowed

    def row(self) -> tuple[str, str, str, str]:
        now = f"{self.through} of {self.tries} (at most {self.allowed} allowed)"
        return self.name, self.before, now, "held" if self.held else "FELL"


def registrations(db: str, scale: float = 1.0) -> Outcome:
    """Item 6: one address makes accounts as fast as it can."""
    n = max(8, round(400 * scale))
    with Running(db, SHIPPED) as srv:
        made = 0
        for i in range(n):
            with client(srv) as c:
                made += try_register(c, f"Bot {i}").status_code == 201
    return Outcome(
        "registrations from one address",
        "400 of 400 in ~3 min",
        n,
        made,
        int(SHIPPED.register_burst),
    )


IMPERSONATIONS = ["аlice", "bοb", "ａｌｉｃｅ", "𝐚𝐥𝐢𝐜𝐞", "alıce", "aliceㅤ"]


def impersonation(db: str, scale: float = 1.0) -> Outcome:
    """Item 6: names that look like an account's, as accounts and as guests' seats (each from
    an address of its own, so that no registration limit hides the answer)."""
    with Running(db, PROXIED) as srv:
        for i, name in enumerate(("alice", "bob")):
            with client(srv, f"198.51.100.{i}") as c:
                assert try_register(c, name).status_code == 201
        through = 0
        for i, name in enumerate(IMPERSONATIONS):
            with client(srv, f"203.0.113.{i}") as c:
                through += try_register(c, name).status_code == 201
                made = post(c, "/api/tables", {"deals": 3, "seats": [person(name), bot(), bot()]})
                through += made.status_code == 201
        guest = httpx.post(
            f"{srv.base}/api/tables", json={"deals": 3, "seats": [person("alice"), bot(), bot()]}
        )
        through += guest.status_code == 201
    return Outcome(
        "names like an account's",
        "6 of 6 registered; a guest sat as alice",
        2 * len(IMPERSONATIONS) + 1,
        through,
        0,
    )


def lockout(db: str, scale: float = 1.0) -> Outcome:
    """Item 4: an attacker tries the owner's name again and again from one address; the owner
    logs in meanwhile, as often as her own allowance lets anyone, from the browser she
    registered with and from a new one.  ``through``: her correct logins refused."""
    rounds = int(SHIPPED.login_burst)
    guesses = max(2, round(4 * scale))
    with Running(db, PROXIED) as srv, client(srv, "198.51.100.7") as owner:
        assert try_register(owner, "Anna").status_code == 201
        refused = 0
        with client(srv, "203.0.113.9") as attacker:
            for i in range(rounds):
                for j in range(guesses):
                    login(attacker, "Anna", f"guess-{i}-{j}")
                refused += login(owner, "Anna").status_code != 200
                with client(srv, f"198.51.100.{20 + i}") as new_browser:
                    refused += login(new_browser, "Anna").status_code != 200
    return Outcome("the owner locked out", "9 of 10 correct logins got 429", 2 * rounds, refused, 0)


def logout(db: str, scale: float = 1.0) -> Outcome:
    """Item 5: a cookie kept from before logging out, then used."""
    rated = {
        "deals": 3,
        "public": True,
        "rated": True,
        "seats": [{"kind": "person", "me": True}, {"kind": "open"}, bot()],
    }
    with Running(db, SHIPPED) as srv, client(srv) as c:
        assert try_register(c, "Anna").status_code == 201
        kept = dict(c.cookies.items())
        assert post(c, "/api/logout").status_code == 200
        with client(srv) as thief:
            thief.cookies.update(kept)
            through = int(thief.get("/api/me").json()["user"] is not None)
            through += post(thief, "/api/tables", rated).status_code == 201
    return Outcome("a cookie after logout", "made a rated table", 2, through, 0)


def kontra(db: str, scale: float = 1.0) -> Outcome:
    """Item 7: tables with no kontra cap or one beyond what storage holds."""
    caps = [0, 17, 64, 70, 10**9]
    with Running(db, SHIPPED) as srv:
        made = sum(
            httpx.post(
                f"{srv.base}/api/tables",
                json={"deals": 3, "seats": [person(), bot(), bot()], "options": {"max_kontra": c}},
            ).status_code
            == 201
            for c in caps
        )
    return Outcome(
        "kontra without a cap", "0 (no cap) the default; 70 levels overflowed", len(caps), made, 0
    )


def spoofing(db: str, scale: float = 1.0) -> Outcome:
    """Item 8: from loopback with no proxy named, a new ``X-Forwarded-For`` each login try.
    ``through``: tries past the limit's burst that were not refused."""
    n = max(8, round(12 * scale))
    with Running(db, SHIPPED) as srv:
        started = time.monotonic()
        codes = [
            httpx.post(
                f"{srv.base}/api/login",
                json={"name": "Anna", "password": PASSWORD + "x"},
                headers={"X-Forwarded-For": f"10.9.1.{i}"},
            ).status_code
            for i in range(n)
        ]
        seconds = time.monotonic() - started
    burst = int(SHIPPED.login_burst)
    # past the burst, only what the bucket filled meanwhile (one try each 1/rate seconds)
    refilled = int(SHIPPED.login_rate * seconds)
    return Outcome(
        "X-Forwarded-For from anyone",
        "12 of 12 tries got 401 (never 429)",
        n,
        sum(c != 429 for c in codes[burst:]),
        refilled,
    )


def chat(db: str, scale: float = 1.0) -> Outcome:
    """Item 10: a guest who watches reconnects under a new name for every message."""
    n = max(10, round(200 * scale))
    with Running(db, SHIPPED) as srv:
        t = srv.create([person("Kata"), person("Jenő"), bot()], public=True)
        started = time.monotonic()
        for i in range(n):
            w = Watcher(srv, t["id"], name=f"Vendég {i}")
            say(w, f"üzenet {i}")
            w.close()
        seconds = time.monotonic() - started
        stored = len(srv.app.state.store.chat(t["id"]))
    # a watching guest's allowance is their address's: the burst, and the rate meanwhile
    allowed = int(SHIPPED.chat_burst + SHIPPED.chat_rate * seconds) + 1
    return Outcome("chat by reconnecting", "200 of 200 in 15 s, all stored", n, stored, allowed)


def seat_grab(db: str, scale: float = 1.0) -> Outcome:
    """Item 1: at a rated table ``[me, open, random]`` Bob takes seat 1 and the creator at
    once gives it to a computer player (before his websocket opens), by her cookie and by her
    seat's token; then Bob asks for his seat back.  ``through``: what she got, and Bob's
    seat not his."""
    rated = {
        "deals": 3,
        "public": True,
        "rated": True,
        "bot_spec": "random",
        "seats": [{"kind": "person", "me": True}, {"kind": "open"}, bot("random")],
    }
    n = max(1, round(4 * scale))
    through = 0
    with Running(db, SHIPPED) as srv, client(srv) as alice:
        assert try_register(alice, "Alíz").status_code == 201
        for i in range(n):
            with client(srv) as bob:
                assert try_register(bob, f"Bob {i}").status_code == 201
                t = post(alice, "/api/tables", rated).json()
                url = f"/api/tables/{t['id']}"
                assert post(bob, f"{url}/seats/1").status_code == 201
                through += post(alice, f"{url}/seats/1/bot", {"spec": "random"}).status_code == 200
                by_token = httpx.post(
                    f"{srv.base}{url}/seats/1/bot",
                    json={"spec": "random"},
                    headers={"Authorization": f"Bearer {t['tokens']['0']}"},
                )
                through += by_token.status_code == 200
                again = post(bob, f"{url}/seat")
                through += again.status_code != 200 or again.json().get("seat") != 1
    return Outcome(
        "a creator gives a player's seat away",
        "200, and the player could not take it back (404)",
        3 * n,
        through,
        0,
    )


def kept(t: Table) -> bool:
    """The table's session is over and all its results are kept (its ratings too)."""
    return t.session.is_over() and t.results.recorded == len(t.session.deals)


def private(db: str, scale: float = 1.0) -> Outcome:
    """Item 11: an outsider looks for a private table through its creator's profile and its
    id.  ``through``: each look that showed it (its id in the profile, its players)."""
    n = max(1, round(3 * scale))
    through = 0
    with Running(db, SHIPPED) as srv, client(srv) as anna:
        assert try_register(anna, "Anna").status_code == 201
        ids = []
        for _ in range(n):  # each played to its end (her seat handed to a computer player)
            seats = [{"kind": "person", "me": True}, bot("random", "Cili"), bot("random")]
            table_id = post(anna, "/api/tables", {"deals": 3, "seats": seats}).json()["id"]
            gave = post(anna, f"/api/tables/{table_id}/seats/0/bot", {"spec": "random"})
            assert gave.status_code == 200, gave.text
            t = live(srv, table_id)
            wait_until(functools.partial(kept, t), "the session's results kept", 300)
            ids.append(table_id)
        with client(srv) as outsider:
            profile = outsider.get("/u/Anna").text + outsider.get("/api/users/Anna").text
            for table_id in ids:
                through += table_id in profile
                facts = outsider.get(f"/api/tables/{table_id}")
                through += facts.status_code == 200 or "Cili" in facts.text
    return Outcome(
        "a private table seen by outsiders",
        "its id, total and rank in the profile; its players by id",
        2 * n,
        through,
        0,
    )


def lobby_flood(db: str, scale: float = 1.0) -> Outcome:
    """Item 2: one address opens lobby lists as fast as it can (2,150 made every request from
    anyone answer 503).  ``through``: lists opened past the address's cap, and requests of
    another address refused meanwhile."""
    n = max(12, round(2150 * scale))
    opened: list[Any] = []
    through = 0
    with Running(db, PROXIED) as srv:
        for _ in range(n):
            c = srv.ws_path("/ws/lobby", "203.0.113.66")
            try:
                first = json.loads(c.recv(timeout=30))
            except ConnectionClosed:
                first = {}
            if first.get("type") == "lobby":
                opened.append(c)
            else:
                c.close()
        with client(srv, "198.51.100.5") as other:
            through += other.get("/api/lobby").status_code != 200
            try:
                mine = srv.ws_path("/ws/lobby", "198.51.100.5")
                through += json.loads(mine.recv(timeout=30)).get("type") != "lobby"
                mine.close()
            except ConnectionClosed:
                through += 1
        allowed = SHIPPED.lobby_per_address
        through += max(0, len(opened) - allowed)
        for c in opened:
            c.close()
    return Outcome(
        "lobby lists from one address",
        "2,150 sockets: every request from anyone 503",
        n + 2,
        through,
        0,
    )


def slow_headers(db: str, scale: float = 1.0) -> Outcome:
    """Item 2: half-sent request headers, never finished (2,150 held the server for over 30 s
    and were never closed).  ``through``: connections still open after the header deadline,
    and a whole request refused once they are closed."""
    n = max(8, round(2150 * scale))
    socks: list[socket.socket] = []
    with Running(db, SHIPPED) as srv:
        for _ in range(n):
            try:
                sock = socket.create_connection(("127.0.0.1", srv.port), timeout=30)
                sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ")
                socks.append(sock)
            except OSError:  # refused at once: held by no one
                continue
        deadline = time.monotonic() + SHIPPED.header_timeout + 30
        still_open = 0
        for sock in socks:
            sock.settimeout(max(0.1, deadline - time.monotonic()))
            try:
                while sock.recv(4096):
                    pass  # the 408 (or the 429 of the per-address cap), then the close
            except (TimeoutError, OSError) as exc:
                still_open += isinstance(exc, TimeoutError)
            sock.close()
        answered = httpx.get(f"{srv.base}/api/health", timeout=30).status_code == 200
    return Outcome(
        "half-sent request headers",
        "2,150 held for over 30 s, never closed",
        n + 1,
        still_open + (not answered),
        0,
    )


ATTACKS: dict[str, Callable[[str, float], Outcome]] = {
    "registrations": registrations,
    "impersonation": impersonation,
    "lockout": lockout,
    "logout": logout,
    "kontra": kontra,
    "spoofing": spoofing,
    "chat": chat,
    "seat-grab": seat_grab,
    "private": private,
    "lobby-flood": lobby_flood,
    "slow-headers": slow_headers,
}
