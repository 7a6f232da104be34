"""People's events on the club server (issue 30): an organiser's duplicate event from
registration to its standings, played by people on websockets with a computer player filling
the seat nobody holds; the matchpoints recomputed here from the deals' records; refusals of
bad input in both languages, nothing changed."""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from fractions import Fraction
from itertools import combinations
from pathlib import Path
from typing import Any

import httpx
import pytest

from server_util import Running, Seat, client, play_out, post, register, wait_until
from ulti.games.ulti.record import from_record

pytestmark = pytest.mark.slow


def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'events.sqlite3'}"


def organiser(srv: Running, c: httpx.Client, name: str = "Olga") -> None:
    register(c, name)
    srv.app.state.accounts.grant(name, "organiser")


def get(c: httpx.Client, url: str) -> Any:
    r = c.get(url)
    assert r.status_code == 200, r.text
    return r.json()


def test_a_duplicate_event_of_fourteen_people_and_a_computer_over_four_rounds(
    tmp_path: Path,
) -> None:
    """14 people register (the 15th seat of each round is a computer player's), the organiser
    starts the event, and every round's tables play the same deals; the standings after the
    last round are the matchpoints recomputed here from every table's records: for each deal
    and seat, 1 for each holder outscored, ½ a tie, over the holders compared with."""
    names = [f"Játékos {i + 1}" for i in range(14)]
    with Running(db(tmp_path)) as srv, client(srv) as org:
        organiser(srv, org)
        made = post(
            org,
            "/api/events",
            {"name": "Kupa", "game": "ulti", "deals": 3, "rounds": 4, "bot_spec": "rules"},
        )
        assert made.status_code == 201, made.text
        eid = made.json()["id"]
        people = [client(srv) for _ in names]
        for c, n in zip(people, names, strict=True):
            register(c, n)
            r = post(c, f"/api/events/{eid}/register")
            assert r.status_code == 200, r.text
        assert get(org, f"/api/events/{eid}")["registered"] == names
        started = post(org, f"/api/events/{eid}/start")
        assert started.status_code == 200, started.text
        ev = started.json()
        assert ev["state"] == "running" and ev["round"] == 1
        assert ev["balance"]["most_meetings"] == 1  # 4 rounds: nobody meets anyone twice
        seated: dict[tuple[int, str], tuple[str, int]] = {}  # (round, name) -> (table, seat)
        rng = random.Random(30)
        for round_ in range(1, 5):
            tables = get(org, f"/api/events/{eid}")["tables"]
            assert [t["round"] for t in tables] == [round_] * 5
            # one seed a round: every table plays the same first deal
            firsts = {tuple(srv.app.state.tables.get(t["id"]).deal.deck) for t in tables}
            assert len(firsts) == 1
            seats = []
            for c, n in zip(people, names, strict=True):
                mine = [t for t in get(c, f"/api/events/{eid}")["tables"] if t["mine"]]
                assert len(mine) == 1, (n, mine)
                r = post(c, f"/api/tables/{mine[0]['id']}/seat")
                assert r.status_code == 200, r.text
                seat, token = r.json()["seat"], r.json()["token"]
                seated[round_, n] = (mine[0]["id"], seat)
                seats.append(Seat(srv, mine[0]["id"], seat, token))
            live = [srv.app.state.tables.get(t["id"]) for t in tables]
            play_out(seats, lambda: all(t.session.is_over() for t in live), rng, limit=300)  # noqa: B023
            for s in seats:
                s.conn.close()
            wait_until(
                lambda: (
                    get(org, f"/api/events/{eid}")["round"] > round_  # noqa: B023
                    or get(org, f"/api/events/{eid}")["state"] == "over"
                ),
                f"round {round_ + 1} seated",
                timeout=60,
            )
        ev = get(org, f"/api/events/{eid}")
        assert ev["state"] == "over" and ev["round"] == 4
        played = get(org, f"/api/events/{eid}/standings")
        # every round's three deals, in order; no tie-break deal at an event's table (S3 off)
        boards = [tuple(b) for b in played["boards"]]
        assert boards == [(r, d) for r in range(1, 5) for d in (1, 2, 3)]
        standing = played["rows"]
        assert sorted(r["name"] for r in standing) == sorted(names)  # the computer: not ranked

        # the matchpoints, recomputed from the records
        holders: dict[tuple[int, int, int], list[tuple[str | None, int]]] = defaultdict(list)
        tables_of = defaultdict(set)
        for (round_, _), (tid, _) in seated.items():
            tables_of[round_].add(tid)
        for round_, tids in tables_of.items():
            for tid in tids:
                who = {seat: n for (r, n), (t, seat) in seated.items() if r == round_ and t == tid}
                for deal in (1, 2, 3):
                    rec = get(org, f"/api/tables/{tid}/deals/{deal}/record.json")
                    units = from_record(rec).returns()
                    for seat in range(3):
                        holders[round_, deal, seat].append((who.get(seat), units[seat]))
        mp: dict[str, Fraction] = defaultdict(Fraction)
        top: dict[str, int] = defaultdict(int)
        for held in holders.values():
            assert len(held) == 5  # every table held the seat
            for i, (holder, x) in enumerate(held):
                if holder is None:
                    continue  # the computer player: compared with, never ranked
                for j, (_, y) in enumerate(held):
                    if i != j:
                        top[holder] += 1
                        mp[holder] += 1 if x > y else Fraction(1, 2) if x == y else 0
        want = {n: round(float(100 * mp[n] / top[n]), 2) for n in names}
        got = {r["name"]: r["percent"] for r in standing}
        assert got == want
        ranks = [r["rank"] for r in standing]
        assert ranks[0] == 1 and ranks == sorted(ranks)
        # a deal's traveller: five tables, their contracts, matchpoints, the replay's link
        board = get(org, f"/api/events/{eid}/boards/2/1?lang=hu")
        assert len(board["tables"]) == 5
        for t in board["tables"]:
            assert t["replay"].startswith("/replay/")
            assert sum(s["matchpoints"] for s in t["seats"]) >= 0
        # the player's events on the profile
        played = get(org, "/api/users/Játékos 1")["events"]
        assert [(x["id"], x["state"]) for x in played] == [(eid, "over")]
        csv = org.get(f"/api/events/{eid}/results.csv")
        assert csv.status_code == 200 and csv.text.splitlines()[0].startswith("rank,name,percent")
        assert len(csv.text.splitlines()) == 15
        for c in people:
            c.close()
        assert not srv.log.tracebacks()


def test_bad_input_is_refused_in_both_languages_and_changes_nothing(tmp_path: Path) -> None:
    with Running(db(tmp_path)) as srv, client(srv) as org, client(srv) as anna:
        organiser(srv, org)
        register(anna, "Anna")

        def refused(c: httpx.Client, url: str, body: Any, status: int) -> dict[str, Any]:
            r = post(c, url, body)
            assert r.status_code == status, r.text
            words: dict[str, Any] = r.json()
            assert words["detail"] and words["detail_hu"] and words["detail"] != words["detail_hu"]
            return words

        good = {"name": "Kupa", "game": "ulti", "deals": 3, "rounds": 2}
        refused(anna, "/api/events", good, 403)  # not an organiser
        refused(org, "/api/events", {**good, "rounds": 0}, 422)
        refused(org, "/api/events", {**good, "game": "bridge"}, 422)
        refused(org, "/api/events", {**good, "starts": "2001-01-01T00:00:00Z"}, 422)
        refused(org, "/api/events", {**good, "max_players": 3}, 422)  # one table
        refused(org, "/api/events", {**good, "preset": "nonsense"}, 422)
        refused(org, "/api/events", {**good, "bot_spec": "pimc:samples=999999"}, 422)
        refused(org, "/api/events", {**good, "bot_spec": "nobody"}, 422)
        assert get(org, "/api/events")["events"] == []
        eid = post(org, "/api/events", {**good, "max_players": 4}).json()["id"]
        assert post(anna, f"/api/events/{eid}/register").status_code == 200
        words = refused(anna, f"/api/events/{eid}/register", {}, 409)
        assert "már" in words["detail_hu"]
        refused(anna, f"/api/events/{eid}/start", {}, 403)  # not hers
        refused(org, f"/api/events/{eid}/start", {}, 409)  # one player: too few
        assert get(org, f"/api/events/{eid}")["state"] == "open"
        others = [client(srv) for _ in range(3)]
        for i, c in enumerate(others):
            register(c, f"Más {i}")
            assert post(c, f"/api/events/{eid}/register").status_code == 200
        with client(srv) as late:
            register(late, "Késő")
            full = refused(late, f"/api/events/{eid}/register", {}, 409)
            assert "betelt" in full["detail_hu"]
        assert post(org, f"/api/events/{eid}/start").status_code == 200
        refused(anna, f"/api/events/{eid}/unregister", {}, 409)  # started
        assert len(get(org, f"/api/events/{eid}")["registered"]) == 4
        for c in others:
            c.close()
        assert not srv.log.tracebacks()


def test_an_event_starts_when_its_count_has_registered(tmp_path: Path) -> None:
    with Running(db(tmp_path)) as srv, client(srv) as org:
        organiser(srv, org)
        body = {"name": "Gyors", "game": "snapszli", "rounds": 1, "start_count": 3}
        eid = post(org, "/api/events", body).json()["id"]
        # what the pages show of it: the list's start, the organiser's name, who fills seats
        (listed,) = get(org, "/api/events")["events"]
        assert listed["start_count"] == 3 and listed["max_players"] is None
        assert listed["link"] == f"/e/{eid}"
        ev = get(org, f"/api/events/{eid}")
        assert ev["organiser_name"] == "Olga" and ev["bot_spec"] == "pimc:samples=12,ms=80"
        assert org.get(f"/e/{eid}").status_code == 200
        missing = org.get("/e/nosuch")
        assert missing.status_code == 404 and missing.json()["detail_hu"] == "nincs ilyen verseny"
        people = [client(srv) for _ in range(3)]
        for i, c in enumerate(people):
            register(c, f"J{i}")
            assert post(c, f"/api/events/{eid}/register").status_code == 200
        ev = get(org, f"/api/events/{eid}")
        assert ev["state"] == "running" and len(ev["tables"]) == 2  # 3 players, tables of two
        assert sum(p is None for t in ev["tables"] for p in t["players"]) == 1
        standing = get(org, f"/api/events/{eid}/standings")
        assert standing["boards"] == [] and len(standing["rows"]) == 3  # no deal over yet
        for c in people:
            c.close()


def entrants(srv: Running, eid: str, names: list[str]) -> list[tuple[httpx.Client, str]]:
    """Accounts of ``names``, each registered for the event: their clients and names."""
    people = [(client(srv), n) for n in names]
    for c, n in people:
        register(c, n)
        assert post(c, f"/api/events/{eid}/register").status_code == 200
    return people


def play_event(
    srv: Running,
    org: httpx.Client,
    eid: str,
    people: list[tuple[httpx.Client, str]],
    rng: random.Random,
    batches: int | None = None,
) -> list[list[tuple[str, str]]]:
    """The people play every table they are seated at, batch after batch (a round; an
    arena's seating), until the event is over or ``batches`` are played: each batch's
    (table, player) pairs."""
    played: list[list[tuple[str, str]]] = []
    while get(org, f"/api/events/{eid}")["state"] != "over" and (
        batches is None or len(played) < batches
    ):
        seats, at = [], []
        for c, n in people:
            for t in get(c, f"/api/events/{eid}")["tables"]:
                if t["mine"] and not t["over"]:
                    r = post(c, f"/api/tables/{t['id']}/seat")
                    assert r.status_code == 200, r.text
                    seats.append(Seat(srv, t["id"], r.json()["seat"], r.json()["token"]))
                    at.append((t["id"], n))
        tables = {tid for tid, _ in at}
        live = [srv.app.state.tables.get(tid) for tid in tables]
        assert live, "nobody is seated"
        before = get(org, f"/api/events/{eid}")["round"]
        play_out(seats, lambda: all(t.session.is_over() for t in live), rng, limit=300)  # noqa: B023
        for s in seats:
            s.conn.close()
        played.append(at)
        wait_until(
            lambda: (
                get(org, f"/api/events/{eid}")["round"] > before  # noqa: B023
                or get(org, f"/api/events/{eid}")["state"] == "over"
            ),
            "the next seating",
            timeout=60,
        )
    return played


def test_a_swiss_event_seats_by_standing_without_repeats(tmp_path: Path) -> None:
    """7 people and 2 computer players, 3 Swiss rounds of 3 deals: nobody meets anyone twice
    (9 seats allow it), the standings are points by place with Buchholz, units and
    registration as tie-breaks."""
    names = [f"S{i}" for i in range(7)]
    with Running(db(tmp_path)) as srv, client(srv) as org:
        organiser(srv, org)
        body = {"name": "Svájci", "kind": "swiss", "game": "ulti", "deals": 3, "rounds": 3}
        eid = post(org, "/api/events", {**body, "bot_spec": "rules"}).json()["id"]
        people = entrants(srv, eid, names)
        assert post(org, f"/api/events/{eid}/start").status_code == 200
        batches = play_event(srv, org, eid, people, random.Random(3))
        assert len(batches) == 3
        met: Counter[frozenset[str]] = Counter()
        for batch in batches:
            at: dict[str, list[str]] = defaultdict(list)
            for tid, n in batch:
                at[tid].append(n)
            met.update(frozenset(p) for group in at.values() for p in combinations(group, 2))
        assert max(met.values()) == 1, met
        rows = get(org, f"/api/events/{eid}/standings")["rows"]
        assert [r["rank"] for r in rows] == list(range(1, 8))
        assert sum(r["tables"] for r in rows) == 7 * 3
        keys = [(r["points"], r["buchholz"], r["units"]) for r in rows]
        assert keys == sorted(keys, reverse=True)  # registration decides only a full tie
        for c, _ in people:
            c.close()
        assert not srv.log.tracebacks()


def test_an_arena_seats_whoever_finished_until_its_window_closes(tmp_path: Path) -> None:
    """Six people in an arena of Snapszli (tables of two): each finished match seats its
    players again with the nearest in points; once the organiser closes the window, the
    matches playing finish and the event ends; points by place, ranked."""
    names = [f"A{i}" for i in range(6)]
    with Running(db(tmp_path)) as srv, client(srv) as org:
        organiser(srv, org)
        body = {"name": "Aréna", "kind": "arena", "game": "snapszli", "minutes": 60}
        made = post(org, "/api/events", {**body, "match_points": 1, "bot_spec": "rules"})
        assert made.status_code == 201, made.text
        eid = made.json()["id"]
        people = entrants(srv, eid, names)
        assert post(org, f"/api/events/{eid}/start").status_code == 200
        first = play_event(srv, org, eid, people, random.Random(4), batches=2)
        assert [len(b) for b in first] == [6, 6]  # everyone seated again at once
        assert post(org, f"/api/events/{eid}/end").status_code == 200
        play_event(srv, org, eid, people, random.Random(5))
        ev = get(org, f"/api/events/{eid}")
        assert ev["state"] == "over"
        rows = get(org, f"/api/events/{eid}/standings")["rows"]
        assert sorted(r["name"] for r in rows) == names
        assert sum(r["points"] for r in rows) == sum(r["tables"] for r in rows) / 2
        for c, _ in people:
            c.close()
        assert not srv.log.tracebacks()


def test_a_duplicate_event_of_four_at_the_table(tmp_path: Path) -> None:
    """Four at the table (N1, N3): the organiser chooses Ulti for four; each deal's dealer
    sits out and is compared with nobody on that deal (a seat's top counts only the deals it
    played)."""
    names = [f"N{i}" for i in range(6)]
    with Running(db(tmp_path)) as srv, client(srv) as org:
        organiser(srv, org)
        body = {"name": "Négyes", "game": "ulti4", "deals": 4, "rounds": 1, "bot_spec": "rules"}
        eid = post(org, "/api/events", body).json()["id"]
        people = entrants(srv, eid, names)
        assert post(org, f"/api/events/{eid}/start").status_code == 200
        ev = get(org, f"/api/events/{eid}")
        assert len(ev["tables"]) == 2 and all(len(t["players"]) == 4 for t in ev["tables"])
        play_event(srv, org, eid, people, random.Random(6))
        rows = get(org, f"/api/events/{eid}/standings")["rows"]
        assert sorted(r["name"] for r in rows) == names
        # 4 deals, each seat sits one out: 3 boards played, each against one other table
        assert {(r["boards"], r["top"]) for r in rows} == {(3, 3)}
        for c, _ in people:
            c.close()
        assert not srv.log.tracebacks()


def test_an_event_never_waits_on_someone_who_left(tmp_path: Path) -> None:
    """An event with clocks whose four people never come to their tables: every move of
    theirs is made when their clock runs out, the round ends, the event ends, the event page
    marks each table's timeouts, and the standings rank all four."""
    with Running(db(tmp_path)) as srv, client(srv) as org:
        organiser(srv, org)
        body = {"name": "Óra", "game": "ulti", "deals": 3, "rounds": 1, "bot_spec": "rules"}
        body["clock"] = {"reserve": 1, "increment": 0.2}
        eid = post(org, "/api/events", body).json()["id"]
        people = [client(srv) for _ in range(4)]
        for i, c in enumerate(people):
            register(c, f"T{i}")
            assert post(c, f"/api/events/{eid}/register").status_code == 200
        assert post(org, f"/api/events/{eid}/start").status_code == 200
        tables = get(org, f"/api/events/{eid}")["tables"]
        wait_until(
            lambda: get(org, f"/api/events/{eid}")["state"] == "over", "the event", timeout=240
        )
        live = [srv.app.state.tables.get(t["id"]) for t in tables]
        assert all(t.clocks is not None and sum(t.clocks.timeouts) > 0 for t in live)
        assert len(get(org, f"/api/events/{eid}/standings")["rows"]) == 4
        for c in people:
            c.close()
        assert not srv.log.tracebacks()


def test_a_player_who_leaves_is_replaced_at_once_and_a_late_joiner_waits(
    tmp_path: Path,
) -> None:
    """Swiss, 6 people: one leaves in round 1 — a computer player takes the seat at once for
    the rest of the round (the deals it plays are not the leaver's) and sits for them in
    round 2; a seventh registers during round 1 and is seated from round 2."""
    names = [f"L{i}" for i in range(6)]
    with Running(db(tmp_path)) as srv, client(srv) as org, client(srv) as late:
        organiser(srv, org)
        body = {"name": "Ki-be", "kind": "swiss", "game": "ulti", "deals": 3, "rounds": 2}
        eid = post(org, "/api/events", {**body, "bot_spec": "rules"}).json()["id"]
        people = entrants(srv, eid, names)
        assert post(org, f"/api/events/{eid}/start").status_code == 200
        leaver, rest = people[0], people[1:]
        [mine] = [t for t in get(leaver[0], f"/api/events/{eid}")["tables"] if t["mine"]]
        left = post(leaver[0], f"/api/events/{eid}/leave")
        assert left.status_code == 200, left.text
        assert left.json()["me"]["left"] is True
        table = srv.app.state.tables.get(mine["id"])
        seat = [s["name"] for s in table.stored.seats].index("L0")
        assert table.stored.seats[seat]["kind"] == "bot"  # at once, not after a window
        register(late, "Késő")
        assert post(late, f"/api/events/{eid}/register").status_code == 200
        play_event(srv, org, eid, rest, random.Random(8), batches=1)
        ev = get(org, f"/api/events/{eid}")
        assert ev["round"] == 2
        seated = {p for t in ev["tables"] for p in t["players"] if p is not None}
        assert "Késő" in seated and "L0" not in seated
        play_event(srv, org, eid, [*rest, (late, "Késő")], random.Random(9))
        rows = {r["name"]: r for r in get(org, f"/api/events/{eid}/standings")["rows"]}
        assert rows["L0"]["points"] == 0 and rows["L0"]["tables"] == 0  # gave its table up
        assert rows["Késő"]["tables"] == 1
        for c, _ in people:
            c.close()
        assert not srv.log.tracebacks()
