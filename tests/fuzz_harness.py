"""Throwing inputs at a live server and checking what each one did (the fuzz test and
``benchmarks/fuzz_server.py`` share it; they differ only in how inputs are generated).

The target is a real server on a loopback port with two tables of three people: table A, whose
three seats the harness holds open (so a frame can come from the seat whose turn it is or from
another), and table B, whose tokens are "another table's".  Each input is one of:

* ``ws``: a frame on one of A's authenticated connections (text, binary, or text that is not
  UTF-8);
* ``first``: the first frame of a new, not yet authenticated connection;
* ``http``: an HTTP request (a body for ``POST /api/tables``, or a GET of some path).

After each the harness checks: the answer is an error frame (or the pong / state a ping or
hello asks for), or a clean close (a close frame with a code, never a dropped connection), or
an HTTP answer below 500; A's state and version are unchanged (and no table appeared, unless
the server answered 201 to a valid body); the server answers.  The server's log is checked for
tracebacks by the caller.
"""

from __future__ import annotations

import json
import random
import string
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from server_util import Running, Seat, person
from ulti.games.ulti.actions import ActionParseError, parse_action
from ulti.server.guard import BadInput, loads


@dataclass(frozen=True)
class Input:
    kind: str  # ws | first | http
    seat: int = 0
    data: str | bytes = ""
    text: bool = True  # a text frame (bytes sent as text: not UTF-8)
    method: str = "POST"
    path: str = "/api/tables"
    headers: dict[str, str] = field(default_factory=dict)

    def short(self) -> str:
        d = self.data if isinstance(self.data, str) else repr(self.data)
        return f"{self.kind} seat={self.seat} {self.method} {self.path} {d[:120]!r}"


class Target:
    """The live server and its two tables (see the module documentation)."""

    def __init__(self, srv: Running) -> None:
        self.srv = srv
        a = srv.create([person("A0"), person("A1"), person("A2")])
        b = srv.create([person("B0"), person("B1"), person("B2")])
        self.a, self.b = a["id"], b["id"]
        self.tokens_a = {int(k): v for k, v in a["tokens"].items()}
        self.tokens_b = {int(k): v for k, v in b["tokens"].items()}
        self.table = srv.app.state.tables.get(self.a)
        self.seats: dict[int, Seat] = {}
        for s in range(3):
            self._connect(s)
        self.turn = self.table.deal.current_player
        self.legal = [str(a) for a in self.table.deal.legal_actions()]
        self.before = self.state()
        self.inputs = 0
        self.http = httpx.Client(base_url=srv.base, timeout=20)

    def _connect(self, seat: int) -> None:
        self.seats[seat] = Seat(self.srv, self.a, seat, self.tokens_a[seat])

    def state(self) -> tuple[Any, ...]:
        t = self.table
        return (
            t.version,
            len(t.events),
            tuple(str(a) for _, a in t.deal.history),
            len(self.srv.app.state.tables.live),
        )

    @property
    def version(self) -> int:
        return int(self.table.version)

    # -- what would change the game (never sent: the harness throws only bad inputs) ----

    def would_act(self, inp: Input) -> bool:
        """Whether a ``ws`` input is a valid action (it would change A, so it is not sent)."""
        if inp.kind != "ws" or not inp.text or isinstance(inp.data, bytes):
            return False
        try:
            msg = loads(inp.data, self.srv.settings.max_depth)
        except BadInput:
            return False
        if not isinstance(msg, dict) or msg.get("type") != "action":
            return False
        v, text = msg.get("version"), msg.get("action")
        if (
            inp.seat != self.turn
            or not isinstance(v, int)
            or isinstance(v, bool)
            or v != self.version
            or not isinstance(text, str)
            or len(text) > 96
        ):
            return False
        try:
            return str(parse_action(text)) in self.legal
        except ActionParseError:
            return False

    def would_hello(self, inp: Input) -> bool:
        """Whether a ``first`` input is a valid hello for a seat of A (it would take the seat
        over from the harness)."""
        return self._hello_for(inp, self.a, self.tokens_a)

    def _hello_for(self, inp: Input, table: str, tokens: dict[int, str]) -> bool:
        if inp.kind != "first" or isinstance(inp.data, bytes) or inp.path != f"/ws/{table}":
            return False
        try:
            msg = loads(inp.data, self.srv.settings.max_depth)
        except BadInput:
            return False
        seat = msg.get("seat") if isinstance(msg, dict) else None
        return (
            isinstance(msg, dict)
            and msg.get("type") == "hello"
            and type(seat) is int
            and seat in tokens
            and msg.get("token") == tokens[seat]
        )

    # -- sending one input and checking what it did --------------------------------------

    def throw(self, inp: Input) -> str:
        """Send one input; returns what came back.  AssertionError: the server misbehaved."""
        self.inputs += 1
        if inp.kind == "ws":
            got = self._ws(inp)
        elif inp.kind == "first":
            got = self._first(inp)
        else:
            got = self._http(inp)
        after = self.state()
        if got == "created":  # a valid body: one table more, nothing else
            assert after[:3] == self.before[:3], (inp.short(), self.before, after)
            self.before = after
        else:
            assert after == self.before, (inp.short(), self.before, after)
        return got

    def _ws(self, inp: Input) -> str:
        seat = self.seats[inp.seat]
        try:
            if isinstance(inp.data, bytes):
                seat.conn.send(inp.data, text=inp.text)
            else:
                seat.conn.send(inp.data)
            f = seat.recv(timeout=20)
            seat.frames.clear()  # a million inputs: keep no history
        except ConnectionClosed as exc:
            assert exc.rcvd is not None, f"{inp.short()}: dropped without a close frame"
            assert exc.rcvd.code in (1007, 1009, 1002, 1003), (inp.short(), exc.rcvd)
            self._connect(inp.seat)
            return f"closed {exc.rcvd.code}"
        kind = f.get("type")
        assert kind in ("error", "pong", "replay", "sync"), (inp.short(), str(f)[:300])
        if kind == "error":
            assert isinstance(f.get("code"), str) and isinstance(f.get("message"), str)
            assert len(f["message"]) <= 600, (inp.short(), f["message"][:100])
            return f"error {f['code']}"
        assert f["version"] == self.before[0]
        return str(kind)

    def _first(self, inp: Input) -> str:
        try:
            conn = self.srv.ws_path(inp.path)
        except InvalidHandshake as exc:  # a path the server does not serve: refused (404)
            return f"refused {type(exc).__name__}"
        try:
            if isinstance(inp.data, bytes):
                conn.send(inp.data, text=inp.text)
            else:
                conn.send(inp.data)
            f = json.loads(conn.recv(timeout=20))
            if f.get("type") in ("sync", "replay"):  # a valid hello for table B: fine
                assert self._hello_for(inp, self.b, self.tokens_b), inp.short()
                return "sync"
            assert f.get("type") == "error", (inp.short(), str(f)[:300])
            try:
                conn.recv(timeout=20)
                raise AssertionError(f"{inp.short()}: not closed after a bad first frame")
            except ConnectionClosed as exc:
                assert exc.rcvd is not None and exc.rcvd.code in (4401, 4404), inp.short()
            return f"error {f['code']}"
        except ConnectionClosed as exc:  # closed by the protocol (too large, not UTF-8)
            assert exc.rcvd is not None, f"{inp.short()}: dropped without a close frame"
            return f"closed {exc.rcvd.code}"
        finally:
            conn.close()

    def _http(self, inp: Input) -> str:
        content = inp.data.encode() if isinstance(inp.data, str) else inp.data
        r = self.http.request(inp.method, inp.path, content=content or None, headers=inp.headers)
        assert r.status_code < 500, (inp.short(), r.status_code, r.text[:200])
        assert "Traceback" not in r.text
        if r.status_code == 201:
            return "created"
        return f"http {r.status_code}"

    def alive(self) -> None:
        """The server still answers, on HTTP and on every seat of A."""
        assert self.http.get("/api/health").json()["ok"]
        for seat in self.seats.values():
            seat.send({"type": "ping"})
            f = seat.recv(timeout=20)
            while f.get("type") == "error" and f.get("code") == "rate-limited":
                f = seat.recv(timeout=20)
            assert f["type"] == "pong" and f["version"] == self.version

    def close(self) -> None:
        for s in self.seats.values():
            s.close()
        self.http.close()


# -- the vocabulary inputs are built from ---------------------------------------------------

FRAME_TYPES = [
    "action",
    "hello",
    "ping",
    "pong",
    "event",
    "sync",
    "Action",
    "",
    "dance",
    "action\u0000",
    "héllo",
]
ACTION_TEXTS = [
    "pass",
    "pickup",
    "claim",
    "bid simple",
    "bid 40-100 ulti",
    "bid betli",
    "discard ♥A ♠7",
    "discard HA HA",
    "trump hearts",
    "trump",
    "kontra ulti",
    "rekontra simple",
    "marriage hearts",
    "play ♥A",
    "play ZZ",
    "play",
    "bid",
    "passz",
    "bid piros passz",
    "discard",
    "x" * 97,
    "",
    " ",
    "\u202e",
    "🂡",
    "play ♥A ♥K",
    "kontra",
    "bid 9999",
]


def random_input(rng: random.Random, t: Target) -> Input:
    """One input, drawn by ``rng`` (the benchmark's generator; the test uses hypothesis)."""
    r = rng.random()
    if r < 0.7:
        return Input("ws", rng.randrange(3), *random_frame(rng, t))
    if r < 0.8:
        data, text = random_frame(rng, t, first=True)
        path = f"/ws/{t.a}" if rng.random() < 0.8 else f"/ws/{t.b if rng.random() < 0.5 else 'x'}"
        return Input("first", 0, data, text, "GET", path)
    return random_http(rng, t)


def random_frame(rng: random.Random, t: Target, first: bool = False) -> tuple[str | bytes, bool]:
    r = rng.random()
    if r < 0.05:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40))), False  # binary
    if r < 0.08:
        return b"\xff\xfe" + b"{}", True  # a text frame that is not UTF-8
    if r < 0.10:
        return "x" * rng.choice([4097, 5000, 70000]), True  # larger than the server reads
    if r < 0.18:
        return random_text(rng), True
    if r < 0.28:
        return json.dumps(random_json(rng, 0)), True
    if r < 0.32:
        depth = rng.randrange(5, 60)
        return "[" * depth + "1" + "]" * depth, True
    msg: dict[str, Any] = {
        "type": "hello" if first and rng.random() < 0.7 else rng.choice(FRAME_TYPES)
    }
    if msg["type"] == "hello" or rng.random() < 0.2:
        seat = rng.choice([0, 1, 2, 3, -1, "0", None, True, 2**40])
        tokens = (
            [t.tokens_b.get(s) for s in range(3)]
            + [t.tokens_a[(s + 1) % 3] for s in range(3)]
            + ["", "x", None, 7, random_text(rng), t.tokens_a[0][:-1] + "A"]
        )
        msg.update(seat=seat, token=rng.choice(tokens))
        if rng.random() < 0.5:
            msg["since"] = rng.choice([None, -1, 0, t.version, t.version + 1, 10**12, "1", 1.5])
    if msg["type"] == "action" or rng.random() < 0.2:
        pool = ACTION_TEXTS + t.legal
        msg["action"] = rng.choice([*pool, random_text(rng), 7, None, ["pass"], {"a": 1}])
        msg["version"] = rng.choice(
            [
                t.version,
                t.version - 1,
                t.version + 1,
                -1,
                10**18,
                2**63,
                str(t.version),
                None,
                1.0,
                True,
                [t.version],
            ]
        )
    if rng.random() < 0.1:
        msg[random_text(rng, 8)] = random_json(rng, 2)
    return json.dumps(msg, ensure_ascii=rng.random() < 0.5), True


def random_text(rng: random.Random, n: int | None = None) -> str:
    alphabet = string.printable + 'áéőűÁ♥♣♠♦\u0000\u202e\u200b🂡{}[]"\\'
    return "".join(
        rng.choice(alphabet) for _ in range(n if n is not None else rng.randrange(0, 60))
    )


def random_json(rng: random.Random, depth: int) -> Any:
    r = rng.random()
    if depth > 4 or r < 0.4:
        return rng.choice(
            [None, True, False, 0, -1, 2**63, 1e308, -0.5, "", random_text(rng), "play ♥A", 10**30]
        )
    if r < 0.7:
        return [random_json(rng, depth + 1) for _ in range(rng.randrange(0, 4))]
    return {random_text(rng, 6): random_json(rng, depth + 1) for _ in range(rng.randrange(4))}


def random_http(rng: random.Random, t: Target) -> Input:
    r = rng.random()
    if r < 0.6:  # a body for POST /api/tables: near-valid or not at all
        body: Any = {"seats": [person("A"), person("B"), person("C")], "deals": 3}
        for _ in range(rng.randrange(1, 4)):
            key = rng.choice(["seats", "deals", "preset", "options", "lang", "extra"])
            body[key] = rng.choice(
                [
                    random_json(rng, 1),
                    None,
                    -3,
                    10**40,
                    "standard ",
                    {"max_kontra": 10**9},
                    {"four_aces": "x"},
                    [{"kind": "bot", "name": "X", "spec": "pimc:ms=nan"}] * 3,
                    [{"kind": "person", "name": "\u202e" * 5}] * 3,
                    "hu-HU",
                    49,
                    2.5,
                    [{"kind": "bot", "name": "B", "spec": "pimc:samples=100000"}] * 3,
                ]
            )
        data: str | bytes = json.dumps(body)
        if rng.random() < 0.2:
            odd: list[str | bytes] = [
                random_text(rng),
                "[" * 3000,
                b"\xff" * 10,
                "x" * 20000,
                json.dumps(random_json(rng, 0)),
            ]
            data = rng.choice(odd)
        return Input(
            "http", 0, data, True, "POST", "/api/tables", {"content-type": "application/json"}
        )
    table = rng.choice([t.a, t.b, "nope", "../etc", "%00"])
    n = rng.choice([0, 1, -1, 2, 10**20, "x", "1.5"])
    path = rng.choice(
        [
            f"/api/tables/{table}",
            f"/api/tables/{table}/deals",
            f"/api/tables/{table}/deals/{n}/record.json",
            f"/api/tables/{table}/deals/{n}/steps",
            f"/replay/{table}/{n}",
            f"/t/{table}",
            "/docs",
            "/openapi.json",
            "/static/../app.py",
            f"/api/tables/{table}?token={t.tokens_b[0]}",
        ]
    )
    auth = rng.choice(
        [None, "Bearer", "Bearer x", f"Bearer {t.tokens_b[1]}", "Basic abc", "Bearer " + "x" * 3000]
    )
    headers = {"authorization": auth} if auth else {}
    return Input("http", 0, "", True, rng.choice(["GET", "GET", "DELETE", "PUT"]), path, headers)
