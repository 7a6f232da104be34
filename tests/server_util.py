"""Running the web server in a test: a real uvicorn on a loopback port, real websockets."""

from __future__ import annotations

import asyncio
import contextlib
import glob
import json
import logging
import os
import random
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from pathlib import Path
from typing import Any, cast

import httpx
import uvicorn
from alembic import command as alembic_command
from alembic.config import Config
from sqlalchemy import create_engine, text
from websockets.sync.client import ClientConnection, connect

from english_words import english_words_in
from fixtures import public_cards, require_system
from gated_jobs import Gated
from ulti.core.cards import FULL_DECK, code
from ulti.games.ulti.actions import ActionKind, parse_action
from ulti.games.ulti.deal import Deal
from ulti.games.ulti.observation import Observation
from ulti.server.app import create_app, uvicorn_config
from ulti.server.guard import ServerSettings
from ulti.server.store import MIGRATIONS, normalize_url
from ulti.server.tables import Table
from ulti.server.tables.jobs import JobQueue, Kind, PoolJob
from ulti.server.tables.ulti import UltiTable


def wait_until(done: Callable[[], bool], what: str, timeout: float = 30.0) -> None:
    """Wait for something the server does (a closed connection seen, a retry made): poll
    ``done`` until it holds, failing after ``timeout`` seconds, however busy the machine."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {timeout:g} s")
        time.sleep(0.01)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


#: Tests play faster than people: frames a second per connection and tables a minute are
#: raised (the tests of those limits set their own).  Tables get the seeds of one fixed
#: sequence, so that a test deals the same cards on every run (a deal a test cannot use, a
#: Simple left standing with no card played (A5), is not left to chance).
FAST = ServerSettings(
    # beside a CPU hog a job worker at its niceness (15) gets next to nothing (as meant: on a
    # busy server analyses wait); the tests check what the answers are, not their priority
    job_nice=0,
    rate=1000,
    burst=3000,
    create_rate=100,
    create_burst=1000,
    register_rate=100,
    register_burst=1000,
    table_seeds=1,
)


class Running:
    """A real server on a loopback port, in a thread of the test process (its tables and
    store inspectable through ``app.state``)."""

    def __init__(
        self,
        db_url: str,
        settings: ServerSettings = FAST,
        log_level: str = "warning",
        **overrides: Any,
    ) -> None:
        if overrides:
            from dataclasses import replace

            settings = replace(settings, **overrides)
        self.settings = settings
        self.app = create_app(db_url, settings)
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.server = uvicorn.Server(
            uvicorn_config(self.app, "127.0.0.1", self.port, settings, log_level=log_level)
        )
        self.log = LogCapture()
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> Running:
        self.log.install()
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.log.remove()

    def create(self, seats: list[dict[str, Any]], deals: int = 3, **kw: Any) -> dict[str, Any]:
        r = httpx.post(f"{self.base}/api/tables", json={"deals": deals, "seats": seats, **kw})
        assert r.status_code == 201, r.text
        table: dict[str, Any] = r.json()
        return table

    def facts(self, table: dict[str, Any]) -> dict[str, Any]:
        """A new table's facts (``GET /api/tables/{id}``), asked with its first seat's token
        (a private table's are its players' alone)."""
        token = next(iter(table["tokens"].values()))
        r = httpx.get(
            f"{self.base}/api/tables/{table['id']}", headers={"Authorization": f"Bearer {token}"}
        )
        assert r.status_code == 200, r.text
        out: dict[str, Any] = r.json()
        return out

    def ws(self, table_id: str, headers: dict[str, str] | None = None) -> ClientConnection:
        return self.ws_path(f"/ws/{table_id}", headers=headers)

    def ws_path(
        self, path: str, forwarded_for: str | None = None, headers: dict[str, str] | None = None
    ) -> ClientConnection:
        """A websocket to ``path``; ``forwarded_for``: the address a proxy in front says it
        forwards (believed by a server whose ``forwarded_allow_ips`` names 127.0.0.1);
        ``headers``: a browser's cookies, say."""
        if forwarded_for:
            headers = {**(headers or {}), "X-Forwarded-For": forwarded_for}
        conn = connect(
            f"ws://127.0.0.1:{self.port}{path}",
            max_size=2**22,
            open_timeout=20,
            additional_headers=headers,
            # no keepalive pings from the test's side: on a busy machine a test that reads
            # its frames late would have its own client give up on a server that is fine
            ping_interval=None,
        )
        return conn.__enter__()  # closed by its owner


class LogCapture(logging.Handler):
    """Every line the server logs (uvicorn's access and error logs, the app's own), as
    formatted text with any traceback."""

    LOGGERS = ("", "uvicorn", "uvicorn.access")  # the others propagate to these

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []
        self.records: list[logging.LogRecord] = []
        self.setFormatter(logging.Formatter("%(levelname)s %(name)s %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)
        self.lines.append(self.format(record))

    def install(self) -> None:
        for name in self.LOGGERS:
            logging.getLogger(name).addHandler(self)

    def remove(self) -> None:
        for name in self.LOGGERS:
            logging.getLogger(name).removeHandler(self)

    def text(self) -> str:
        return "\n".join(self.lines)

    def tracebacks(self) -> list[str]:
        return [
            line
            for line, r in zip(self.lines, self.records, strict=True)
            if r.exc_info or "Traceback" in line
        ]


def person(name: str = "P") -> dict[str, Any]:
    return {"kind": "person", "name": name}


def bot(spec: str = "rules", name: str = "B") -> dict[str, Any]:
    return {"kind": "bot", "name": name, "spec": spec}


class Seat:
    """A websocket client for one seat, keeping every frame it receives."""

    def __init__(
        self, srv: Running, table_id: str, seat: int, token: str, since: int | None = None
    ) -> None:
        self.seat = seat
        self.conn = srv.ws(table_id)
        self.frames: list[dict[str, Any]] = []
        self.conn.send(json.dumps({"type": "hello", "seat": seat, "token": token, "since": since}))
        self.view: dict[str, Any] = {}
        self.version = -1
        self.recv()

    def recv(self, timeout: float = 30) -> dict[str, Any]:
        f: dict[str, Any] = json.loads(self.conn.recv(timeout=timeout))
        self.frames.append(f)
        if "view" in f:
            self.view = f["view"]
            self.version = f["version"]
        return f

    def drain(self, timeout: float = 0.05) -> None:
        while True:
            try:
                self.recv(timeout)
            except TimeoutError:
                return

    def send(self, frame: dict[str, Any]) -> None:
        self.conn.send(json.dumps(frame))

    def act(self, text: str) -> None:
        self.send({"type": "action", "action": text, "version": self.version})

    def my_turn(self) -> bool:
        v = self.view
        return bool(
            v and not v.get("over") and v.get("current_player") == self.in_deal() and v.get("legal")
        )

    def in_deal(self) -> int:
        """This seat's seat in the deal now (a table of four's deal is three-handed: ``four``
        says which; -1 while it deals and sits out)."""
        four = self.view.get("four")
        return int(four["seat"]) if four else self.seat

    def choose(self, rng: Any) -> str:
        """A computer player's choice: a random legal action (never a claim)."""
        options = [a for a in self.view["legal"] if a["kind"] != "claim"]
        a = rng.choice(options)
        if a["kind"] == "discard":
            hand = self.view["hand"]
            picked = rng.sample(hand, 2)
            return f"discard {code(picked[0])} {code(picked[1])}"
        return str(a["action"])

    def close(self) -> None:
        self.conn.close()


class Watcher(Seat):
    """A spectator's websocket (docs/CLUB.md): a public table, no seat, no token (``as_of``:
    a logged-in browser's client, whose cookies go with the websocket)."""

    def __init__(
        self,
        srv: Running,
        table_id: str,
        name: str | None = None,
        since: int | None = None,
        as_of: httpx.Client | None = None,
    ) -> None:
        self.seat = -1
        self.conn = srv.ws(table_id, None if as_of is None else cookies_of(as_of))
        self.frames = []
        hello: dict[str, Any] = {"type": "hello", "watch": True, "since": since}
        if name is not None:
            hello["name"] = name
        self.conn.send(json.dumps(hello))
        self.view = {}
        self.version = -1
        self.recv()


# -- the club: accounts and their browsers, people playing on ------------------------------

PASSWORD = "jelszó-1234"


def client(srv: Running, forwarded_for: str | None = None) -> httpx.Client:
    """A browser of the club: it keeps its cookies; ``forwarded_for``: the address a proxy
    in front says it forwards."""
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
    return httpx.Client(base_url=srv.base, timeout=30, headers=headers)


def csrf(c: httpx.Client) -> dict[str, str]:
    """The header a page sends with every POST: the ``ulti_csrf`` cookie's value."""
    return {"X-CSRF-Token": c.cookies.get("ulti_csrf") or ""}


def post(c: httpx.Client, url: str, body: Any = None, **headers: str) -> httpx.Response:
    return c.post(url, json=body if body is not None else {}, headers={**csrf(c), **headers})


def try_register(c: httpx.Client, name: str, password: str = PASSWORD) -> httpx.Response:
    """The server's answer to registering ``name``, whatever it is."""
    return post(c, "/api/register", {"name": name, "password": password})


def register(c: httpx.Client, name: str, password: str = PASSWORD) -> dict[str, Any]:
    r = try_register(c, name, password)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def login(c: httpx.Client, name: str, password: str = PASSWORD) -> httpx.Response:
    return post(c, "/api/login", {"name": name, "password": password})


def cookies_of(c: httpx.Client) -> dict[str, str]:
    """A browser's cookies as the header its websockets carry."""
    return {"Cookie": "; ".join(f"{k}={v}" for k, v in c.cookies.items())}


def live(srv: Running, table_id: str) -> Table:
    t: Table = srv.app.state.tables.get(table_id)
    return t


def play_out(seats: list[Seat], done: Any, rng: random.Random, limit: float = 120) -> None:
    """The people's seats choose random legal actions until ``done()``."""
    deadline = time.monotonic() + limit
    while not done():
        assert time.monotonic() < deadline, "the table stalled"
        acted = False
        for s in seats:
            s.drain(0.01)
            if s.my_turn():
                s.act(s.choose(rng))
                s.recv()
                acted = True
        if not acted:
            for s in seats:
                s.drain(0.05)


def my_table_with_clock(
    srv: Running, c: httpx.Client, reserve: float, increment: float, lang: str = "en"
) -> Table:
    """A table ``c``'s account makes with two computer players and clocks (days of them:
    correspondence play), once it waits for the account's move."""
    body = {
        "deals": 3,
        "lang": lang,
        "seats": [{"kind": "person", "me": True}, bot("rules", "Béla"), bot("rules", "Cili")],
        "clock": {"reserve": reserve, "increment": increment},
    }
    made = post(c, "/api/tables", body)
    assert made.status_code == 201, made.text
    t = live(srv, made.json()["id"])
    wait_until(lambda: t.deal.current_player == 0, "my move")
    return t


def play_rated(
    srv: Running,
    a: httpx.Client,
    b: httpx.Client,
    table: dict[str, Any],
    family: str,
    rated: int,
    seed: int,
) -> tuple[dict[str, Any], list[Seat], dict[str, Any]]:
    """A rated public session played to its end by two accounts: ``a`` makes the table
    ``table`` (its seat 0 ``a``'s own, seat 1 open), ``b`` takes seat 1, and both choose at
    random.  The table, the two seats (still open) and the leaderboard of ``family`` once it
    lists ``rated`` players (the ratings are written in the store's thread after the end)."""
    made = post(a, "/api/tables", {**table, "public": True, "rated": True})
    assert made.status_code == 201, made.text
    t: dict[str, Any] = made.json()
    took = post(b, f"/api/tables/{t['id']}/seats/1")
    assert took.status_code == 201, took.text
    first = Seat(srv, t["id"], 0, t["tokens"]["0"])
    second = Seat(srv, t["id"], 1, took.json()["token"])
    play_out([first, second], lambda: bool(first.view.get("session_over")), random.Random(seed))
    deadline = time.monotonic() + 20
    while True:
        board: dict[str, Any] = httpx.get(f"{srv.base}/api/leaderboard?family={family}").json()
        if len(board.get("rows", [])) == rated or time.monotonic() > deadline:
            return t, [first, second], board
        time.sleep(0.2)


def answer(s: Seat, limit: float = 10) -> dict[str, Any]:
    """The next frame that answers the connection (the game's events and the table's
    presence frames, which computer players and others cause meanwhile, are passed over)."""
    deadline = time.monotonic() + limit
    while True:
        f = s.recv(limit)
        if f.get("type") not in ("event", "watchers"):
            return f
        assert time.monotonic() < deadline, f


def say(s: Seat, text: str) -> dict[str, Any]:
    s.send({"type": "chat", "text": text})
    return answer(s)


def initdb_path() -> str | None:
    """PostgreSQL's ``initdb`` (Debian keeps it out of the PATH), or None."""
    return shutil.which("initdb") or next(
        iter(sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))), None
    )


def page_errors(page: Any) -> list[str]:
    """What goes wrong in a browser's page (Playwright's), for a test to find empty: errors
    its scripts throw, and whatever the Content Security Policy blocks (issue 27 item 12)."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    def console(message: Any) -> None:
        if message.type == "error" and "Content Security Policy" in message.text:
            errors.append(message.text)

    page.on("console", console)
    return errors


def chromium_path() -> str:
    """Debian's Chromium for the browser tests (Playwright's ``executable_path``; never a
    browser download); a test without it is skipped, or fails under CI."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    return require_system("Chromium", found, "apt-get install -y chromium")


@contextmanager
def postgres() -> Iterator[str]:
    """A throwaway PostgreSQL server for a test (``ULTI_TEST_PG`` may name one instead); a
    test without PostgreSQL is skipped, or fails under CI."""
    url = os.environ.get("ULTI_TEST_PG")
    if url:
        yield url
        return
    initdb = require_system("PostgreSQL", initdb_path(), "apt-get install -y postgresql")
    pg_ctl = str(Path(initdb).with_name("pg_ctl"))
    tmp = tempfile.mkdtemp(prefix="ulti-pg-")
    data = os.path.join(tmp, "data")
    port = free_port()
    as_user: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        shutil.chown(tmp, "postgres", "postgres")
        as_user = ["runuser", "-u", "postgres", "--"]
    subprocess.run(
        [*as_user, initdb, "-D", data, "-U", "ulti", "--auth=trust", "-E", "UTF8"],
        check=True,
        capture_output=True,
    )
    subprocess.run(
        [
            *as_user,
            pg_ctl,
            "-D",
            data,
            "-w",
            "-l",
            os.path.join(tmp, "log"),
            "-o",
            f"-p {port} -k {tmp} -c listen_addresses=127.0.0.1",
            "start",
        ],
        check=True,
        capture_output=True,
    )
    try:
        yield f"postgresql://ulti@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            [*as_user, pg_ctl, "-D", data, "-m", "immediate", "stop"], capture_output=True
        )
        shutil.rmtree(tmp, ignore_errors=True)


def new_pg_database(server_url: str) -> str:
    """A new, empty database on a PostgreSQL server (its URL)."""
    name = "t_" + uuid.uuid4().hex[:12]
    engine = create_engine(normalize_url(server_url), isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text(f"CREATE DATABASE {name}"))
    engine.dispose()
    return server_url.rsplit("/", 1)[0] + "/" + name


def run_alembic(url: str, command_name: str, target: str) -> None:
    """Run an Alembic command (``upgrade``, ``downgrade``, ``stamp``) on ``url``'s database,
    as the store runs its migrations: on a connection, inside its transaction."""
    engine = create_engine(normalize_url(url))
    try:
        with engine.begin() as conn:
            cfg = Config()
            cfg.set_main_option("script_location", str(MIGRATIONS))
            cfg.attributes["connection"] = conn
            getattr(alembic_command, command_name)(cfg, target)
    finally:
        engine.dispose()


# -- what a seat may know (the leak tests) -------------------------------------------------

CARD_KEYS = {"hand", "talon", "trick", "final_talon"}


def cards_in(frame: Any) -> set[int]:
    """Every card a frame names: card lists, tricks, open hands, action texts."""
    found: set[int] = set()

    def walk(x: Any, key: str = "") -> None:
        if isinstance(x, dict):
            for k, v in x.items():
                if k == "reasons" and isinstance(v, dict):
                    found.update(int(c) for c in v)
                if k == "card" and isinstance(v, int):
                    found.add(v)
                walk(v, k)
        elif isinstance(x, list):
            if key in CARD_KEYS and all(isinstance(c, int) for c in x):
                found.update(x)
            elif key == "tricks":
                for t in x:
                    found.update(t[1])
            elif key in ("exposed",):
                for _, cs in x:
                    found.update(cs)
            elif key == "dealt_hands":
                for h in x:
                    found.update(h)
            else:
                for v in x:
                    walk(v, key)
        elif isinstance(x, str) and (x.startswith("play ") or x.startswith("discard ")):
            with contextlib.suppress(ValueError):
                found.update(parse_action(x).cards)

    walk(frame)
    return found


def allowed(table: UltiTable, seat: int, deal_number: int, version: int) -> int:
    """What ``seat`` may know of deal ``deal_number`` at ``version``."""
    d0 = table.session.deals[deal_number - 1]
    d = Deal(d0.rules, d0.seed, d0.dealer)
    known = d.hands[seat]
    for v, di, who, a in table.events:
        if di != deal_number - 1 or v > version:
            continue
        talon = d.talon
        d.apply(a)
        if who == seat and a.kind == ActionKind.PICKUP:
            known |= talon
        known |= d.hands[seat]  # cards dealt later (V1) too
    if d.is_over():
        return FULL_DECK
    return known | public_cards(d)


# -- playing on at a table (the analysis tests) ----------------------------------------------

#: The analysis, teaching mode and hints with samples only (4), their time limits the most
#: the settings allow (never reached by four samples), so that an answer is the same on every
#: run, however busy the machine (a time limit would cut the samples short: CI on e285a6f).
TINY: dict[str, Any] = {
    "analysis_samples": 4,
    "analysis_ms": 60_000.0,
    "teach_samples": 4,
    "teach_ms": 10_000.0,
    "hint_samples": 4,
    "hint_ms": 10_000.0,
}


def ask_frame(seat: Seat, frame: dict[str, Any], timeout: float = 60) -> dict[str, Any]:
    """Send a question (a teaching question, a hint: ``frame`` with its ``type``); its answer
    (a frame of that type or an error), past any other frames (computer players' events)."""
    seat.send(frame)
    deadline = time.monotonic() + timeout
    while True:
        assert time.monotonic() < deadline, "no answer"
        f = seat.recv(timeout)
        if f["type"] in (frame["type"], "error"):
            return f


def refused_frame(seat: Seat, frame: dict[str, Any], code: str) -> dict[str, Any]:
    """A question refused with ``code``, in both languages, the table unchanged."""
    before = seat.version
    f = ask_frame(seat, frame)
    assert f["type"] == "error" and f["code"] == code, f
    assert f["message"] and f["message_hu"] and f["message"] != f["message_hu"], f
    assert not english_words_in(f["message_hu"]), f
    seat.send({"type": "ping"})
    while (g := seat.recv())["type"] != "pong":
        pass
    assert g["version"] == before  # nothing changed
    return f


def play_on(
    seat: Seat, until: Any, rng: random.Random, limit: float = 120, cards: bool = True
) -> None:
    """The seat plays random legal actions (never a claim) until ``until()``; with
    ``cards=False`` it stops at its first turn to play a card instead."""
    deadline = time.monotonic() + limit
    while not until():
        assert time.monotonic() < deadline, "the game stalled"
        seat.drain(0.02)
        if until():
            return
        if seat.my_turn():
            if not cards and any(a["kind"] == "play" for a in seat.view["legal"]):
                return
            seat.act(seat.choose(rng))
            seat.recv()


def card_turn(seat: Seat, rng: random.Random) -> None:
    """Play on to the seat's next turn to play a card (a new deal if need be)."""
    play_on(seat, lambda: False, rng, cards=False)


async def _gated(jobs: JobQueue, client: str, kind: Kind, gate: Path, tag: str) -> str:
    ticket = jobs.admit(client, kind)
    no_obs = cast(Observation, None)  # the job reads nothing of a table
    job = Gated(str(gate), tag)
    after = await jobs.run(ticket, job, no_obs, [parse_action("pass")], deadline=600)
    result = after.result if isinstance(after, PoolJob) else None
    assert result is not None
    return str(result["tag"])


def gated_job(srv: Running, client: str, kind: Kind, gate: Path, tag: str) -> Future[str]:
    """A job of ``client`` put in the server's job queue (from the test's thread) that waits
    in a job worker for a byte from the named pipe ``gate`` (:class:`gated_jobs.Gated`): its
    tag once it is let go.  Raises TableError (in the future) when the client's queue is
    full."""
    loop = srv.server.servers[0].get_loop()
    jobs: JobQueue = srv.app.state.tables.jobs
    return asyncio.run_coroutine_threadsafe(_gated(jobs, client, kind, gate, tag), loop)
