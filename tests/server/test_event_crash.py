"""A people's event survives ``kill -9`` in the middle of a round (issue 30): the real server in
a process of its own (``ulti serve``; the organiser made with ``ulti user add`` and ``ulti user
grant``), seven people on websockets and a computer player at two of each round's three tables
(six people would fill two tables and leave the computers nothing to do), killed once deals are
over at some tables and while people's actions are on their way.  Started again on the same
database, it has every table of the round with every action it acknowledged (none lost, none
twice), the same results of the deals that were over, plays on to the event's end and seats the
next round once; the standings, before the kill, after it and at the end, are the matchpoints
recomputed here from the deals' records, every board held at every table."""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import subprocess
import sys
from collections import defaultdict
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from server_util import Seat, free_port, login, post, register, wait_until
from ulti.games.ulti.actions import parse_action
from ulti.games.ulti.record import from_record
from ulti.server.events.store import EventStore
from ulti.server.store import DealResultRow, Store

pytestmark = pytest.mark.slow

SRC = Path(__file__).resolve().parents[2] / "src"
ORGANISER, ORGANISER_PASSWORD = "Olga", "password-of-olga"
NAMES = [f"Játékos {i + 1}" for i in range(7)]


def environment() -> dict[str, str]:
    """This checkout's code for the processes started here."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(SRC), env.get("PYTHONPATH")) if p)
    return env


def ulti(*args: str, stdin: str | None = None) -> str:
    """An ``ulti`` command (the owner's), in a process of its own."""
    r = subprocess.run(
        [sys.executable, "-m", "ulti.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        env=environment(),
    )
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout


class Server:
    """``ulti serve`` in a process of its own (and a process group of its own: its computer
    players' workers are in it), killed with SIGKILL and started again on the same database."""

    def __init__(self, db: str, log: Path) -> None:
        self.db = db
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = log
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "ulti.cli",
                    "serve",
                    "--db",
                    self.db,
                    "--port",
                    str(self.port),
                    "--rate-limit",
                    "1000",
                    "--registrations-per-hour",
                    "360000",
                    "--bot-workers",
                    "1",
                ],
                stdout=out,
                stderr=subprocess.STDOUT,
                env=environment(),
                start_new_session=True,
            )
        wait_until(self.answers, "the server answering", timeout=60)

    def answers(self) -> bool:
        assert self.proc is not None and self.proc.poll() is None, self.log.read_text()
        try:
            return httpx.get(f"{self.base}/api/health", timeout=2).status_code == 200
        except httpx.TransportError:
            return False

    def kill9(self) -> None:
        """SIGKILL to the server's process; then its orphaned workers go too (our group)."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(30)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc = None

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(30)
            finally:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc = None


class RemoteSeat(Seat):
    """A person's websocket to a table of the server's process (as
    :class:`server_util.Seat`, whose servers run in the test's own)."""

    def __init__(
        self, port: int, table_id: str, seat: int, token: str, since: int | None = None
    ) -> None:
        self.seat = seat
        self.table_id = table_id
        self.conn = connect(
            f"ws://127.0.0.1:{port}/ws/{table_id}",
            max_size=2**22,
            open_timeout=20,
            ping_interval=None,  # a test that reads late must not give up on the server
        ).__enter__()  # closed by its owner
        self.frames = []
        self.conn.send(json.dumps({"type": "hello", "seat": seat, "token": token, "since": since}))
        self.view = {}
        self.version = -1
        self.recv()

    def rest(self) -> None:
        """Every frame the server sent before its connection ended (it died)."""
        with contextlib.suppress(TimeoutError, ConnectionClosed):
            while True:
                self.recv(1)


#: An action as one table's players saw it: deal, seat, kind, text (None: another's discard).
Seen = tuple[int, int, str, str | None]


def seen_events(seats: list[RemoteSeat]) -> dict[str, dict[int, Seen]]:
    """Per table, every action its people's connections were sent (acknowledged), by version;
    one seat's discard is shown to it alone."""
    out: dict[str, dict[int, Seen]] = defaultdict(dict)
    for s in seats:
        for f in s.frames:
            events = [f["event"]] if f.get("type") == "event" else f.get("events", [])
            for e in events:
                a = e["action"]
                text = None if a["text"] == "discard" and e["seat"] != s.seat else a["text"]
                known = out[s.table_id].get(e["v"])
                if known is None or known[3] is None:
                    out[s.table_id][e["v"]] = (e["deal"], e["seat"], a["kind"], text)
    return out


def finished(seats: list[RemoteSeat]) -> set[tuple[str, int]]:
    """The (table, deal index) the people were told are over."""
    return {
        (s.table_id, f["event"]["deal"])
        for s in seats
        for f in s.frames
        if f.get("type") == "event" and f.get("finished")
    }


def answered(s: RemoteSeat, version: int) -> None:
    """Frames until the action ``s`` sent at ``version`` is taken or refused: the table is past
    ``version`` (the action, or another that made it stale), or an error came."""
    while True:
        f = s.recv()
        if f.get("type") == "error" or (f.get("type") == "event" and f["version"] > version):
            return


def play(seats: list[RemoteSeat], done: Callable[[], bool], rng: random.Random) -> None:
    """The people play random legal actions (never a claim) until ``done()``, each action
    answered before the next look."""
    deadline = 180.0

    def step() -> bool:
        acted = False
        for s in seats:
            s.drain(0.01)
            if s.my_turn():
                version = s.version
                s.act(s.choose(rng))
                answered(s, version)
                acted = True
        if not acted:
            for s in seats:
                s.drain(0.05)
        return done()

    wait_until(step, "the people's play", timeout=deadline)


def get(c: httpx.Client, url: str) -> Any:
    r = c.get(url)
    assert r.status_code == 200, r.text
    return r.json()


@contextlib.contextmanager
def opened(db: str) -> Iterator[Store]:
    store = Store(db)
    try:
        yield store
    finally:
        store.dispose()


def kept_results(db: str, table_ids: list[str]) -> dict[tuple[str, int, int], DealResultRow]:
    with opened(db) as store:
        return {(r.table_id, r.deal, r.seat): r for r in store.deal_results_at(table_ids)}


def percents(
    boards: dict[tuple[int, int, int], list[tuple[str | None, int]]],
) -> dict[str, tuple[float, int]]:
    """Each person's percentage of matchpoints and top, recomputed from the boards' holders
    and units: 1 for each holder outscored, ½ a tie (computer players compared, not ranked)."""
    mp: dict[str, Fraction] = defaultdict(Fraction)
    top: dict[str, int] = defaultdict(int)
    for held in boards.values():
        for i, (holder, x) in enumerate(held):
            if holder is None:
                continue
            for j, (_, y) in enumerate(held):
                if i != j:
                    top[holder] += 1
                    mp[holder] += 1 if x > y else Fraction(1, 2) if x == y else 0
    return {n: (round(float(100 * mp[n] / top[n]), 2) if top[n] else 0.0, top[n]) for n in NAMES}


def standing(c: httpx.Client, eid: str) -> dict[str, tuple[float, int]]:
    rows = get(c, f"/api/events/{eid}/standings")["rows"]
    return {r["name"]: (r["percent"], r["top"]) for r in rows}


def test_a_kill_9_in_the_middle_of_a_round_loses_nothing(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'x.sqlite3'}"
    ulti("user", "add", ORGANISER, "--db", db, "--password-stdin", stdin=ORGANISER_PASSWORD)
    ulti("user", "grant", ORGANISER, "organiser", "--db", db)
    server = Server(db, tmp_path / "server.log")
    server.start()
    people = [httpx.Client(base_url=server.base, timeout=30) for _ in NAMES]
    org = httpx.Client(base_url=server.base, timeout=30)
    seats: list[RemoteSeat] = []
    try:
        assert login(org, ORGANISER, ORGANISER_PASSWORD).status_code == 200
        body = {"name": "Kupa", "game": "ulti", "deals": 3, "rounds": 2, "bot_spec": "rules"}
        made = post(org, "/api/events", body)
        assert made.status_code == 201, made.text
        eid = made.json()["id"]
        for c, n in zip(people, NAMES, strict=True):
            register(c, n)
            assert post(c, f"/api/events/{eid}/register").status_code == 200
        assert post(org, f"/api/events/{eid}/start").status_code == 200
        rng = random.Random(9)
        # who held which seat of which table, each round: (round, table) -> seat -> name
        held: dict[tuple[int, str], dict[int, str | None]] = {}
        tokens: dict[tuple[str, int], str] = {}

        def sit(round_: int) -> list[RemoteSeat]:
            tables = get(org, f"/api/events/{eid}")["tables"]
            assert [t["round"] for t in tables] == [round_] * 3
            out = []
            for t in tables:
                held[round_, t["id"]] = dict.fromkeys(range(3))
                for name in t["players"]:
                    if name is None:
                        continue
                    r = post(people[NAMES.index(name)], f"/api/tables/{t['id']}/seat")
                    assert r.status_code == 200, r.text
                    seat, token = r.json()["seat"], r.json()["token"]
                    held[round_, t["id"]][seat] = name
                    tokens[t["id"], seat] = token
                    out.append(RemoteSeat(server.port, t["id"], seat, token))
            return out

        seats = sit(1)
        round1 = sorted({s.table_id for s in seats})
        play(seats, lambda: len(finished(seats)) >= 2, rng)

        # quiet: every table waits for a person (its computer has moved), and the results of
        # every deal that is over are kept
        def waits_for_a_person(seats: list[RemoteSeat]) -> bool:
            for s in seats:
                s.drain(0.02)
            for tid in round1:
                mine = [s for s in seats if s.table_id == tid]
                newest = max(mine, key=lambda s: s.version).view
                if newest.get("session_over"):
                    continue
                if newest["current_player"] not in {s.seat for s in mine}:
                    return False
            return True

        wait_until(lambda: waits_for_a_person(seats), "every table waiting for a person")
        over0 = finished(seats)
        assert len({t for t, _ in over0}) >= 1 and len(over0) < 3 * 3  # mid-round
        persons = {tid: sum(n is not None for n in held[1, tid].values()) for tid in round1}
        boards0 = sum(persons[t] for t, _ in over0)
        wait_until(
            lambda: (
                sum(r["boards"] for r in get(org, f"/api/events/{eid}/standings")["rows"])
                == boards0
            ),
            "the results of the deals that are over kept",
        )
        before = standing(org, eid)

        # people's actions on their way, one of them acknowledged: then kill -9
        movers = [s for s in seats if s.my_turn()]
        assert movers
        sent = {s.table_id: s.version for s in movers}
        for s in movers:
            s.act(s.choose(rng))

        def one_acknowledged() -> bool:
            for s in movers:
                with contextlib.suppress(TimeoutError):
                    f = s.recv(0.002)
                    if f.get("type") == "event" and f["version"] > sent[s.table_id]:
                        return True
            return False

        wait_until(one_acknowledged, "an action acknowledged")
        server.kill9()
        for s in seats:
            s.rest()
            s.close()
        acknowledged = seen_events(seats)
        with opened(db) as store:
            kept = {tid: store.actions(tid) for tid in round1}
        results0 = kept_results(db, round1)

        for tid in round1:
            seqs = [a.seq for a in kept[tid]]
            assert seqs == list(range(1, len(seqs) + 1))  # nothing twice, no gap
            assert acknowledged[tid] and max(acknowledged[tid]) <= len(seqs)
            for a in kept[tid]:
                if a.seq in acknowledged[tid]:
                    deal, seat, kind, text = acknowledged[tid][a.seq]
                    action = parse_action(a.action)
                    assert (a.deal_index, a.seat, action.kind.name.lower()) == (deal, seat, kind)
                    assert text is None or text == str(action), (tid, a)

        # started again on the same database
        server.start()
        tables = get(org, f"/api/events/{eid}")
        assert tables["state"] == "running" and tables["round"] == 1
        assert sorted(t["id"] for t in tables["tables"]) == round1
        seats = [
            RemoteSeat(server.port, tid, seat, token, since=0)
            for (tid, seat), token in tokens.items()
        ]
        for s in seats:  # every kept action, in order, once: the table as it was
            assert s.frames[0]["type"] == "replay", s.frames[0]["type"]
            replayed = [
                (e["v"], e["deal"], e["seat"], e["action"]["kind"]) for e in s.frames[0]["events"]
            ]
            count = len(kept[s.table_id])
            assert replayed[:count] == [
                (a.seq, a.deal_index, a.seat, parse_action(a.action).kind.name.lower())
                for a in kept[s.table_id]
            ]
            # after them, only what a computer player has played since the start: nobody else
            computers = {seat for seat, name in held[1, s.table_id].items() if name is None}
            assert all(seat in computers for _, _, seat, _ in replayed[count:]), replayed[count:]
        wait_until(lambda: waits_for_a_person(seats), "every table waiting for a person again")
        over1 = finished(seats) | over0
        for tid in round1:
            done = get(org, f"/api/tables/{tid}/deals")
            over1 |= {(tid, d["deal"] - 1) for d in done}
        assert over0 <= over1
        boards1 = sum(persons[t] for t, _ in over1)
        wait_until(
            lambda: (
                sum(r["boards"] for r in get(org, f"/api/events/{eid}/standings")["rows"])
                == boards1
            ),
            "the results of every deal that is over kept again",
        )
        after = standing(org, eid)
        results1 = kept_results(db, round1)
        assert {k: results1[k] for k in results0} == results0  # what was kept stays as it was

        def boards_of(over: set[tuple[str, int]]) -> dict[Any, list[tuple[str | None, int]]]:
            out: dict[Any, list[tuple[str | None, int]]] = defaultdict(list)
            for round_, tid in held:
                for t, deal in over:
                    if t != tid:
                        continue
                    rec = get(org, f"/api/tables/{tid}/deals/{deal + 1}/record.json")
                    units = from_record(rec).returns()
                    for seat in range(3):
                        out[round_, deal, seat].append((held[round_, tid][seat], units[seat]))
            return out

        assert before == percents(boards_of(over0))  # the standings before the kill, right
        assert after == percents(boards_of(over1))
        if over1 == over0:
            assert after == before

        # play on: round 1 ends, round 2 is seated once, the event ends
        play(seats, lambda: all(s.view.get("session_over") for s in seats), rng)
        for s in seats:
            s.close()
        wait_until(lambda: get(org, f"/api/events/{eid}")["round"] == 2, "round 2 seated", 60)
        seats = sit(2)
        round2 = sorted({s.table_id for s in seats})
        assert not set(round2) & set(round1)
        play(seats, lambda: all(s.view.get("session_over") for s in seats), rng)
        for s in seats:
            s.close()
        wait_until(lambda: get(org, f"/api/events/{eid}")["state"] == "over", "the end", 60)
        with opened(db) as store:
            at_event = EventStore(store).tables(eid)
            made_by = [t.id for t in store.tables() if t.creator == f"event:{eid}"]
        assert [(t.round, t.number) for t in at_event] == [(r, n) for r in (1, 2) for n in range(3)]
        assert sorted(made_by) == sorted(t.table_id for t in at_event)  # no table twice

        everything = {(tid, deal) for _, tid in held for deal in range(3)}
        boards = boards_of(everything)
        assert len(boards) == 2 * 3 * 3
        assert all(len(h) == 3 for h in boards.values())  # every board held at every table
        final = standing(org, eid)
        assert final == percents(boards)
        # each person: 2 rounds of 3 boards, compared with the 2 other tables each time
        assert all(top == 2 * 3 * 2 for _, top in final.values())
        assert "Traceback" not in server.log.read_text(errors="replace")
    finally:
        for s in seats:
            s.close()
        for c in [*people, org]:
            c.close()
        server.stop()
